// What the webview protocol of every panel kind shares: the handshake, the payload shapes more than one side reads,
// the page's boot attributes and the checks of untrusted input. Each kind's own state and messages are in its folder
// (src/panels/<kind>/protocol.ts). Pure data only: no vscode, no DOM, only type imports from core — the webview
// bundles include this file, so it must carry no runtime code of the core.
//
// Handshake: the webview posts `ready` once its script runs; the host never posts before that
// and answers every `ready` with its current snapshot (a reload of the webview re-sends `ready`).

import type { DayStats, MonthTotals } from './monthModel.js';
import { idProblem, MONTH_ID, shiftMonthId } from './idRules.js';

// Month arithmetic both sides of a panel need (the webview cannot import core).
export { shiftMonthId };

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

/** Months the trend panel and the trend tool show, the newest being the month asked for. */
export const TREND_MONTHS = 12;

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
export type ReadyMessage = { type: 'ready'; fresh?: true };

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
// Validation of what arrives from the other side. The host treats webview messages and restored
// state as untrusted input: a malformed message is dropped, never acted upon.

const DATE_ID = /^[1-9]\d{3}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;

export function isMonthId(v: unknown): v is string {
  return typeof v === 'string' && MONTH_ID.test(v);
}

export function isDateId(v: unknown): v is string {
  return typeof v === 'string' && DATE_ID.test(v);
}

/** The core's id rule (shared/idRules.ts). */
export function isInstanceId(v: unknown): v is string {
  return typeof v === 'string' && idProblem(v) === undefined;
}

export function record(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** The messages every panel sends (panelController.ts answers them), or undefined for the kind's own. */
export function panelMessage(m: Record<string, unknown> | undefined): ReadyMessage | { type: 'retry' } | undefined {
  if (m?.type === 'ready') return m.fresh === true ? { type: 'ready', fresh: true } : { type: 'ready' };
  return m?.type === 'retry' ? { type: 'retry' } : undefined;
}
