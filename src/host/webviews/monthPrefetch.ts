// A month view about to open: its month and the month before it (the comparison) are asked of the service ahead,
// into the shared month cache (clientSources.ts takes them from there), while the user still answers the month pick.
import { shiftMonthId } from '../../shared/protocol.js';
import type { MonthCache } from '../months/monthCache.js';

/** Starts both loads and returns at once; a failure stays in the cache, and the panel's load asks again. */
export function prefetchMonth(months: Pick<MonthCache, 'ensure'>, instanceId: string, monthId: string): void {
  for (const m of [monthId, shiftMonthId(monthId, -1)]) void months.ensure(instanceId, m, 'high').catch(() => undefined);
}
