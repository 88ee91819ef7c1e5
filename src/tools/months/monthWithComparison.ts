// A month as every door shows it: the month itself, refused when it is after the service's current one (one sentence,
// futureMonth.ts), and its change against the month before, like for like (shared/comparison.ts). Both months are
// asked at once; the month before failing only drops the comparison. The month view panel shows the month as soon
// as it arrives and the comparison after it; the tools wait for both. Door-free: each caller hands its own reader
// (the panels and the chat tools read through the editor's month cache, the MCP server through its client).
import { compareMonths, type MonthComparison } from '../../shared/comparison.js';
import { shiftMonthId } from '../../shared/idRules.js';
import type { MonthView } from '../../shared/monthModel.js';
import { futureMonthProblem } from './futureMonth.js';
import { ToolRefusal } from '../refusal.js';

type ComparableMonth = Pick<MonthView, 'monthId' | 'currentDateId' | 'days' | 'totals'>;

export interface MonthWithComparison<R extends { view: ComparableMonth }> {
  /** The month's answer; rejects with the reader's error, or a ToolRefusal ('validation') for a month after the service's current one. */
  month: Promise<R>;
  /**
   * The month before against it, over the compared days, and the month before's days (the unusual-day rule compares
   * the first weeks with them); undefined when either is missing or the month has not begun.
   */
  comparison: Promise<{ previousMonthId: string; comparison: MonthComparison; previousDays: ComparableMonth['days'] } | undefined>;
}

export function monthWithComparison<R extends { view: ComparableMonth }>(
  read: (monthId: string) => Promise<R>,
  monthId: string,
  now?: number,
): MonthWithComparison<R> {
  const previousMonthId = shiftMonthId(monthId, -1);
  // Started together so the comparison costs no extra wait; its failure only drops the comparison.
  const previous = read(previousMonthId).then(
    (r) => r.view,
    () => undefined,
  );
  const month = read(monthId).then((r) => {
    const problem = futureMonthProblem(monthId, r.view.currentDateId, now);
    if (problem) throw new ToolRefusal('validation', problem);
    return r;
  });
  const comparison = month.then(
    async (r) => {
      const before = await previous;
      const c = before ? compareMonths(r.view, before, now) : undefined;
      return c && before ? { previousMonthId, comparison: c, previousDays: before.days } : undefined;
    },
    () => undefined,
  );
  return { month, comparison };
}
