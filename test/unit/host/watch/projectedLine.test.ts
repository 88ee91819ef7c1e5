// The watch tooltip's projection reads only what the month cache holds: with the finished months in hand it is the
// projection of the weekday profile with its backtested range; with only the month itself, the wide rule; a month
// not read yet, none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MonthState } from '../../../../src/host/months/monthCache.js';
import { projectedCallLegs } from '../../../../src/host/watch/projectedLine.js';
import { projectMonth } from '../../../../src/shared/projection.js';
import { months as generated, noonOf } from '../../shared/support/projectionMonths.js';

const office = (w: number): number => [20, 200, 210, 205, 190, 180, 60][w]!;

void describe('watch tooltip projection', () => {
  const g = generated({ seed: 4, level: office, spread: 25, currentDateId: '20260318', before: 14 });
  const now = noonOf('20260318');
  const loaded = (monthIds: readonly string[]) => ({
    currentMonth: () => '202603',
    state: (_i: string, m: string): MonthState => {
      const view = [...g.finished, g.month].find((v) => v.monthId === m);
      return view && monthIds.includes(m)
        ? ({ status: 'loaded', view, loadedAt: 0, result: {} } as unknown as MonthState)
        : { status: 'idle' };
    },
  });

  void it('uses the finished months in hand, and nothing it does not hold', () => {
    const all = loaded([...g.finished, g.month].map((v) => v.monthId));
    const want = projectMonth(g.month, g.finished, now)!.counters.callLegs;
    assert.deepEqual(projectedCallLegs(all, 'VI-1', now), { total: want.total, low: want.low, high: want.high });
    const alone = loaded(['202603']);
    const wide = projectMonth(g.month, [], now)!.counters.callLegs;
    assert.deepEqual(projectedCallLegs(alone, 'VI-1', now), { total: wide.total, low: wide.low, high: wide.high });
    assert.notDeepEqual(wide, want);
    assert.equal(projectedCallLegs(loaded([]), 'VI-1', now), undefined);
  });
});
