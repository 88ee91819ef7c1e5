// The comparable days (shared/comparison.ts), the one rule behind every change the product shows: a month not
// finished against days 1 … its current day of the month before (clamped to that month's length), a finished
// month against the whole month before. Expectations are counted from the day lists here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DayStats, MonthView } from '../../../src/shared/monthModel.js';
import { comparableDays, compareMonths, totalsThrough } from '../../../src/shared/comparison.js';
import { changePct, overviewTotals, type OverviewRow } from '../../../src/shared/overview/overview.js';

const lengthOf = (monthId: string): number => new Date(Date.UTC(+monthId.slice(0, 4), +monthId.slice(4, 6), 0)).getUTCDate();

/** A month whose every day up to `currentDateId` carries `perDay` call legs; later days are future zeros. */
function month(monthId: string, currentDateId: string, perDay: (day: number) => number = () => 100): MonthView {
  const days: DayStats[] = Array.from({ length: lengthOf(monthId) }, (_, i) => {
    const dateId = `${monthId}${String(i + 1).padStart(2, '0')}`;
    const future = dateId > currentDateId;
    const legs = future ? 0 : perDay(i + 1);
    return { dateId, callLegs: legs, callLegsIn: legs, callLegsOut: 0, callsUnique: legs, durationMin: legs, future, legsMismatch: false };
  });
  const counted = days.filter((d) => !d.future);
  const legs = counted.reduce((n, d) => n + d.callLegs, 0);
  return {
    monthId,
    currentDateId,
    days,
    missingDays: [],
    totals: { callLegs: legs, callLegsIn: legs, callLegsOut: 0, callsUnique: legs, durationMin: legs, days: counted.length },
    warnings: [],
  };
}

const NOW = Date.UTC(2026, 10, 27, 12); // 2026-11-27 noon UTC

void describe('comparable days', () => {
  void it('identical daily traffic gives 0 % on every day of an unfinished month (the whole month before would not)', () => {
    for (let day = 1; day <= 30; day++) {
      const current = month('202611', `202611${String(day).padStart(2, '0')}`);
      const previous = month('202610', '20261031');
      const c = compareMonths(current, previous, NOW)!;
      assert.equal(changePct(c.current.callLegs, c.previous.callLegs), 0, `day ${day}`);
      assert.equal(c.previous.days, day);
      assert.ok(changePct(current.totals.callLegs, previous.totals.callLegs)! < 0, 'against all of October it would fall');
    }
  });

  void it('clamps to the shorter month before: March 30 against February 1–28, or 1–29 in a leap year', () => {
    assert.deepEqual(comparableDays({ monthId: '202603', currentDateId: '20260330' }, NOW), {
      monthId: '202603',
      previousMonthId: '202602',
      lastDay: 30,
      previousLastDay: 28,
      wholeMonths: false,
    });
    assert.equal(comparableDays({ monthId: '202403', currentDateId: '20240330' }, Date.UTC(2024, 2, 30))?.previousLastDay, 29);
    const c = compareMonths(month('202603', '20260330'), month('202602', '20260228'), NOW)!;
    assert.equal(c.previous.callLegs, 28 * 100);
  });

  void it('a finished month compares with the whole month before', () => {
    const past = comparableDays({ monthId: '202604', currentDateId: '20261127' }, NOW);
    assert.deepEqual(past, { monthId: '202604', previousMonthId: '202603', lastDay: 30, previousLastDay: 31, wholeMonths: true });
    // The simulator reports a past month with its last day as the current day: finished once the clock left it.
    assert.equal(comparableDays({ monthId: '202604', currentDateId: '20260430' }, NOW)?.wholeMonths, true);
    // On the last day itself the month is still running: April 1–30 against March 1–30.
    const lastDay = comparableDays({ monthId: '202604', currentDateId: '20260430' }, Date.UTC(2026, 3, 30, 15));
    assert.deepEqual([lastDay?.lastDay, lastDay?.previousLastDay, lastDay?.wholeMonths], [30, 30, false]);
    const c = compareMonths(month('202604', '20260430'), month('202603', '20260331'), NOW)!;
    assert.equal(c.previous.callLegs, 31 * 100);
  });

  void it('a month that has not begun has nothing to compare', () => {
    assert.equal(comparableDays({ monthId: '202612', currentDateId: '20261127' }, NOW), undefined);
  });

  void it('totals through a day leave out later and future days', () => {
    const v = month('202611', '20261110', (d) => d);
    assert.deepEqual(totalsThrough(v.days, 3), { callLegs: 6, callLegsIn: 6, callLegsOut: 0, callsUnique: 6, durationMin: 6, days: 3 });
    assert.equal(totalsThrough(v.days, 30).days, 10);
  });

  void it("the overview's total names the compared days only when every compared row agrees", () => {
    const trend = new Array<number | null>(12).fill(null);
    const fig = { callLegs: 1, callLegsIn: 1, callLegsOut: 0, callsUnique: 1, durationMin: 1, activeDays: 1 };
    const days27 = comparableDays({ monthId: '202611', currentDateId: '20261127' }, NOW)!;
    const days26 = comparableDays({ monthId: '202611', currentDateId: '20261126' }, NOW)!;
    const row = (id: string, compared: typeof days27): OverviewRow => ({
      instanceId: id,
      status: 'ok',
      figures: fig,
      previousCallLegs: 1,
      changePct: 0,
      compared,
      trend,
    });
    assert.deepEqual(overviewTotals([row('a', days27), row('b', days27)]).compared, days27);
    assert.equal(overviewTotals([row('a', days27), row('b', days26)]).compared, undefined);
  });
});
