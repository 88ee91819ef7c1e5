// The month-end projection (src/shared/projection.ts) held to a reference computed here independently: the weekday
// profile is found by stepping back a week at a time from the last day of each weekday, medians and the errors'
// spread come from simple-statistics. Generated months with known weekday patterns, missing days, future days, zero
// weeks and counters near 2^53; fast-check properties (never below the days so far; a finished month has none).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { DayStats } from '../../../src/shared/monthModel.js';
import {
  PROJECTED_COUNTERS,
  projectMonth,
  type CounterProjection,
  type MonthProjection,
  type ProjectedCounter,
} from '../../../src/shared/projection.js';
import { DAY_MS, idOf, msOf } from './support/generatedMonths.js';
import { months, noonOf, type Month } from './support/projectionMonths.js';

const loading = import('simple-statistics');
let median: Awaited<typeof loading>['median'];
let quantile: Awaited<typeof loading>['quantile'];
let mean: Awaited<typeof loading>['mean'];
before(async () => {
  ({ median, quantile, mean } = await loading);
});

type Expected = Pick<MonthProjection, 'basis' | 'backtestMonths'> & Record<ProjectedCounter, [number, number, number]>;

/** The reference: written from the method's statement, sharing nothing with the code under test. */
function reference(month: Month, finished: readonly Month[], now: number): Expected | undefined {
  const y = Number(month.monthId.slice(0, 4));
  const mo = Number(month.monthId.slice(4, 6));
  const length = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  const today = Number(month.currentDateId.slice(6, 8));
  if (month.currentDateId.slice(0, 6) !== month.monthId) return undefined;
  if (today === length && now >= Date.UTC(y, mo, 1)) return undefined;
  const known = new Map<string, DayStats>();
  for (const m of [...finished.filter((f) => f.monthId < month.monthId), month])
    for (const d of m.days) if (!d.future && d.dateId.startsWith(m.monthId)) known.set(d.dateId, d);
  const dayOf = (monthId: string, day: number): number => Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)) - 1, day);
  const lengthOf = (monthId: string): number =>
    new Date(Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)), 0)).getUTCDate();
  // The weekday medians of the eight weeks before `cut`: from the last day of each weekday, a week at a time.
  const profile = (cut: number, c: ProjectedCounter): number[] | undefined => {
    const meds: number[] = [];
    for (let w = 0; w < 7; w++) {
      const last = cut - ((new Date(cut).getUTCDay() - w + 7) % 7 || 7) * DAY_MS;
      const values: number[] = [];
      for (let k = 0; k < 8; k++) {
        const d = known.get(idOf(last - 7 * k * DAY_MS));
        if (d) values.push(d[c]);
      }
      if (values.length < 3) return undefined;
      meds.push(median(values));
    }
    return meds;
  };
  const counted = (monthId: string, fromDay: number, toDay: number, c: ProjectedCounter): number => {
    let n = 0;
    for (let day = fromDay; day <= toDay; day++) n += known.get(idOf(dayOf(monthId, day)))?.[c] ?? 0;
    return n;
  };
  const todayMs = dayOf(month.monthId, today);
  const wholeSent = month.days.filter((d) => !d.future && d.dateId < month.currentDateId).length;
  if (!profile(todayMs, 'callLegs') && wholeSent === 0) return undefined;
  const out = {} as Expected;
  let backtests = 0;
  for (const c of PROJECTED_COUNTERS) {
    const p = profile(todayMs, c);
    const errors: number[] = [];
    if (p) {
      for (const m of finished.filter((f) => f.monthId < month.monthId).reverse()) {
        if (errors.length === 12) break;
        const len = lengthOf(m.monthId);
        const n = Math.min(today - 1, len);
        const mp = profile(dayOf(m.monthId, n + 1), c);
        if (!mp) continue;
        let projected = counted(m.monthId, 1, n, c);
        for (let day = n + 1; day <= len; day++) projected += mp[new Date(dayOf(m.monthId, day)).getUTCDay()]!;
        errors.push(counted(m.monthId, 1, len, c) - projected);
      }
    }
    backtests = errors.length;
    const soFar = counted(month.monthId, 1, today, c);
    const todaySoFar = known.get(month.currentDateId)?.[c] ?? 0;
    const whole = soFar - todaySoFar;
    const perDay = (day: number): number =>
      p
        ? p[new Date(dayOf(month.monthId, day)).getUTCDay()]!
        : mean(month.days.filter((d) => !d.future && d.dateId < month.currentDateId).map((d) => d[c]));
    let projected = whole + Math.max(todaySoFar, perDay(today));
    for (let day = today + 1; day <= length; day++) projected += perDay(day);
    let [low, high] =
      p && errors.length >= 3
        ? [projected + quantile(errors, 0), projected + quantile(errors, 1)]
        : [soFar + (projected - soFar) / 2, soFar + ((projected - soFar) * 3) / 2];
    low = Math.max(soFar, Math.min(low, projected));
    high = Math.max(high, projected);
    out[c] = [Math.floor(low), Math.round(projected), Math.ceil(high)];
  }
  const hasProfile = profile(todayMs, 'callLegs') !== undefined;
  return { ...out, basis: hasProfile ? 'weekdays' : 'monthSoFar', backtestMonths: hasProfile && backtests >= 3 ? backtests : 0 };
}

function actual(month: Month, finished: readonly Month[], now: number): Expected | undefined {
  const p = projectMonth(month, finished, now);
  if (!p) return undefined;
  const out = { basis: p.basis, backtestMonths: p.backtestMonths } as Expected;
  for (const c of PROJECTED_COUNTERS) out[c] = [p.counters[c].low, p.counters[c].total, p.counters[c].high];
  return out;
}

// Weekdays busy, Saturday quieter, Sunday quiet: the month's mean would overshoot at a month ending in a weekend.
const office = (w: number): number => [20, 200, 210, 205, 190, 180, 60][w]!;

function check(currentDateId: string, opts: Partial<Parameters<typeof months>[0]> = {}): Expected | undefined {
  const g = months({ seed: 1, level: office, spread: 30, currentDateId, before: 15, ...opts });
  const now = noonOf(currentDateId);
  const want = reference(g.month, g.finished, now);
  assert.deepEqual(actual(g.month, g.finished, now), want, currentDateId);
  return want;
}

void describe('month-end projection (shared)', () => {
  void it('agrees with the independent reference on generated months with a weekday pattern, any day of the month', () => {
    let seed = 0;
    for (const current of ['20260301', '20260302', '20260309', '20260315', '20260320', '20260328', '20260330', '20260331', '20261111']) {
      for (let i = 0; i < 4; i++) {
        const want = check(current, { seed: ++seed, spread: 10 + 15 * i });
        assert.equal(want?.basis, 'weekdays');
        assert.equal(want?.backtestMonths, 12, 'the twelve most recent of fifteen');
      }
    }
  });

  void it('projects the remaining days from the weekday profile, not from the month mean', () => {
    // No noise: each weekday is exactly its level, so every backtest misses by nothing and the range is the point.
    const g = months({ seed: 3, level: office, spread: 0, currentDateId: '20260325', before: 4 });
    const p = projectMonth(g.month, g.finished, noonOf('20260325'))!;
    // March 2026: the 26th is a Thursday; 26 Thu, 27 Fri, 28 Sat, 29 Sun, 30 Mon, 31 Tue.
    const rest = office(4) + office(5) + office(6) + office(0) + office(1) + office(2);
    const soFar = g.all.filter((d) => d.dateId.startsWith('202603')).reduce((n, d) => n + d.callLegs, 0);
    assert.deepEqual(p.counters.callLegs, { soFar, total: soFar + rest, low: soFar + rest, high: soFar + rest });
    assert.equal(p.days.length, 7, 'today and the six days after it');
    assert.deepEqual(
      p.days.slice(1).map((d) => d.callLegs),
      [4, 5, 6, 0, 1, 2].map(office),
    );
  });

  void it('missing days, future days and zero weeks', () => {
    const missing = ['20260203', '20260210', '20260217', '20260303', '20260310', '20260311', '20251118'];
    const zeroWeek = Object.fromEntries(
      ['20260209', '20260210', '20260211', '20260212', '20260213', '20260214', '20260215'].map((id) => [id, 0]),
    );
    for (const current of ['20260305', '20260312', '20260318', '20260326']) check(current, { seed: 5, missing, override: zeroWeek });
    // Future days that report traffic (a warning in the model) are still future: never counted, never profiled.
    const g = months({ seed: 6, level: office, spread: 20, currentDateId: '20260318', before: 12 });
    const noisyFuture = { ...g.month, days: g.month.days.map((d) => (d.future ? { ...d, callLegs: 1e6 } : d)) };
    assert.deepEqual(actual(noisyFuture, g.finished, noonOf('20260318')), actual(g.month, g.finished, noonOf('20260318')));
    // An instance with no traffic at all: zero, with a zero range.
    const zero = check('20260318', { level: () => 0, spread: 0 });
    assert.deepEqual(zero?.callLegs, [0, 0, 0]);
  });

  void it('too little history: says so (basis), projects from the month so far with the wide range', () => {
    // Two finished weeks of history only: no weekday has three days before the 10th.
    const g = months({ seed: 8, level: office, spread: 20, currentDateId: '20260310', before: 0 });
    const p = projectMonth(g.month, [], noonOf('20260310'))!;
    assert.equal(p.basis, 'monthSoFar');
    assert.equal(p.backtestMonths, 0);
    assert.deepEqual(actual(g.month, [], noonOf('20260310')), reference(g.month, [], noonOf('20260310')));
    const { soFar, total, low, high } = p.counters.callLegs;
    const meanWhole = mean(g.month.days.filter((d) => d.dateId < '20260310').map((d) => d.callLegs));
    assert.ok(
      Math.abs(total - (soFar - g.month.days[9]!.callLegs + Math.max(g.month.days[9]!.callLegs, meanWhole) + meanWhole * 21)) <= 0.5,
    );
    assert.ok(low < total && total < high);
    // A profile but fewer than three backtested months: the wide range too.
    const short = check('20260318', { before: 2 });
    assert.equal(short?.basis, 'weekdays');
    assert.equal(short?.backtestMonths, 0);
    // The first day with no history: nothing to project from.
    const first = months({ seed: 8, level: office, spread: 20, currentDateId: '20260301', before: 0 });
    assert.equal(projectMonth(first.month, [], noonOf('20260301')), undefined);
  });

  void it('a finished month, a future month and a month on its last day after the clock left it have none', () => {
    const g = months({ seed: 2, level: office, spread: 20, currentDateId: '20260318', before: 12 });
    for (const f of g.finished) assert.equal(projectMonth(f, g.finished, noonOf('20260318')), undefined, f.monthId);
    const future = { monthId: '202604', currentDateId: '20260318', days: [] };
    assert.equal(projectMonth(future, g.finished, noonOf('20260318')), undefined);
    const lastDay = months({ seed: 2, level: office, spread: 20, currentDateId: '20260331', before: 12 });
    assert.ok(projectMonth(lastDay.month, lastDay.finished, noonOf('20260331')), 'on its last day the month is in progress');
    assert.equal(projectMonth(lastDay.month, lastDay.finished, msOf('20260401') + 1000), undefined);
  });

  void it('big counters near 2^53 are projected like small ones', () => {
    const big = 2 ** 49;
    const g = months({ seed: 9, level: (w) => big + office(w) * 1000, spread: 20_000, currentDateId: '20260318', before: 12 });
    const now = noonOf('20260318');
    const want = reference(g.month, g.finished, now)!;
    const got = actual(g.month, g.finished, now)!;
    for (const c of PROJECTED_COUNTERS) {
      for (let i = 0; i < 3; i++) {
        const [a, b] = [got[c][i]!, want[c][i]!];
        assert.ok(Math.abs(a - b) <= Math.abs(b) * 1e-12, `${c}[${i}] ${a} vs ${b}`);
      }
    }
    assert.ok(got.callLegs[1] > 2 ** 53, `the month-end total ${got.callLegs[1]} is past 2^53`);
  });

  void it('properties: never below the days so far, the range holds the projection, a finished month has none', () => {
    const day = fc.integer({ min: 1, max: 28 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 7, maxLength: 7 }),
        fc.integer({ min: 0, max: 3000 }),
        day,
        fc.integer({ min: 0, max: 14 }),
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 20 }),
        (seed, levels, spread, d, before, missingAt) => {
          const currentDateId = `202602${String(d).padStart(2, '0')}`;
          const missing = missingAt.map((k) => idOf(msOf(currentDateId) - k * DAY_MS));
          const g = months({ seed, level: (w) => levels[w]!, spread, currentDateId, before, missing });
          const now = noonOf(currentDateId);
          const p = projectMonth(g.month, g.finished, now);
          for (const f of g.finished) assert.equal(projectMonth(f, g.finished, now), undefined);
          if (!p) return;
          for (const c of PROJECTED_COUNTERS) {
            const { soFar, total, low, high }: CounterProjection = p.counters[c];
            const counted = g.month.days.filter((x) => !x.future).reduce((n, x) => n + x[c], 0);
            assert.equal(soFar, counted);
            assert.ok(soFar <= low && low <= total && total <= high, `${c}: ${soFar} ${low} ${total} ${high}`);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
