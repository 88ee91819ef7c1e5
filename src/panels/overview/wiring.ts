// The account overview's sources, built in the features bundle when its panel opens (its parts, controller.ts), from the
// services activation hands over (overviewDeps.ts): its months through the month cache and the finished-months
// store (overviewSource.ts, the chat tool's path too), the active profile's instances, and a failed row's
// sentence masked as every panel error is (clientSources.ts). vscode-free.
import type { OverviewMonthSource } from '../../tools/overview/overviewLoader.js';
import { createOverviewSource } from '../../host/webviews/overview/overviewSource.js';
import type { OverviewDeps } from '../../host/webviews/overview/overviewDeps.js';

export interface OverviewWiring {
  source: OverviewMonthSource;
  instances(): Promise<readonly string[]>;
  errorText(e: unknown): string;
  forecast(): boolean;
}

export function overviewWiring(o: OverviewDeps): OverviewWiring {
  const { session } = o;
  return {
    source: createOverviewSource(o.months, o.storedMonths, () => (session.current.signedIn ? session.current.profile : undefined)),
    async instances() {
      await o.clients.assertSignedIn();
      return [...session.current.instances];
    },
    errorText: (e) => o.log.redact(e instanceof Error ? e.message : String(e)),
    forecast: () => o.forecast?.() !== false,
  };
}
