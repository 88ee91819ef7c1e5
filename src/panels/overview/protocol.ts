// The account overview's part of the webview protocol (the envelope and the shapes kinds share:
// src/shared/protocol.ts): its saved state, its messages both ways and their checks. Its figures are in
// src/shared/overview/overview.ts.
import type { OverviewRow } from '../../shared/overview/overview.js';
import { isInstanceId, isMonthId, panelMessage, record } from '../../shared/protocol.js';
import type { PanelError, ReadyMessage } from '../../shared/protocol.js';

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
