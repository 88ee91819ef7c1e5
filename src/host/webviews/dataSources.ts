// What the panels need from the rest of the extension. Shapes are chosen so that the core
// client's results fit as they are: `{ load: (i, m, s) => client.getMonthView(i, m, s) }`.
import type { RequestPriority } from '../../core/http/scheduler.js';
import type { MonthViewData, ServiceInfo } from '../../shared/protocol.js';

export interface EnvelopeInfo {
  service: ServiceInfo;
  status?: { timestampRaw?: string };
}

export interface MonthViewLoadResult {
  view: MonthViewData;
  envelope: EnvelopeInfo;
  elapsedMs: number;
  /** The service's answer as sent, for "Show raw answer". */
  rawXml?: string;
}

/**
 * Newer loads of months arriving in the month cache whoever asked for them (a watch's tick, the tree's refresh): an
 * open panel follows them without a request of its own. `listener` gets each settled load once.
 */
export type OnMonthLoaded = (listener: (instanceId: string, monthId: string, result: MonthViewLoadResult) => void) => { dispose(): void };

export interface MonthViewDataSource {
  /** Rejects with a VoiceSmsError (its message is shown in the panel) or an AbortError. */
  /** `priority` orders the profile's queued requests; absent: the panel's own month, which the user is looking at. */
  load(instanceId: string, monthId: string, signal: AbortSignal, priority?: RequestPriority): Promise<MonthViewLoadResult>;
  /** Absent: no month arrives but through load() (no month cache). */
  onMonthLoaded?: OnMonthLoaded;
  /** Whether a month in progress gets its projection (voiceSms.forecast.show); absent: yes. */
  forecast?(): boolean;
}

interface ActivitiesLoadResult {
  result: unknown;
  rawXml: string;
  envelope: EnvelopeInfo;
  elapsedMs: number;
}

export interface ActivitiesDataSource {
  /** `priority`: absent, the user's own request (high); a re-read nobody asked for now goes `low`. */
  load(instanceId: string, dateId: string, signal: AbortSignal, priority?: RequestPriority): Promise<ActivitiesLoadResult>;
  /** The months' loads (see MonthViewDataSource): a newer load of the current month has today read again. */
  onMonthLoaded?: OnMonthLoaded;
}
