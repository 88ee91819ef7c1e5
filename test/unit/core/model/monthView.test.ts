import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { monthViewFromResult } from '../../../../src/core/model/monthView.js';
import { assertSuccess, parseEnvelope } from '../../../../src/core/xml/envelope.js';

type Counts = [legs: number | string, legsIn: number | string, legsOut: number | string, unique: number | string, minutes: number | string];

function day(dateId: string, [legs, legsIn, legsOut, unique, minutes]: Counts): string {
  return (
    `<date dateID="${dateId}"><call_legs>${legs}</call_legs><call_legs_in>${legsIn}</call_legs_in>` +
    `<call_legs_out>${legsOut}</call_legs_out><calls_unique>${unique}</calls_unique><duration_min>${minutes}</duration_min></date>`
  );
}

/** The `<result>` tree exactly as the client would hand it over. */
function result(currentDateId: string, days: string[]): unknown {
  const xml =
    `<response><status><code>200</code></status><result><monthView><currentDateID>${currentDateId}</currentDateID>` +
    `<calls>${days.join('')}</calls></monthView></result></response>`;
  return assertSuccess(parseEnvelope(xml)).result;
}

/** All 30 days of June 2024 in the given order, with traffic only up to `current`. */
function june(order: 'newest' | 'oldest' | 'shuffled', current = 15): string[] {
  const ids = Array.from({ length: 30 }, (_, i) => i + 1);
  const ordered = order === 'newest' ? ids.reverse() : order === 'oldest' ? ids : ids.map((n) => (n * 7) % 30 || 30);
  return ordered.map((n) => day(`202406${String(n).padStart(2, '0')}`, n <= current ? [n * 3, n * 2, n, n, n * 10] : [0, 0, 0, 0, 0]));
}

function assertParseError(fn: () => unknown, ...patterns: RegExp[]): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(isVoiceSmsError(e, 'parse'), `expected a parse error, got ${String(e)}`);
    for (const p of patterns) assert.match(e.message, p);
    return true;
  });
}

void describe('monthViewFromResult', () => {
  void it('reads the shared fixture: 30 days ascending, 15 future, totals over the first 15 days', () => {
    const xml = readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'monthView.xml'), 'utf8');
    const view = monthViewFromResult(assertSuccess(parseEnvelope(xml)).result, '202406');
    assert.equal(view.monthId, '202406');
    assert.equal(view.currentDateId, '20240615');
    assert.equal(view.days.length, 30);
    assert.equal(view.days[0]?.dateId, '20240601');
    assert.equal(view.days[29]?.dateId, '20240630');
    assert.equal(view.days.filter((d) => d.future).length, 15);
    assert.deepEqual(view.missingDays, []);
    assert.deepEqual(view.warnings, []);
    assert.deepEqual(view.totals, { callLegs: 863, callLegsIn: 561, callLegsOut: 302, callsUnique: 532, durationMin: 2453, days: 15 });
    const silent = view.days.find((d) => d.dateId === '20240609');
    assert.deepEqual(silent, {
      dateId: '20240609',
      callLegs: 0,
      callLegsIn: 0,
      callLegsOut: 0,
      callsUnique: 0,
      durationMin: 0,
      future: false,
      legsMismatch: false,
    });
  });

  void it('sorts days ascending whatever order they arrive in', () => {
    for (const order of ['newest', 'oldest', 'shuffled'] as const) {
      const ids = monthViewFromResult(result('20240615', june(order)), '202406').days.map((d) => d.dateId);
      assert.equal(ids.length, 30, order);
      assert.deepEqual(ids, [...ids].sort(), order);
    }
  });

  void it('converts the counters to numbers', () => {
    const view = monthViewFromResult(result('20240615', [day('20240603', ['010', 7, 3, 4, 125])]), '202406');
    assert.deepEqual(view.days[0], {
      dateId: '20240603',
      callLegs: 10,
      callLegsIn: 7,
      callLegsOut: 3,
      callsUnique: 4,
      durationMin: 125,
      future: false,
      legsMismatch: false,
    });
  });

  void it('flags days after currentDateID as future (the current day itself is not) and keeps them out of the totals', () => {
    const view = monthViewFromResult(
      result('20240615', [day('20240614', [3, 2, 1, 1, 5]), day('20240615', [4, 2, 2, 2, 6]), day('20240616', [100, 50, 50, 10, 999])]),
      '202406',
    );
    assert.deepEqual(
      view.days.map((d) => [d.dateId, d.future]),
      [
        ['20240614', false],
        ['20240615', false],
        ['20240616', true],
      ],
    );
    assert.deepEqual(view.totals, { callLegs: 7, callLegsIn: 4, callLegsOut: 3, callsUnique: 3, durationMin: 11, days: 2 });
    assert.ok(view.warnings.some((w) => /2024-06-16 is after the current day 2024-06-15 but reports traffic/.test(w)));
  });

  void it('treats every day of a past month as non-future and of a later month as future', () => {
    const past = monthViewFromResult(result('20240702', june('newest', 30)), '202406');
    assert.equal(past.days.filter((d) => d.future).length, 0);
    assert.equal(past.totals.days, 30);
    const ahead = monthViewFromResult(result('20240520', june('newest', 0)), '202406');
    assert.equal(ahead.days.filter((d) => d.future).length, 30);
    assert.deepEqual(ahead.totals, { callLegs: 0, callLegsIn: 0, callLegsOut: 0, callsUnique: 0, durationMin: 0, days: 0 });
    assert.deepEqual(ahead.missingDays, []);
  });

  void it('detects missing days up to the current day and warns about them', () => {
    const days = june('newest').filter((d) => !/2024060[35]"|20240620"/.test(d));
    const view = monthViewFromResult(result('20240615', days), '202406');
    // 20 June is absent too, but it has not happened yet, so it is not "missing".
    assert.deepEqual(view.missingDays, ['20240603', '20240605']);
    assert.equal(view.days.length, 27);
    assert.ok(view.warnings.includes('No data for 2 days: 2024-06-03, 2024-06-05.'), view.warnings.join('\n'));
  });

  void it('reports every day of a month with an empty <calls/> as missing', () => {
    const view = monthViewFromResult(result('20240702', []), '202402');
    assert.equal(view.days.length, 0);
    assert.equal(view.missingDays.length, 29);
    assert.ok(view.warnings.some((w) => w.startsWith('No data for 29 days:') && w.endsWith('and 19 more.')));
  });

  void it('keeps a single <date> as one day', () => {
    const view = monthViewFromResult(result('20240601', [day('20240601', [1, 1, 0, 1, 2])]), '202406');
    assert.equal(view.days.length, 1);
    assert.equal(view.totals.callLegs, 1);
  });

  void it('flags call_legs != in + out per day with a warning, without failing', () => {
    const view = monthViewFromResult(result('20240615', [day('20240602', [10, 4, 5, 3, 20]), day('20240601', [9, 4, 5, 3, 20])]), '202406');
    assert.deepEqual(
      view.days.map((d) => [d.dateId, d.legsMismatch]),
      [
        ['20240601', false],
        ['20240602', true],
      ],
    );
    assert.ok(
      view.warnings.includes('2024-06-02: call_legs is 10 but call_legs_in + call_legs_out is 9 (4 + 5).'),
      view.warnings.join('\n'),
    );
    assert.equal(view.totals.callLegs, 19);
  });

  void it('refuses a non-integer counter, naming the day and the field', () => {
    for (const bad of ['1.5', '-3', 'abc', '', '1e3', '0x10', ' 12 ab', '99999999999999999999']) {
      const days = [day('20240601', [1, 1, 0, 1, 2]), day('20240602', [2, 1, 1, 1, bad])];
      assertParseError(() => monthViewFromResult(result('20240615', days), '202406'), /20240602/, /duration_min/);
    }
    assertParseError(
      () => monthViewFromResult(result('20240615', [day('20240607', ['2.10', 1, 1, 1, 1])]), '202406'),
      /Day 20240607: call_legs is "2\.10"/,
    );
  });

  void it('refuses a day without a counter, naming day and field', () => {
    const xml =
      '<date dateID="20240604"><call_legs>1</call_legs><call_legs_in>1</call_legs_in><call_legs_out>0</call_legs_out><duration_min>3</duration_min></date>';
    assertParseError(() => monthViewFromResult(result('20240615', [xml]), '202406'), /20240604/, /calls_unique is missing/);
  });

  void it('refuses entries with a missing or malformed dateID and a bad currentDateID', () => {
    assertParseError(() => monthViewFromResult(result('20240615', ['<date><call_legs>1</call_legs></date>']), '202406'), /dateID/);
    assertParseError(() => monthViewFromResult(result('20240615', [day('2024-06-01', [1, 1, 0, 1, 1])]), '202406'), /dateID/);
    assertParseError(() => monthViewFromResult(result('20240631', []), '202406'), /currentDateID/);
  });

  void it('refuses a result without a month view or without calls', () => {
    assertParseError(() => monthViewFromResult('', '202406'), /monthView/);
    assertParseError(() => monthViewFromResult(undefined, '202406'), /monthView/);
    assertParseError(() => monthViewFromResult({ monthView: { currentDateID: '20240601' } }, '202406'), /calls/);
  });

  void it('ignores duplicates and days of another month with a warning', () => {
    const view = monthViewFromResult(
      result('20240615', [day('20240601', [2, 1, 1, 1, 1]), day('20240601', [50, 25, 25, 1, 1]), day('20240701', [7, 7, 0, 1, 1])]),
      '202406',
    );
    assert.deepEqual(
      view.days.map((d) => d.callLegs),
      [2],
    );
    assert.ok(view.warnings.includes('Ignored a second entry for 2024-06-01.'));
    assert.ok(view.warnings.some((w) => w.startsWith('Ignored an entry for 2024-07-01')));
  });

  void it('validates the month id it is given', () => {
    assert.throws(
      () => monthViewFromResult(result('20240615', []), '202413'),
      (e: unknown) => isVoiceSmsError(e, 'validation'),
    );
  });
});

void describe('monthViewFromResult: totals beyond 2^53', () => {
  const MAX = Number.MAX_SAFE_INTEGER; // 9007199254740991, the largest counter a day may carry

  void it('sums exactly and warns with the exact figure when a total cannot be shown exactly', () => {
    const v = monthViewFromResult(
      result('20240602', [day('20240601', [MAX, MAX, 0, 1, 2]), day('20240602', [MAX, 0, MAX, 1, 2])]),
      '202406',
    );
    const exact = (2n * BigInt(MAX)).toString(); // 18014398509481982
    assert.equal(v.totals.callLegs, Number(2n * BigInt(MAX)));
    assert.equal(v.totals.callsUnique, 2);
    const overflow = v.warnings.filter((w) => /too large to show exactly/.test(w));
    assert.equal(overflow.length, 1, v.warnings.join('\n'));
    assert.ok(overflow[0]?.includes('call_legs') && overflow[0].includes(exact), overflow[0]);
  });

  void it('names the exact in + out sum in a legs warning past 2^53', () => {
    const v = monthViewFromResult(result('20240601', [day('20240601', [MAX, MAX, 2, 1, 1])]), '202406');
    assert.equal(v.days[0]?.legsMismatch, true);
    assert.ok(
      v.warnings.some((w) => w.includes((BigInt(MAX) + 2n).toString())),
      v.warnings.join('\n'),
    );
  });

  void it('adds no warning for ordinary totals', () => {
    const v = monthViewFromResult(result('20240615', june('newest')), '202406');
    assert.ok(!v.warnings.some((w) => /too large/.test(w)));
  });
});
