// One way to read a month in this window, whoever asks: the panels, the chat tools and the overview read it through
// the month cache (and the store beneath it), so a month already shown is not asked of the service again, and a
// watch's fresh reading is what every door sees. A month that failed before is asked again (opening it is a retry).
import type { MonthViewResult } from '../../core/client.js';
import type { RequestPriority } from '../../core/http/scheduler.js';
import { untilAborted } from './abort.js';
import type { MonthCache } from './monthCache.js';

export type LoadMonthVia = (
  instanceId: string,
  monthId: string,
  signal: AbortSignal,
  priority?: RequestPriority,
) => Promise<MonthViewResult>;

/**
 * Months through `months` (when given), else straight from the active client; a month the cache dropped while it
 * loaded (another profile signed in) is asked of the active client.
 */
export function monthsThroughCache(
  clients: {
    active(): Promise<{
      client: { getMonthView(i: string, m: string, s?: AbortSignal, o?: { priority?: RequestPriority }): Promise<MonthViewResult> };
    }>;
  },
  months?: Pick<MonthCache, 'state' | 'ensure' | 'reload'>,
): LoadMonthVia {
  return async (instanceId, monthId, signal, priority = 'high') => {
    if (months) {
      const failed = months.state(instanceId, monthId).status === 'error';
      const month = await untilAborted(
        failed ? months.reload(instanceId, monthId, priority) : months.ensure(instanceId, monthId, priority),
        signal,
      );
      if (month.status === 'loaded') return month.result;
      if (month.status === 'error') throw month.error;
    }
    const { client } = await clients.active();
    return client.getMonthView(instanceId, monthId, signal, { priority });
  };
}
