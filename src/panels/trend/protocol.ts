// The trend's part of the webview protocol (the envelope and the shapes kinds share: src/shared/protocol.ts): its
// saved state (a month view's), its messages both ways and their checks.
import { isMonthId, panelMessage, record } from '../../shared/protocol.js';
import type { MonthTotalsData, PanelError, ReadyMessage, ResponseMeta } from '../../shared/protocol.js';
import { parseMonthViewState } from '../monthView/protocol.js';

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

export function parseTrendState(v: unknown): TrendState | undefined {
  return parseMonthViewState(v);
}
