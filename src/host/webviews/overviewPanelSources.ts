// What the account overview panel needs from the rest of the extension, built in the features bundle when the
// panel opens (activation only hands over the services): its months through the month cache and the
// finished-months store (views/overviewSource.ts, the chat tool's path too), the active profile's instances, a
// failed row's sentence masked as every panel error is, and Export….
import { exportOverview } from '../commands/exportOverview.js';
import { createOverviewSource } from '../views/overviewSource.js';
import type { OverviewDeps, OverviewPanelSources } from './overviewDeps.js';

export function overviewPanelSources(o: OverviewDeps): OverviewPanelSources {
  const { session } = o;
  return {
    source: createOverviewSource(o.instances, o.storedMonths, () => (session.current.signedIn ? session.current.profile : undefined)),
    async instances() {
      await o.clients.assertSignedIn();
      return [...session.current.instances];
    },
    errorText: (e) => o.log.redact(e instanceof Error ? e.message : String(e)),
    export: (monthId, rows) => exportOverview({ log: o.log }, monthId, rows),
  };
}
