// Loads the totals of consecutive months of one instance, keeping each month's failure next to it
// instead of failing the whole set. Shared by the trend panel (trendController.ts) and the chat tool
// voiceSms_getTrend. All months are asked for at once: the profile's request scheduler (core/http/
// scheduler.ts) decides how many are on the wire, so a slow service is still not hammered. vscode-free.
import { shiftMonthId } from '../../shared/protocol.js';
import type { MonthViewDataSource, MonthViewLoadResult } from './dataSources.js';

export interface TrendSlot {
  monthId: string;
  result?: MonthViewLoadResult;
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
export async function loadTrend(
  source: MonthViewDataSource,
  instanceId: string,
  monthIds: readonly string[],
  signal: AbortSignal,
): Promise<TrendSlot[]> {
  const slots: TrendSlot[] = monthIds.map((monthId) => ({ monthId }));
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
