// The one unusual-day rule (src/shared/unusualDays.ts) held to a reference computed here independently: the compared
// days are found by stepping back a week at a time, and median, MAD and mean come from simple-statistics. Generated
// months with known weekday patterns, missing days, future days, zero weeks and counters near 2^53.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { judgeDay, MIN_DIFFERENCE, MIN_SAME_WEEKDAYS, unusualDaysOfMonth } from '../../../src/shared/unusualDays.js';
import { DAY_MS, generate, idOf, msOf, type Generated } from './support/generatedMonths.js';

// simple-statistics is an ES module; this file loads it the way Node allows from here.
const loading = import('simple-statistics');
let mean: Awaited<typeof loading>['mean'];
let median: Awaited<typeof loading>['median'];
let medianAbsoluteDeviation: Awaited<typeof loading>['medianAbsoluteDeviation'];
before(async () => {
  ({ mean, median, medianAbsoluteDeviation } = await loading);
});

interface Expected {
  direction: 'high' | 'low';
  median: number;
  compared: number;
}

/** The reference: written from the method's statement, sharing nothing with the code under test. */
function reference(g: Generated): Map<string, Expected> {
  const known = new Map([...g.previous, ...g.month].filter((d) => !d.future).map((d) => [d.dateId, d.callLegs]));
  const firstCompared = msOf(`${g.previous[0]!.dateId.slice(0, 6)}01`);
  const out = new Map<string, Expected>();
  for (const d of g.month) {
    if (d.future) continue;
    const values: number[] = [];
    for (let t = msOf(d.dateId) - 7 * DAY_MS; t >= firstCompared; t -= 7 * DAY_MS) {
      const v = known.get(idOf(t));
      if (v !== undefined) values.push(v);
    }
    if (values.length < 3) continue;
    const med = median(values);
    const mad = medianAbsoluteDeviation(values);
    const meanDev = mean(values.map((v) => Math.abs(v - med)));
    const diff = d.callLegs - med;
    const z =
      mad !== 0 ? (0.6745 * diff) / mad : meanDev !== 0 ? diff / (1.253314 * meanDev) : diff === 0 ? 0 : diff * Number.POSITIVE_INFINITY;
    if (Math.abs(z) <= 3.5 || Math.abs(diff) < 10) continue;
    if (diff < 0 && d.dateId === g.currentDateId) continue;
    out.set(d.dateId, { direction: diff > 0 ? 'high' : 'low', median: med, compared: values.length });
  }
  return out;
}

function actual(g: Generated, withPrevious = true): Map<string, Expected> {
  const found = unusualDaysOfMonth({ currentDateId: g.currentDateId, days: g.month }, withPrevious ? g.previous : []);
  return new Map([...found].map(([id, u]) => [id, { direction: u.direction, median: u.median, compared: u.compared }]));
}

// Weekdays busy, Saturday quieter, Sunday quiet: a pattern the old "3× the month's median" rule could not see.
const office = (w: number): number => [20, 200, 210, 205, 190, 180, 60][w]!;

void describe('unusual days (shared rule)', () => {
  void it('agrees with the independent reference on generated months with a weekday pattern', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const g = generate('202603', { seed, level: office, spread: 30 });
      assert.deepEqual(actual(g), reference(g), `seed ${seed}`);
    }
  });

  void it('finds a planted high and low day and says why', () => {
    // Tuesday 2026-03-17 at 412 and Thursday 2026-03-19 at 20, against a steady office rhythm.
    const g = generate('202603', { seed: 7, level: office, spread: 10, override: { '20260317': 412, '20260319': 20 } });
    const found = unusualDaysOfMonth({ currentDateId: g.currentDateId, days: g.month }, g.previous);
    assert.deepEqual(actual(g), reference(g));
    const tue = found.get('20260317');
    assert.equal(tue?.direction, 'high');
    assert.equal(tue?.weekday, 2);
    assert.equal(tue?.compared, 6, 'two Tuesdays of March before the 17th and four of February');
    assert.ok(tue && tue.usualLow <= tue.median && tue.median <= tue.usualHigh && tue.usualHigh < 412);
    assert.equal(found.get('20260319')?.direction, 'low');
    // A Sunday at 60 is a plain Saturday, but unusual for a Sunday.
    const sunday = generate('202603', { seed: 7, level: office, spread: 5, override: { '20260322': 60 } });
    assert.equal(
      unusualDaysOfMonth({ currentDateId: sunday.currentDateId, days: sunday.month }, sunday.previous).get('20260322')?.direction,
      'high',
    );
  });

  void it('skips missing days, never judges future days, and needs three earlier same weekdays', () => {
    const missing = ['20260203', '20260210', '20260217', '20260303', '20260310'];
    const g = generate('202603', {
      seed: 3,
      level: office,
      spread: 10,
      currentDateId: '20260320',
      missing,
      override: { '20260317': 900, '20260324': 900 },
    });
    assert.deepEqual(actual(g), reference(g));
    const found = actual(g);
    // Only 20260224 is a Tuesday left before the 17th: too few to say anything.
    assert.equal(found.has('20260317'), false);
    assert.equal(found.has('20260324'), false, 'the 24th is in the future: no data yet, never unusual');
    assert.ok([...found.keys()].every((id) => id <= '20260320'));
    // The first week of a month without the month before: nothing to compare with.
    const alone = actual(generate('202603', { seed: 3, level: office, spread: 10, override: { '20260302': 5000 } }), false);
    assert.equal(alone.has('20260302'), false);
    assert.equal(judgeDay({ dateId: '20260302', callLegs: 5000 }, [{ dateId: '20260223', callLegs: 1 }]), undefined);
    assert.equal(MIN_SAME_WEEKDAYS, 3);
  });

  void it('the current day is judged for high only (it is not over)', () => {
    const low = generate('202603', { seed: 5, level: office, spread: 10, currentDateId: '20260318', override: { '20260318': 0 } });
    assert.equal(actual(low).has('20260318'), false);
    assert.deepEqual(actual(low), reference(low));
    const high = generate('202603', { seed: 5, level: office, spread: 10, currentDateId: '20260318', override: { '20260318': 999 } });
    assert.equal(actual(high).get('20260318')?.direction, 'high');
  });

  void it('zero weeks: a closed week is low, a quiet instance never flags a single call, MAD = 0 has its rules', () => {
    // A week of zeros in an office month (a holiday): each of its working days is low.
    const zeros = Object.fromEntries(['20260316', '20260317', '20260318', '20260319', '20260320'].map((id) => [id, 0]));
    const closed = generate('202603', { seed: 11, level: office, spread: 20, override: zeros });
    assert.deepEqual(actual(closed), reference(closed));
    assert.deepEqual(
      Object.keys(zeros).map((id) => actual(closed).get(id)?.direction),
      ['low', 'low', 'low', 'low', 'low'],
    );
    // An instance with no traffic at all, then a few calls: under the minimum difference, never unusual.
    const quiet = generate('202603', { seed: 2, level: () => 0, spread: 0, override: { '20260325': MIN_DIFFERENCE - 1 } });
    assert.deepEqual(actual(quiet), new Map());
    // Every compared day equal (MAD and mean deviation 0): any difference of at least the minimum counts.
    const flat = generate('202603', { seed: 2, level: () => 0, spread: 0, override: { '20260325': MIN_DIFFERENCE } });
    assert.deepEqual(actual(flat), reference(flat));
    const verdict = unusualDaysOfMonth({ currentDateId: flat.currentDateId, days: flat.month }, flat.previous).get('20260325');
    assert.equal(verdict?.scale, 'none');
    assert.deepEqual([verdict?.usualLow, verdict?.usualHigh], [0, MIN_DIFFERENCE - 1]);
    // MAD 0 but not all equal: the mean absolute deviation (from the median) × 1.253314 is the scale.
    const history = [100, 100, 100, 100, 160].map((callLegs, i) => ({ dateId: `202603${String(2 + 7 * i).padStart(2, '0')}`, callLegs }));
    const meanDev = mean([0, 0, 0, 0, 60]);
    const limit = 100 + 3.5 * 1.253314 * meanDev; // 184.2…
    assert.equal(judgeDay({ dateId: '20260406', callLegs: Math.floor(limit) }, history), undefined);
    const over = judgeDay({ dateId: '20260406', callLegs: Math.floor(limit) + 1 }, history);
    assert.equal(over?.scale, 'meanDeviation');
    assert.equal(over?.usualHigh, Math.floor(limit));
  });

  void it('big counters near 2^53 are judged like small ones', () => {
    const big = 2 ** 52;
    const g = generate('202603', {
      seed: 9,
      level: (w) => big + office(w) * 1000,
      spread: 20_000,
      override: { '20260318': big + 205_000 + 5_000_000 },
    });
    assert.deepEqual(actual(g), reference(g));
    assert.equal(actual(g).get('20260318')?.direction, 'high');
  });

  void it('the usual range is exactly what the rule calls usual: its ends pass, one beyond is flagged', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const g = generate('202603', { seed, level: office, spread: 25 + seed * 3 });
      const history = [...g.previous, ...g.month];
      for (const d of g.month) {
        const probe = judgeDay({ dateId: d.dateId, callLegs: 1e9 }, history);
        if (!probe) continue;
        const { usualLow, usualHigh } = probe;
        assert.equal(judgeDay({ dateId: d.dateId, callLegs: usualHigh }, history), undefined, `${d.dateId} ${usualHigh}`);
        assert.equal(judgeDay({ dateId: d.dateId, callLegs: usualHigh + 1 }, history)?.direction, 'high');
        assert.equal(judgeDay({ dateId: d.dateId, callLegs: usualLow }, history), undefined);
        if (usualLow > 0) assert.equal(judgeDay({ dateId: d.dateId, callLegs: usualLow - 1 }, history)?.direction, 'low');
      }
    }
  });

  void it('scaled to part of a day: compared days shrink with the share, low waits for a quarter of the day', () => {
    const fridays = ['20261030', '20261106', '20261113', '20261120'];
    const history = [80, 100, 60, 90].map((callLegs, i) => ({ dateId: fridays[i]!, callLegs }));
    // Friday 2026-11-27 at noon: the Fridays scaled by ½ have median 42.5.
    const half = judgeDay({ dateId: '20261127', callLegs: 90 }, history, { share: 0.5 });
    assert.equal(half?.direction, 'high');
    assert.equal(half?.median, 42.5);
    assert.equal(judgeDay({ dateId: '20261127', callLegs: 90 }, history), undefined, 'a whole day of 90 is usual');
    assert.equal(judgeDay({ dateId: '20261127', callLegs: 0 }, history, { share: 0.2 }), undefined);
    assert.equal(judgeDay({ dateId: '20261127', callLegs: 0 }, history, { share: 0.5 })?.direction, 'low');
  });
});
