// The account overview's months in the editor, for the panel and the chat tool alike (so both show the same
// figures): the month cache first, then the finished-months store (through the cache's load), then one request
// under the overview's signal at the overview's priority. "In hand" (the trend cell) never asks: the cache, then
// the store for past months. vscode-free.
import type { OverviewMonthSource } from '../../../tools/overview/overviewLoader.js';
import type { MonthCache } from '../../months/monthCache.js';
import type { ScopeProfile, StoredMonths } from '../../months/storedMonths.js';

export function createOverviewSource(
  months: Pick<MonthCache, 'fetch' | 'state' | 'currentMonth'>,
  stored: Pick<StoredMonths, 'read'> | undefined,
  profile: () => ScopeProfile | undefined,
): OverviewMonthSource {
  return {
    load: (instanceId, monthId, signal, priority) => months.fetch(instanceId, monthId, signal, priority),
    async inHand(instanceId, monthId) {
      const state = months.state(instanceId, monthId);
      if (state.status === 'loaded') return state.result;
      const p = profile();
      if (!stored || !p || monthId >= months.currentMonth()) return undefined;
      return stored.read(p, instanceId, monthId);
    },
  };
}
