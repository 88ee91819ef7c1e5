// The watch tooltip's projection of an instance's month (shared/projection.ts) from the months the month cache holds
// (the current one the watch reads, and the finished ones the tree, panels and store brought in): never a request.
// vscode-free.
import { shiftMonthId } from '../../shared/idRules.js';
import { projectMonth } from '../../shared/projection.js';
import type { MonthView } from '../../shared/monthModel.js';
import type { MonthState } from '../months/monthCache.js';
import { HISTORY_MONTHS } from '../../tools/months/projectionLoader.js';

type Months = { currentMonth(): string; state(instanceId: string, monthId: string): MonthState };

function viewOf(s: MonthState): MonthView | undefined {
  return s.status === 'loaded' ? s.view : s.status === 'loading' ? s.previous : undefined;
}

/** The projected call legs by month end with the range, or undefined (month not read, finished, nothing to project from). */
export function projectedCallLegs(
  months: Months,
  instanceId: string,
  now: number = Date.now(),
): { total: number; low: number; high: number } | undefined {
  const monthId = months.currentMonth();
  const month = viewOf(months.state(instanceId, monthId));
  if (!month) return undefined;
  const finished = Array.from({ length: HISTORY_MONTHS }, (_, i) =>
    viewOf(months.state(instanceId, shiftMonthId(monthId, -(i + 1)))),
  ).filter((v): v is MonthView => v !== undefined);
  const c = projectMonth(month, finished, now)?.counters.callLegs;
  return c ? { total: c.total, low: c.low, high: c.high } : undefined;
}
