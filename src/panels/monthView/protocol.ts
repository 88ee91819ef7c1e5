// The month view's part of the webview protocol (the envelope and the shapes kinds share: src/shared/protocol.ts):
// its saved state, its messages both ways and their checks.
import type { ComparedDays } from '../../shared/comparison.js';
import { isDateId, isInstanceId, isMonthId, panelMessage, record } from '../../shared/protocol.js';
import type { MonthTotalsData, MonthViewData, ReadyMessage, ResponseMeta, PanelError } from '../../shared/protocol.js';

/** A day of the month before, as much as the unusual-day rule needs of it. */
export interface PreviousDayData {
  dateId: string;
  callLegs: number;
  future: boolean;
}

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

export function parseMonthViewState(v: unknown): MonthViewState | undefined {
  const s = record(v);
  return s && isInstanceId(s.instanceId) && isMonthId(s.monthId) ? { instanceId: s.instanceId, monthId: s.monthId } : undefined;
}
