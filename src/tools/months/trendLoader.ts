// Loads the totals of consecutive months of one instance, keeping each month's failure next to it
// instead of failing the whole set. Shared by the trend panel (src/panels/trend/controller.ts) and the
// trend tool of both doors. All months are asked for at once: the profile's request scheduler (core/http/
// scheduler.ts) decides how many are on the wire, so a slow service is still not hammered. vscode-free.
import { shiftMonthId } from '../../shared/protocol.js';

/** Loads one month; `priority` orders the profile's queued requests (see core/http/scheduler.ts). */
export interface MonthLoader<R> {
  load(instanceId: string, monthId: string, signal: AbortSignal, priority?: 'high' | 'normal'): Promise<R>;
}

export interface TrendSlot<R> {
  monthId: string;
  result?: R;
  error?: unknown;
}

/** The `count` month ids ending with `endMonthId`, oldest first (the chart's x axis). */
export function trendMonthIds(endMonthId: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shiftMonthId(endMonthId, i - (count - 1)));
}

/**
 * One slot per month, oldest first. The newest month is asked for first and ahead of other views' older
 * months (it is the one the user compares against); an abort of `signal` cancels what is still queued.
 */
export async function loadTrend<R>(
  source: MonthLoader<R>,
  instanceId: string,
  monthIds: readonly string[],
  signal: AbortSignal,
): Promise<Array<TrendSlot<R>>> {
  const slots: Array<TrendSlot<R>> = monthIds.map((monthId) => ({ monthId }));
  const newestFirst = [...slots].reverse();
  await Promise.all(
    newestFirst.map(async (slot, i) => {
      if (signal.aborted) return;
      try {
        slot.result = await source.load(instanceId, slot.monthId, signal, i === 0 ? 'high' : 'normal');
      } catch (e) {
        slot.error = e;
      }
    }),
  );
  return slots;
}
