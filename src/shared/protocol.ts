// The typed message protocol between the panel hosts (extension side) and the webviews of every panel kind
// (browser side). Pure data only: no vscode, no DOM, only type imports from core — the webview
// bundle includes this file, so it must carry no runtime code of the core.
//
// Handshake: the webview posts `ready` once its script runs; the host never posts before that
// and answers every `ready` with its current snapshot (a reload of the webview re-sends `ready`).

import type { DayStats, MonthTotals } from '../core/model/types.js';
import type { ComparedDays } from './comparison.js';
import type { OverviewRow } from './overview/overview.js';
import { idProblem, MONTH_ID, shiftMonthId } from './idRules.js';

// Month arithmetic both sides of a panel need (the webview cannot import core).
export { shiftMonthId };

export const VIEW_TYPES = {
  monthView: 'voiceSms.monthView',
  trend: 'voiceSms.trend',
  activities: 'voiceSms.activities',
  overview: 'voiceSms.accountOverview',
} as const;

// ---------------------------------------------------------------------------------------------
// Payload shapes (the core's model types, and the envelope's service block)

// One definition of a day and of the totals: the core's model types (type-only, so nothing of the
// core reaches the webview bundle).
export type DayStatsData = DayStats;
export type MonthTotalsData = MonthTotals;

export interface MonthViewData {
  monthId: string;
  currentDateId: string;
  /** Ascending by dateId. */
  days: DayStatsData[];
  missingDays: string[];
  /** Over non-future days only. */
  totals: MonthTotalsData;
  /** Human-readable data warnings found while building the model. */
  warnings: string[];
}

/** A day of the month before, as much as the unusual-day rule needs of it. */
export interface PreviousDayData {
  dateId: string;
  callLegs: number;
  future: boolean;
}

export interface ServiceInfo {
  provider: string;
  id: string;
  version: string;
}

/** Where an answer came from and how long it took; every string is shown as text, never markup. */
export interface ResponseMeta {
  service: ServiceInfo;
  elapsedMs: number;
  /** The envelope's status/timestamp exactly as sent, when present. */
  serverTimestamp?: string;
}

export interface PanelError {
  message: string;
  /** VoiceSmsError kind when known (network, timeout, http, service, parse, validation, auth). */
  kind?: string;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

// ---------------------------------------------------------------------------------------------
// Localisation: the host embeds the editor's language and its message bundle in the page (html.ts,
// a `data-l10n` attribute on <body>), so the webview can translate before its first render without
// waiting for a message. `bundle` is absent for English (the source strings are the English text).

export const WEBVIEW_L10N_ATTRIBUTE = 'data-l10n';

/**
 * The performance mark a panel sets once the frame showing its data (table and chart) has been painted; its
 * `detail` is Date.now() then. `npm run bench` reads it once per panel (test/e2e/benchEditor.test.ts) instead
 * of polling the page, and its floor fixture (test/e2e/fixtures/blankPanel) sets the same mark.
 */
export const PAINTED_MARK = 'voiceSms.painted';

/**
 * Where the page's boot script (html.ts) leaves the editor's API and the messages that arrived before the
 * panel's bundle ran; src/webview/common/vscodeApi.ts takes both over.
 */
export const WEBVIEW_BOOT_GLOBAL = 'voiceSmsBoot';

/**
 * The messages a new page carries (html.ts, an attribute on <body>, escaped JSON): what the host would post right
 * after `ready`, when it already had them as the page was built (a month from the month cache). A fresh page (see
 * ReadyMessage) shows them at once; the host does not post them again (src/host/webviews/readyGate.ts).
 */
export const WEBVIEW_FIRST_MESSAGES_ATTRIBUTE = 'data-first-messages';

/**
 * A page's first message: it can show what the host sends. `fresh`: the page has no saved state (its first life,
 * or hidden before it saved any), so it has shown what its markup carries and the host posts only what follows.
 */
type ReadyMessage = { type: 'ready'; fresh?: true };

export interface WebviewL10n {
  /** `vscode.env.language`, e.g. `en`, `de`, `qps-ploc`; also the locale for numbers and dates. */
  language: string;
  /** `vscode.l10n.bundle`: English message -> translation. */
  bundle?: Record<string, string>;
}

/** Validates what the page read back from its own markup (defensive: it is only our own JSON). */
export function parseWebviewL10n(v: unknown): WebviewL10n | undefined {
  const r = record(v);
  if (!r || typeof r.language !== 'string' || r.language === '') return undefined;
  const b = record(r.bundle);
  if (!b) return { language: r.language };
  const bundle: Record<string, string> = {};
  for (const [k, x] of Object.entries(b)) if (typeof x === 'string') bundle[k] = x;
  return { language: r.language, bundle };
}

// ---------------------------------------------------------------------------------------------
// Month view

export interface MonthViewState {
  instanceId: string;
  monthId: string;
}

export type MonthViewToWebview =
  | { type: 'loading'; instanceId: string; monthId: string }
  | { type: 'monthData'; instanceId: string; monthId: string; view: MonthViewData; meta: ResponseMeta }
  /**
   * Sent after `monthData` when the previous month is known (may never come): its totals over the days compared
   * (`compared`: the same days while the month is not finished, shared/comparison.ts), and its days' call legs, which
   * the unusual-day rule compares the first weeks with (shared/unusualDays.ts).
   */
  | {
      type: 'comparison';
      instanceId: string;
      monthId: string;
      previousMonthId: string;
      totals: MonthTotalsData;
      compared: ComparedDays;
      previousDays: PreviousDayData[];
    }
  /**
   * A newer load of the month on show (a watch's tick, a refresh elsewhere): the page changes what it shows in place,
   * keeping its elements, scroll and focus, marks the figures that changed and announces them. A page showing
   * anything else draws it as `monthData`. A new page gets `monthData` instead (the ready gate's snapshot).
   */
  | { type: 'monthUpdate'; instanceId: string; monthId: string; view: MonthViewData; meta: ResponseMeta }
  /** Sent after `monthData` for a month in progress (setting voiceSms.forecast.show): where it will end (shared/projection.ts). */
  | { type: 'projection'; instanceId: string; monthId: string; projection: ProjectionShown }
  | { type: 'error'; instanceId: string; monthId: string; error: PanelError };

/** A month-end projection as the month view shows it: totals with their range, the remaining days' call legs, the basis in words. */
export interface ProjectionShown {
  totals: Record<
    'callLegs' | 'callLegsIn' | 'callLegsOut' | 'callsUnique' | 'durationMin',
    { projected: number; low: number; high: number }
  >;
  /** The days after the service's current one, each with its projected call legs. */
  days: Array<{ dateId: string; callLegs: number }>;
  basisText: string;
}

export type MonthCommand = 'exportMonth' | 'copyAsCurl' | 'copyAsCode' | 'showRawAnswer';

export type MonthViewToHost =
  | ReadyMessage
  | { type: 'navigate'; monthId: string }
  | { type: 'openDay'; dateId: string }
  | { type: 'retry' }
  | { type: 'command'; command: MonthCommand };

// ---------------------------------------------------------------------------------------------
// Trend (12 month totals of one instance)

/** Months the trend panel shows, the newest being its state's month (host loader, webview subtitle, progress). */
export const TREND_MONTHS = 12;

export interface TrendState {
  instanceId: string;
  /** Newest month of the range. */
  monthId: string;
}

export interface TrendMonth {
  monthId: string;
  /** Absent when that month failed to load; `error` says why. */
  totals?: MonthTotalsData;
  error?: string;
}

export type TrendToWebview =
  | { type: 'loading'; instanceId: string; monthId: string }
  | { type: 'trendData'; instanceId: string; monthId: string; months: TrendMonth[]; meta?: ResponseMeta }
  | { type: 'error'; instanceId: string; monthId: string; error: PanelError };

export type TrendToHost = ReadyMessage | { type: 'openMonth'; monthId: string } | { type: 'retry' };

// ---------------------------------------------------------------------------------------------
// Day activities (payload shape unknown: rendered faithfully)

export interface ActivitiesState {
  instanceId: string;
  dateId: string;
}

export type ActivitiesToWebview =
  | { type: 'loading'; instanceId: string; dateId: string }
  | { type: 'activitiesData'; instanceId: string; dateId: string; result: JsonValue; rawXml: string; meta: ResponseMeta }
  /**
   * Today read again (a newer load of the instance's current month): shown in place of the last reading, with what
   * is new since it marked. A page showing anything else draws it as `activitiesData`.
   */
  | { type: 'activitiesUpdate'; instanceId: string; dateId: string; result: JsonValue; rawXml: string; meta: ResponseMeta }
  | { type: 'error'; instanceId: string; dateId: string; error: PanelError };

export type ActivitiesCommand = 'copyAsCurl' | 'copyAsCode';

export type ActivitiesToHost = ReadyMessage | { type: 'retry' } | { type: 'command'; command: ActivitiesCommand };

// ---------------------------------------------------------------------------------------------
// Validation of what arrives from the other side. The host treats webview messages and restored
// state as untrusted input: a malformed message is dropped, never acted upon.

const DATE_ID = /^[1-9]\d{3}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;

function isMonthId(v: unknown): v is string {
  return typeof v === 'string' && MONTH_ID.test(v);
}

export function isDateId(v: unknown): v is string {
  return typeof v === 'string' && DATE_ID.test(v);
}

/** The core's id rule (shared/idRules.ts). */
export function isInstanceId(v: unknown): v is string {
  return typeof v === 'string' && idProblem(v) === undefined;
}

function record(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** The messages every panel sends (panelController.ts answers them), or undefined for the kind's own. */
function panelMessage(m: Record<string, unknown> | undefined): ReadyMessage | { type: 'retry' } | undefined {
  if (m?.type === 'ready') return m.fresh === true ? { type: 'ready', fresh: true } : { type: 'ready' };
  return m?.type === 'retry' ? { type: 'retry' } : undefined;
}

export function parseMonthViewToHost(v: unknown): MonthViewToHost | undefined {
  const m = record(v);
  const common = panelMessage(m);
  if (common) return common;
  switch (m?.type) {
    case 'navigate':
      return isMonthId(m.monthId) ? { type: 'navigate', monthId: m.monthId } : undefined;
    case 'openDay':
      return isDateId(m.dateId) ? { type: 'openDay', dateId: m.dateId } : undefined;
    case 'command':
      return m.command === 'exportMonth' || m.command === 'copyAsCurl' || m.command === 'copyAsCode' || m.command === 'showRawAnswer'
        ? { type: 'command', command: m.command }
        : undefined;
    default:
      return undefined;
  }
}

export function parseTrendToHost(v: unknown): TrendToHost | undefined {
  const m = record(v);
  const common = panelMessage(m);
  if (common) return common;
  switch (m?.type) {
    case 'openMonth':
      return isMonthId(m.monthId) ? { type: 'openMonth', monthId: m.monthId } : undefined;
    default:
      return undefined;
  }
}

export function parseActivitiesToHost(v: unknown): ActivitiesToHost | undefined {
  const m = record(v);
  const common = panelMessage(m);
  if (common) return common;
  switch (m?.type) {
    case 'command':
      return m.command === 'copyAsCurl' || m.command === 'copyAsCode' ? { type: 'command', command: m.command } : undefined;
    default:
      return undefined;
  }
}

export function parseMonthViewState(v: unknown): MonthViewState | undefined {
  const s = record(v);
  return s && isInstanceId(s.instanceId) && isMonthId(s.monthId) ? { instanceId: s.instanceId, monthId: s.monthId } : undefined;
}

export function parseTrendState(v: unknown): TrendState | undefined {
  return parseMonthViewState(v);
}

export function parseActivitiesState(v: unknown): ActivitiesState | undefined {
  const s = record(v);
  return s && isInstanceId(s.instanceId) && isDateId(s.dateId) ? { instanceId: s.instanceId, dateId: s.dateId } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Account overview (every instance of the profile for one month; figures in shared/overview/overview.ts)

export const OVERVIEW_SORT_KEYS = [
  'instance',
  'callLegs',
  'callLegsIn',
  'callLegsOut',
  'callsUnique',
  'durationMin',
  'change',
  'peers',
  'projected',
  'activeDays',
  'trend',
] as const;
export type OverviewSortKey = (typeof OVERVIEW_SORT_KEYS)[number];

export interface OverviewState {
  monthId: string;
  /** The page's own choices, restored with it after a reload (the host reads only monthId). */
  sortKey?: OverviewSortKey;
  sortDir?: 'ascending' | 'descending';
  filter?: string;
}

export type OverviewToWebview =
  /** Everything the panel shows now: every row (pending ones too), whether loads are still running. */
  | { type: 'overview'; monthId: string; rows: OverviewRow[]; loading: boolean; cancelled: boolean }
  /** One row settled (or went back to pending for its retry). */
  | { type: 'overviewRow'; monthId: string; index: number; row: OverviewRow }
  | { type: 'overviewDone'; monthId: string; cancelled: boolean }
  /** Nothing to show at all: signed out, no instances. */
  | { type: 'error'; monthId: string; error: PanelError };

export type OverviewToHost =
  | ReadyMessage
  | { type: 'retry' }
  | { type: 'cancel' }
  | { type: 'retryRow'; instanceId: string }
  | { type: 'openInstance'; instanceId: string }
  /** `instanceIds`: the rows the page shows (filtered), in its order; absent: every row. */
  | { type: 'export'; instanceIds?: string[] }
  /** The rows on screen now (the 12-month cells the host fills with the months not in hand, at low priority). */
  | { type: 'visibleRows'; instanceIds: string[] };

/** More ids than any account has: a longer list is not from our page. */
const MAX_EXPORT_IDS = 20_000;

export function parseOverviewToHost(v: unknown): OverviewToHost | undefined {
  const m = record(v);
  const common = panelMessage(m);
  if (common) return common;
  switch (m?.type) {
    case 'cancel':
      return { type: 'cancel' };
    case 'export': {
      const ids = m.instanceIds;
      if (ids === undefined) return { type: 'export' };
      return Array.isArray(ids) && ids.length <= MAX_EXPORT_IDS && ids.every(isInstanceId)
        ? { type: 'export', instanceIds: [...ids] }
        : undefined;
    }
    case 'visibleRows': {
      const ids = m.instanceIds;
      return Array.isArray(ids) && ids.length <= MAX_EXPORT_IDS && ids.every(isInstanceId)
        ? { type: 'visibleRows', instanceIds: [...ids] }
        : undefined;
    }
    case 'retryRow':
    case 'openInstance':
      return isInstanceId(m.instanceId) ? { type: m.type, instanceId: m.instanceId } : undefined;
    default:
      return undefined;
  }
}

export function parseOverviewState(v: unknown): OverviewState | undefined {
  const s = record(v);
  if (!s || !isMonthId(s.monthId)) return undefined;
  const key = (OVERVIEW_SORT_KEYS as readonly unknown[]).includes(s.sortKey) ? (s.sortKey as OverviewSortKey) : undefined;
  const dir = s.sortDir === 'ascending' || s.sortDir === 'descending' ? s.sortDir : undefined;
  const filter = typeof s.filter === 'string' && s.filter.length <= 200 ? s.filter : undefined;
  return {
    monthId: s.monthId,
    ...(key && dir ? { sortKey: key, sortDir: dir } : {}),
    ...(filter ? { filter } : {}),
  };
}
