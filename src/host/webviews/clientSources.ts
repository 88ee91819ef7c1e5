// The panels' data sources backed by the active profile's core client. The client is looked up on
// every load (not captured), so a panel keeps working after a sign-in, a profile switch or a
// settings change. Failures are logged once here; the panel itself shows the message with Retry.
import { isVoiceSmsError, VoiceSmsError } from '../../core/errors.js';
import type { ActiveClient } from '../profile/clients.js';
import type { MonthCache } from '../months/monthCache.js';
import { monthsThroughCache } from '../months/monthSource.js';
import type { ActivitiesDataSource, MonthViewDataSource, OnMonthLoaded } from './dataSources.js';
import type { OverviewDeps } from './overview/overviewDeps.js';
import { isAbort } from './payload.js';

export interface PanelSourcesLog {
  warn(message: string): void;
  /** Masks secrets in text for the panel exactly as in the log (RedactingLogger.redact). */
  redact(text: string): string;
}

/**
 * The months the Voice Instances tree keeps (months/monthCache.ts, one cache for the tree and the panels): a
 * month the tree has loaded opens at once, and a panel's month shows in the tree, under the tree's rules.
 */
export type PanelMonths = Pick<MonthCache, 'state' | 'ensure' | 'reload' | 'onDidChange'>;

export interface PanelSources {
  monthViews: MonthViewDataSource;
  activities: ActivitiesDataSource;
}

/**
 * `clients.active()` is ClientProvider's; only its client is used. `months`: the shared month cache (without it,
 * every load asks the service). Free of `vscode`, for plain-Node tests.
 */
export function createPanelSources(
  clients: { active(): Promise<Pick<ActiveClient, 'client'>> },
  log: PanelSourcesLog,
  months?: PanelMonths,
  forecast?: () => boolean,
): PanelSources {
  const run = async <T>(what: string, f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      if (isAbort(e)) throw e;
      const err = asPanelError(e);
      const kind = isVoiceSmsError(err) ? ` (${err.kind})` : '';
      log.warn(`${what} failed${kind}: ${err instanceof Error ? err.message : String(err)}`);
      // The panel shows this message: an echoed credential must not reach the webview. Links need no
      // defusing there: panels put service text in the page as text, never as markup or a link.
      if (err instanceof Error) err.message = log.redact(err.message);
      throw err;
    }
  };
  // Every settled load the cache announces (its change event also fires when a load starts, or for everything).
  const onMonthLoaded: OnMonthLoaded | undefined = months
    ? (listener) =>
        months.onDidChange((changed) => {
          if (!changed) return;
          const month = months.state(changed.instanceId, changed.monthId);
          if (month.status === 'loaded') listener(changed.instanceId, changed.monthId, month.result);
        })
    : undefined;
  const loadMonth = monthsThroughCache(clients, months);
  return {
    monthViews: {
      ...(onMonthLoaded ? { onMonthLoaded } : {}),
      ...(forecast ? { forecast } : {}),
      load: (instanceId, monthId, signal, priority = 'high') =>
        run(`Loading calls of ${instanceId} for ${monthId}`, () => loadMonth(instanceId, monthId, signal, priority)),
    },
    activities: {
      ...(onMonthLoaded ? { onMonthLoaded } : {}),
      load: (instanceId, dateId, signal, priority) =>
        run(`Loading activities of ${instanceId} on ${dateId}`, async () => {
          const { client } = await clients.active();
          return client.getDayActivities(instanceId, dateId, signal, priority ? { priority } : undefined);
        }),
    },
  };
}

/**
 * The panel shows core errors' messages as they are and anything else as "unexpected"; being signed
 * out is expected (a restored panel after sign-out), so it becomes an `auth` error with its own text.
 */
function asPanelError(e: unknown): unknown {
  // By name: importing the class would pull `vscode` into this module.
  if (e instanceof Error && e.name === 'NotSignedInError') return new VoiceSmsError('auth', e.message);
  return e;
}

/** Every panel's data: the month view's, trend's and day's, and what the overview's are built from (overview/overviewDeps.ts). */
export function allPanelSources(
  profile: Pick<OverviewDeps, 'clients' | 'session' | 'log'> & {
    clients: { active(): Promise<Pick<ActiveClient, 'client'>> };
    log: PanelSourcesLog;
    config?: { settings: { forecastShow: boolean } };
  },
  shown: Pick<OverviewDeps, 'months' | 'storedMonths'>,
): PanelSources & { overview: OverviewDeps } {
  return {
    ...createPanelSources(profile.clients, profile.log, shown.months, profile.config && (() => profile.config!.settings.forecastShow)),
    overview: {
      clients: profile.clients,
      session: profile.session,
      log: profile.log,
      months: shown.months,
      storedMonths: shown.storedMonths,
      ...(profile.config ? { forecast: () => profile.config!.settings.forecastShow } : {}),
    },
  };
}
