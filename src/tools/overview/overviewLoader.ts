// Loads the account overview: for each instance its month and the month before (the change, like for like:
// shared/comparison.ts), at 'low' priority through the profile's request scheduler, so a month view or trend
// opened meanwhile is served first. Only those two months are ever asked; the trend cell is drawn from months
// already in hand (the door's month cache and finished-months store). Rows are reported as they settle; an abort
// stops what is still queued. Shared by the overview panel (src/panels/overview/controller.ts) and the overview
// tool of both doors. vscode-free.
import {
  changePct,
  figuresOf,
  overviewTotals,
  overviewTrendMonths,
  type OverviewRow,
  type OverviewTotals,
} from '../../shared/overview/overview.js';
import { compareMonths } from '../../shared/comparison.js';
import { shiftMonthId } from '../../shared/protocol.js';
import type { MonthView } from '../../shared/monthModel.js';
import { futureMonthProblem } from '../months/futureMonth.js';
import { HISTORY_MONTHS, inProgress } from '../months/projectionLoader.js';
import { projectMonth } from '../../shared/projection.js';

/** The requests of the overview wait behind every view's (core/http/scheduler.ts). */
export const OVERVIEW_PRIORITY = 'low';

export interface OverviewMonthSource {
  /** One month: answered from memory or the finished-months store when the door has them, else one request. */
  load(instanceId: string, monthId: string, signal: AbortSignal, priority: typeof OVERVIEW_PRIORITY): Promise<{ view: MonthView }>;
  /** A month already in hand, never a request; undefined when it is not. */
  inHand?(instanceId: string, monthId: string): Promise<{ view: MonthView } | undefined>;
}

export interface OverviewLoadOptions {
  signal: AbortSignal;
  /** Each row as it settles (ok or failed), with its index in `instanceIds`. */
  onRow?: (row: OverviewRow, index: number) => void;
  /** One sentence for a failed row (default: the error's message). */
  errorText?: (e: unknown) => string;
  /** Project a month in progress (voiceSms.forecast.show); default yes. */
  forecast?: boolean;
}

export interface OverviewResult {
  monthId: string;
  previousMonthId: string;
  /** In the order of `instanceIds`; rows an abort left unloaded are 'pending'. */
  rows: OverviewRow[];
  totals: OverviewTotals;
  cancelled: boolean;
  /** `monthId` is after the service's current month: this sentence instead of rows (tools/months/futureMonth.ts). */
  futureMonth?: string;
}

export function pendingRow(instanceId: string): OverviewRow {
  return { instanceId, status: 'pending', trend: new Array<number | null>(12).fill(null) };
}

const defaultErrorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** One instance's row (the overview's load, and the retry of a failed row). Rejects only on abort. */
export async function loadOverviewRow(
  source: OverviewMonthSource,
  instanceId: string,
  monthId: string,
  signal: AbortSignal,
  errorText: (e: unknown) => string = defaultErrorText,
  forecast = true,
): Promise<OverviewRow> {
  const previousId = shiftMonthId(monthId, -1);
  const settle = (m: string) =>
    source.load(instanceId, m, signal, OVERVIEW_PRIORITY).then(
      (r) => ({ ok: true as const, view: r.view }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const [current, previous] = await Promise.all([settle(monthId), settle(previousId)]);
  if (signal.aborted) throw abortReason(signal);
  if (!current.ok) return { ...pendingRow(instanceId), status: 'failed', error: errorText(current.error) };
  const figures = figuresOf(current.view);
  // The change is like for like (the same days of both months); the trend cell keeps whole months.
  const comparison = previous.ok ? compareMonths(current.view, previous.view) : undefined;
  const before = comparison?.previous.callLegs;
  const project = forecast && inProgress(current.view);
  // The trend's months and, for a month in progress, the finished months the projection needs: only those in hand.
  const wanted = new Set([
    ...overviewTrendMonths(monthId),
    ...(project ? Array.from({ length: HISTORY_MONTHS }, (_, i) => shiftMonthId(monthId, -(i + 1))) : []),
  ]);
  const known = new Map<string, MonthView>([[monthId, current.view], ...(previous.ok ? [[previousId, previous.view] as const] : [])]);
  const inHand = await monthsInHand(
    source,
    instanceId,
    [...wanted].filter((m) => !known.has(m)),
  );
  for (const [m, v] of inHand) known.set(m, v);
  const trend = overviewTrendMonths(monthId).map((m) => known.get(m)?.totals.callLegs ?? null);
  const p = project
    ? projectMonth(
        current.view,
        [...known.values()].filter((v) => v.monthId < monthId),
      )
    : undefined;
  return {
    instanceId,
    status: 'ok',
    figures,
    ...(comparison ? { previousCallLegs: comparison.previous.callLegs, compared: comparison.compared } : {}),
    changePct: changePct(figures.callLegs, before),
    trend,
    ...(p
      ? {
          projection: {
            callLegs: p.counters.callLegs.total,
            low: p.counters.callLegs.low,
            high: p.counters.callLegs.high,
            basis: p.basis,
            backtestMonths: p.backtestMonths,
          },
        }
      : {}),
  };
}

/** Months already in hand (never a request); an unreadable stored month is only a gap. */
async function monthsInHand(source: OverviewMonthSource, instanceId: string, monthIds: readonly string[]): Promise<Map<string, MonthView>> {
  const out = new Map<string, MonthView>();
  if (!source.inHand) return out;
  await Promise.all(
    monthIds.map(async (m) => {
      try {
        const r = await source.inHand!(instanceId, m);
        if (r) out.set(m, r.view);
      } catch {
        // a gap
      }
    }),
  );
  return out;
}

/**
 * Every instance's row for `monthId`. All loads are queued at once: the scheduler decides how many are on the
 * wire and keeps them behind the views'. Resolves when every row settled or the signal aborted.
 */
export async function loadOverview(
  source: OverviewMonthSource,
  instanceIds: readonly string[],
  monthId: string,
  options: OverviewLoadOptions,
): Promise<OverviewResult> {
  // The first answer names the service's current day: a month after it stops the load before any row is reported.
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  let futureMonth: string | undefined;
  const watched: OverviewMonthSource = {
    load: async (instanceId, m, s, priority) => {
      const r = await source.load(instanceId, m, s, priority);
      if (m === monthId) futureMonth ??= futureMonthProblem(monthId, r.view.currentDateId);
      if (futureMonth !== undefined) stop.abort();
      return r;
    },
    ...(source.inHand ? { inHand: (instanceId: string, m: string) => source.inHand!(instanceId, m) } : {}),
  };
  const rows = instanceIds.map(pendingRow);
  await Promise.all(
    instanceIds.map(async (instanceId, i) => {
      if (signal.aborted) return;
      let row: OverviewRow;
      try {
        row = await loadOverviewRow(watched, instanceId, monthId, signal, options.errorText, options.forecast);
      } catch {
        return; // aborted: the row stays pending
      }
      if (futureMonth !== undefined) return;
      rows[i] = row;
      options.onRow?.(row, i);
    }),
  );
  return {
    monthId,
    previousMonthId: shiftMonthId(monthId, -1),
    rows,
    totals: overviewTotals(rows),
    cancelled: options.signal.aborted,
    ...(futureMonth !== undefined ? { futureMonth } : {}),
  };
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : Object.assign(new Error('aborted'), { name: 'AbortError' });
}
