// The account overview's figures: one row per voice instance for one month, the change against the previous
// month, a 12-month call-leg trend from months already in hand, and the totals row. Pure data and arithmetic,
// shared by the loader (src/tools/overview/overviewLoader.ts), the tool, the exports and the webview, so the panel,
// the chat tool and the MCP tool cannot disagree on a figure. No vscode, no DOM, type imports only from core.
import type { MonthView } from '../monthModel.js';
import { sameDays, type ComparedDays } from '../comparison.js';
import { shiftMonthId } from '../idRules.js';

/** Months the trend cell draws, the newest being the overview's month. */
export const OVERVIEW_TREND_MONTHS = 12;

export interface OverviewFigures {
  callLegs: number;
  callLegsIn: number;
  callLegsOut: number;
  callsUnique: number;
  durationMin: number;
  /** Days up to the service's current day with at least one call leg. */
  activeDays: number;
}

type OverviewRowStatus = 'pending' | 'ok' | 'failed';

export interface OverviewRow {
  instanceId: string;
  status: OverviewRowStatus;
  /** Present when status is 'ok'. */
  figures?: OverviewFigures;
  /** Call legs of the previous month over the compared days (`compared`), when it loaded. */
  previousCallLegs?: number;
  /**
   * Change of call legs against the same days of the previous month, in percent with one decimal; null when the
   * previous month did not load or had none (no percentage of zero).
   */
  changePct?: number | null;
  /** The days the change compares (shared/comparison.ts), when there is a change. */
  compared?: ComparedDays;
  /** Call legs of the 12 months ending with the overview's month, oldest first; null where a month is not in hand. */
  trend: (number | null)[];
  /** Present when status is 'failed': one sentence saying why. */
  error?: string;
  /**
   * A month in progress (and voiceSms.forecast.show on): its call legs projected by month end with the range
   * (shared/projection.ts), from the finished months in hand.
   */
  projection?: OverviewProjection;
}

export interface OverviewProjection {
  callLegs: number;
  low: number;
  high: number;
  basis: 'weekdays' | 'monthSoFar';
  /** Finished months the range came from (0: the wide range). */
  backtestMonths: number;
}

export interface OverviewTotals extends OverviewFigures {
  /** Rows that loaded (their figures are summed). */
  instances: number;
  failed: number;
  pending: number;
  /** Sum of the previous month's call legs (over the compared days) over the rows where both months loaded. */
  previousCallLegs: number;
  /** Change over those rows, as in a row; null without any. */
  changePct: number | null;
  /** The days compared, when every compared row compared the same days. */
  compared?: ComparedDays;
}

export const FIGURE_KEYS = ['callLegs', 'callLegsIn', 'callLegsOut', 'callsUnique', 'durationMin', 'activeDays'] as const;

/** A month's figures: the view's totals (non-future days) plus how many of those days carried traffic. */
export function figuresOf(view: Pick<MonthView, 'days' | 'totals'>): OverviewFigures {
  const t = view.totals;
  return {
    callLegs: t.callLegs,
    callLegsIn: t.callLegsIn,
    callLegsOut: t.callLegsOut,
    callsUnique: t.callsUnique,
    durationMin: t.durationMin,
    activeDays: view.days.filter((d) => !d.future && d.callLegs > 0).length,
  };
}

/** Percent change from `previous` to `current`, one decimal; null when there is no base. */
export function changePct(current: number, previous: number | undefined): number | null {
  if (previous === undefined || previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The totals row over every loaded row (a failed or pending row adds nothing). */
export function overviewTotals(rows: readonly OverviewRow[]): OverviewTotals {
  const sum: OverviewTotals = {
    callLegs: 0,
    callLegsIn: 0,
    callLegsOut: 0,
    callsUnique: 0,
    durationMin: 0,
    activeDays: 0,
    instances: 0,
    failed: 0,
    pending: 0,
    previousCallLegs: 0,
    changePct: null,
  };
  let base = 0;
  let compared = 0;
  let days: ComparedDays | undefined;
  let mixed = false;
  for (const r of rows) {
    if (r.status === 'failed') sum.failed++;
    if (r.status === 'pending') sum.pending++;
    if (r.status !== 'ok' || !r.figures) continue;
    sum.instances++;
    for (const k of FIGURE_KEYS) sum[k] += r.figures[k];
    if (r.previousCallLegs !== undefined) {
      base += r.previousCallLegs;
      compared += r.figures.callLegs;
      if (r.compared) {
        if (days && !sameDays(days, r.compared)) mixed = true;
        days ??= r.compared;
      }
    }
  }
  sum.previousCallLegs = base;
  sum.changePct = changePct(compared, base);
  if (days && !mixed) sum.compared = days;
  return sum;
}

/** The 12 month ids of the trend cell, oldest first, ending with `monthId` (YYYYMM). */
export function overviewTrendMonths(monthId: string): string[] {
  return Array.from({ length: OVERVIEW_TREND_MONTHS }, (_, i) => shiftMonthId(monthId, i - (OVERVIEW_TREND_MONTHS - 1)));
}
