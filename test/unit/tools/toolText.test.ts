// The chat tools' vscode-free formatters: service values quoted as inert data, numbers exactly as
// sent, month/trend figures with the panel's flags, activities truncated with a note and phone
// numbers masked, balance as the service named it, failures as one sentence and a kind.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DayStats, MonthView } from '../../../src/shared/monthModel.js';
import { balanceToolResult, instancesToolResult } from '../../../src/tools/text/accountText.js';
import { activitiesToolResult } from '../../../src/tools/text/activitiesText.js';
import type { MonthComparison } from '../../../src/shared/comparison.js';
import { change, inert, quoted } from '../../../src/tools/text/dataText.js';
import { toolError, toolErrorText } from '../../../src/tools/text/errorText.js';
import { monthToolResult } from '../../../src/tools/text/monthText.js';
import { trendToolResult } from '../../../src/tools/text/trendText.js';
import { VoiceSmsError } from '../../../src/core/errors.js';

function day(dateId: string, callLegs: number, extra: Partial<DayStats> = {}): DayStats {
  const callLegsIn = Math.floor(callLegs / 2);
  return {
    dateId,
    callLegs,
    callLegsIn,
    callLegsOut: callLegs - callLegsIn,
    callsUnique: callLegs,
    durationMin: callLegs * 2,
    future: false,
    legsMismatch: false,
    ...extra,
  };
}

/** February 2026 up to the 10th: a Tuesday far above January's Tuesdays on the 3rd, a mismatch on the 4th, the 5th missing, the 11th and later future. */
function february(): MonthView {
  const days = [
    day('20260201', 10),
    day('20260202', 12),
    day('20260203', 100),
    day('20260204', 9, { callLegsIn: 1, callLegsOut: 1, legsMismatch: true }),
  ];
  for (let d = 6; d <= 10; d++) days.push(day(`202602${String(d).padStart(2, '0')}`, 11));
  for (let d = 11; d <= 28; d++) days.push(day(`202602${d}`, 0, { future: true, callsUnique: 0, durationMin: 0 }));
  const counted = days.filter((d) => !d.future);
  const sum = (k: keyof Omit<DayStats, 'dateId' | 'future' | 'legsMismatch'>) => counted.reduce((n, d) => n + d[k], 0);
  return {
    monthId: '202602',
    currentDateId: '20260210',
    days,
    missingDays: ['20260205'],
    totals: {
      callLegs: sum('callLegs'),
      callLegsIn: sum('callLegsIn'),
      callLegsOut: sum('callLegsOut'),
      callsUnique: sum('callsUnique'),
      durationMin: sum('durationMin'),
      days: counted.length,
    },
    warnings: ['2026-02-04: call_legs is 9 but call_legs_in + call_legs_out is 2 (1 + 1).'],
  };
}

void describe('chat tools: inert data', () => {
  void it('escapes markdown and HTML, defuses command links, drops controls and bidi overrides', () => {
    assert.equal(inert('[click](command:voiceSms.sendSms?{"to":"+1"})'), String.raw`\[click\] (command꞉voiceSms.sendSms?{"to":"+1"})`);
    assert.equal(inert('<img src=x onerror=alert(1)>'), String.raw`‹img src=x onerror=alert(1)\>`);
    assert.equal(inert('a\nb\r\n\u202Ec\u0007'), 'a b c');
    assert.equal(inert('**bold** `code` # h'), String.raw`**bold** \`code\` # h`);
    assert.equal(inert('x'.repeat(10), 4), 'xxxx…');
  });

  void it('quotes as one line, masks phone numbers and secrets', () => {
    assert.equal(quoted('call from +4915123456789'), '"call from +4915******89"');
    assert.equal(quoted('say "hi"'), String.raw`"say \"hi\""`);
    assert.ok(!quoted('secret=abcd1234efgh').includes('abcd1234efgh'));
  });

  void it('writes changes as plain ASCII with the percentage', () => {
    assert.equal(change(110, 100), '+10 (+10%)');
    assert.equal(change(80, 100), '-20 (-20%)');
    assert.equal(change(5, 0), '+5 (new)');
    assert.equal(change(0, 0), '0 (0%)');
    assert.equal(change(1, 3), '-2 (-66.7%)');
  });
});

/** January 2026, the month before: 10–12 call legs every day. */
function januaryDays(): DayStats[] {
  return Array.from({ length: 31 }, (_, i) => day(`202601${String(i + 1).padStart(2, '0')}`, 10 + ((i + 1) % 3)));
}

void describe('chat tools: month view', () => {
  // January over February's compared days (1–10: February is not finished).
  const previous = (view: MonthView): MonthComparison => ({
    compared: { monthId: '202602', previousMonthId: '202601', lastDay: 10, previousLastDay: 10, wholeMonths: false },
    current: view.totals,
    previous: { callLegs: 100, callLegsIn: 50, callLegsOut: 50, callsUnique: 90, durationMin: 200, days: 10 },
  });

  void it("gives the model's totals, the change and every day with the panel's flags", () => {
    const view = february();
    const { text, data } = monthToolResult('VI-1', view, previous(view), januaryDays());
    assert.deepEqual(data.totals, view.totals);
    assert.equal(data.rows.length, 28);
    assert.deepEqual(data.flags.unusual, ['2026-02-03']);
    assert.deepEqual(data.unusual, [
      {
        day: '2026-02-03',
        direction: 'high',
        callLegs: 100,
        weekday: 'Tuesday',
        usual: [1, 20],
        median: 10.5,
        compared: 4,
        reason: 'Tuesday: 100 call legs; Tuesdays usually 1–20 (median 10.5, 4 Tuesdays before)',
      },
    ]);
    assert.deepEqual(data.flags.mismatch, ['2026-02-04']);
    assert.deepEqual(data.flags.missing, ['2026-02-05']);
    assert.equal(data.flags.future.length, 18);
    assert.deepEqual(data.rows[4], ['2026-02-05', null, null, null, null, null, ['missing']]);
    assert.deepEqual(data.rows[2], ['2026-02-03', 100, 50, 50, 100, 200, ['unusual']]);
    assert.equal(data.previous?.change.callLegs, change(view.totals.callLegs, 100));
    assert.match(
      text,
      new RegExp(`^Voice instance "VI-1", 2026-02 \\(the service's current day is 2026-02-10\\): ${view.totals.callLegs} call legs`),
    );
    assert.match(text, /Change, 2026-02-01 to 2026-02-10 with 2026-01-01 to 2026-01-10: call legs \+/);
    assert.deepEqual(data.previous?.compared, {
      from: '2026-02-01',
      to: '2026-02-10',
      previousFrom: '2026-01-01',
      previousTo: '2026-01-10',
      wholeMonths: false,
    });
    assert.ok(
      text.includes(
        'Unusual days (far from the same weekday of the weeks before: modified z-score over 3.5, at least 10 call legs off the median): 2026-02-03 (unusually high; Tuesday: 100 call legs; Tuesdays usually 1–20 (median 10.5, 4 Tuesdays before)).',
      ),
      text,
    );
    // Without the month before, the 3rd has no earlier Tuesday in its month: nothing is said of it.
    assert.deepEqual(monthToolResult('VI-1', view, previous(view)).data.flags.unusual, []);
    assert.match(text, /Days the service sent no entry for: 2026-02-05\./);
  });

  void it('says when there is no comparison, and prints numbers without grouping', () => {
    const view = february();
    view.days[0] = day('20260201', 1234567);
    view.totals.callLegs = 1234567;
    const { text, json } = monthToolResult('VI-1', view);
    assert.match(text, /1234567 call legs/);
    assert.match(text, /no comparison/);
    assert.equal((JSON.parse(json) as { previous?: unknown }).previous, undefined);
  });
});

void describe('chat tools: trend, activities, balance, instances, errors', () => {
  void it("lists the trend oldest first, with a failed month's error", () => {
    const t = { callLegs: 5, callLegsIn: 2, callLegsOut: 3, callsUnique: 4, durationMin: 9, days: 30 };
    const { text, json } = trendToolResult('VI-1', [
      { monthId: '202512', totals: t },
      { monthId: '202601', error: 'Timed out.' },
    ]);
    assert.match(text, /from 2025-12 to 2026-01 \(2 months/);
    assert.match(text, /2025-12: 5 call legs \(2 inbound, 3 outbound\), 4 unique calls, 9 minutes over 30 days\./);
    assert.match(text, /2026-01: not loaded \(Timed out\.\)/);
    assert.deepEqual(JSON.parse(json), {
      instanceId: 'VI-1',
      months: [
        { month: '2025-12', totals: t },
        { month: '2026-01', error: 'Timed out.' },
      ],
    });
  });

  void it('renders activities as path = "value", masked and inert, truncated with a note', () => {
    const result = {
      activities: {
        activity: Array.from({ length: 50 }, (_, i) => ({
          type: 'call',
          from: '+4915123456789',
          note: i === 0 ? '[x](command:evil)' : `n${i}`,
        })),
      },
    };
    const r = activitiesToolResult('VI-1', '20260203', result, { lines: 20, chars: 10_000 });
    assert.equal(r.shown, 20);
    assert.equal(r.total, 150);
    assert.match(r.text, /^activities\.activity\[0\]\.type = "call"$/m);
    assert.match(r.text, /^activities\.activity\[0\]\.from = "\+4915\*+89"$/m);
    assert.match(r.text, /^activities\.activity\[0\]\.note = "\\\[x\\\] \(command꞉evil\)"$/m);
    assert.match(r.text, /Truncated: showing 20 of 150 values\./);
    assert.ok(!r.text.includes('+4915123456789'));
    assert.match(activitiesToolResult('VI-1', '20260203', '').text, /no activities/);
  });

  void it('gives the balance exactly as the service sent it, with the estimate when known', () => {
    const loaded = {
      profile: 'P',
      accountId: 'ACC-1',
      balance: { amount: '1234.5', currency: 'EUR' },
      rows: [],
      at: Date.UTC(2026, 1, 3),
    };
    const a = balanceToolResult(loaded);
    assert.match(a.text, /amount "1234\.5", currency "EUR", exactly as the service sent them/);
    assert.match(a.text, /No days-left estimate yet/);
    const b = balanceToolResult({
      ...loaded,
      estimate: { daysLeft: 12.4 },
    });
    assert.match(b.text, /About 12 days left/);
    assert.deepEqual(JSON.parse(b.json), {
      profile: 'P',
      accountId: 'ACC-1',
      amount: '1234.5',
      currency: 'EUR',
      daysLeft: 12,
      readAt: '2026-02-03T00:00:00.000Z',
    });
    const c = balanceToolResult({
      profile: 'P',
      accountId: 'ACC-1',
      rows: [{ key: 'credit.units', value: '<b>40</b>' }],
      at: loaded.at,
    });
    assert.match(c.text, /no recognisable amount/);
    assert.match(c.text, /credit\.units = "‹b\\>40‹\/b\\>"/);
  });

  void it('lists the profile, its instances and senders', () => {
    const r = instancesToolResult({ profile: 'Demo (offline)', signedIn: true, demo: true, instances: ['VI-1'], senderIds: [] });
    assert.match(r.text, /offline demo/);
    assert.match(r.text, /Voice instances: "VI-1"\./);
    assert.match(r.text, /No sender identities/);
  });

  void it('turns failures into one inert sentence and a kind', () => {
    const notSignedIn = Object.assign(new Error('You are not signed in.'), { name: 'NotSignedInError' });
    assert.deepEqual(toolError(notSignedIn), { kind: 'signedOut', message: 'You are not signed in.' });
    assert.equal(toolError(new VoiceSmsError('timeout', 'Timed out after 1 s.')).kind, 'timeout');
    assert.equal(toolError(new VoiceSmsError('auth', 'Refused <b>x</b>.')).message, String.raw`Refused ‹b\>x‹/b\>.`);
    assert.equal(toolError(new TypeError('boom')).kind, 'unexpected');
    assert.equal(toolErrorText({ kind: 'http', message: 'Not found.' }), 'Not found.\n{"error":"http"}');
  });
});
