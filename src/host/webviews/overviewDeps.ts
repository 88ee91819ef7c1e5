// The account overview panel's wiring types: what activation hands over (the services) and what the features
// bundle builds from it when the panel opens (webviews/overviewPanelSources.ts). Types only.
import type { OverviewRow } from '../../shared/overview.js';
import type { OverviewMonthSource } from '../../tools/overviewLoader.js';
import type { ClientProvider } from '../profile/clients.js';
import type { SessionState } from '../profile/session.js';
import type { InstancesModel } from '../views/instancesModel.js';
import type { StoredMonths } from '../views/storedMonths.js';

export interface OverviewDeps {
  clients: Pick<ClientProvider, 'assertSignedIn'>;
  session: Pick<SessionState, 'current'>;
  instances: InstancesModel;
  storedMonths: StoredMonths;
  log: { info(message: string): void; redact(text: string): string };
}

export interface OverviewPanelSources {
  source: OverviewMonthSource;
  /** The active profile's instances; throws (with its sentence) when signed out. */
  instances(): Promise<readonly string[]>;
  /** A failed row's sentence, masked as the panels' errors are. */
  errorText(e: unknown): string;
  export(monthId: string, rows: readonly OverviewRow[]): unknown;
}
