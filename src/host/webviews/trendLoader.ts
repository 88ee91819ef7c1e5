// Loads the totals of consecutive months of one instance, a few at a time (a slow service is not
// hammered), keeping each month's failure next to it instead of failing the whole set. Shared by
// the trend panel (trendController.ts) and the chat tool voiceSms_getTrend. vscode-free.
import { shiftMonthId } from '../../shared/protocol.js';
import type { MonthViewDataSource, MonthViewLoadResult } from './dataSources.js';

export const TREND_CONCURRENCY = 3;

export interface TrendSlot {
  monthId: string;
  result?: MonthViewLoadResult;
  error?: unknown;
}

/** The `count` month ids ending with `endMonthId`, oldest first (the chart's x axis). */
export function trendMonthIds(endMonthId: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shiftMonthId(endMonthId, i - (count - 1)));
}

/** One slot per month, oldest first; stops starting new loads once `signal` aborts. */
export async function loadTrend(source: MonthViewDataSource, instanceId: string, monthIds: readonly string[], signal: AbortSignal): Promise<TrendSlot[]> {
  const slots: TrendSlot[] = monthIds.map((monthId) => ({ monthId }));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < slots.length && !signal.aborted) {
      const slot = slots[next++]!;
      try {
        slot.result = await source.load(instanceId, slot.monthId, signal);
      } catch (e) {
        slot.error = e;
      }
    }
  };
  await Promise.all(Array.from({ length: TREND_CONCURRENCY }, worker));
  return slots;
}
