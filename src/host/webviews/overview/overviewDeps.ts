// What activation hands the account overview panel (src/panels/kind.ts PanelRegistryOptions.overview): the services its
// months, instances and row errors come from. Types only; the kind's registration (src/panels/overview/registration.ts) builds the rest.
import type { ClientProvider } from '../../profile/clients.js';
import type { SessionState } from '../../profile/session.js';
import type { MonthCache } from '../../months/monthCache.js';
import type { StoredMonths } from '../../months/storedMonths.js';

export interface OverviewDeps {
  clients: Pick<ClientProvider, 'assertSignedIn'>;
  session: Pick<SessionState, 'current'>;
  months: MonthCache;
  storedMonths: StoredMonths;
  log: { info(message: string): void; redact(text: string): string };
  /** voiceSms.forecast.show: the projected column; absent: shown. */
  forecast?: () => boolean;
}
