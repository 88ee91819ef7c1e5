// The projection of a month in progress with the finished months it needs (shared/projection.ts): read at low
// priority through the caller's reader (the editor: the month cache over the finished-months store, so a stored
// month costs no request; the MCP server: its client). A month that fails to read is left out; a finished month is
// not projected and reads nothing. Door-free, vscode-free.
import type { MonthView } from '../../shared/monthModel.js';
import { comparableDays } from '../../shared/comparison.js';
import { shiftMonthId } from '../../shared/idRules.js';
import { projectMonth, type MonthProjection } from '../../shared/projection.js';

type Month = Pick<MonthView, 'monthId' | 'currentDateId' | 'days'>;

/** Finished months read: twelve to backtest, and the two before them for the oldest one's weekday profile. */
export const HISTORY_MONTHS = 14;

export type LowPriorityRead = (monthId: string) => Promise<{ view: Month }>;

/** Whether `view`'s month is in progress by the service's current day (and the clock on its last day). */
export function inProgress(view: Pick<MonthView, 'monthId' | 'currentDateId'>, now: number = Date.now()): boolean {
  return comparableDays(view, now)?.wholeMonths === false;
}

/** The projection of `view`, or undefined (finished, not begun, or nothing to project from). */
export async function loadProjection(read: LowPriorityRead, view: Month, now: number = Date.now()): Promise<MonthProjection | undefined> {
  if (!inProgress(view, now)) return undefined;
  const ids = Array.from({ length: HISTORY_MONTHS }, (_, i) => shiftMonthId(view.monthId, -(i + 1)));
  const settled = await Promise.allSettled(ids.map((m) => read(m)));
  const finished = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.view] : []));
  return projectMonth(view, finished, now);
}
