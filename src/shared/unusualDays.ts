// The one rule for "an unusual day", used by the month view (webview), the month tool's flags (both doors) and the
// watch's unusual-day alert (host). A day is unusual when its call legs lie far from the same weekday of the weeks
// before it: the modified z-score against those days' median and median absolute deviation (MAD),
//   |0.6745 · (x − median) / MAD| > 3.5,
// judged by the one "far from the others" function (modifiedZScore.ts, which the overview's instances against their
// peers use too), with its rules for MAD = 0, at least MIN_COMPARED compared values and MIN_DIFFERENCE call legs.
// What is a day's own here (docs/usage.md#unusual-days says it in plain words):
// - compared days: the same weekday (UTC calendar) earlier in the day's month and in the month before it, only days
//   the service sent and that are not in the future; at least MIN_SAME_WEEKDAYS of them, else nothing is said;
// - a day not over yet is judged on its count so far: the watch scales the compared days by the share of the day
//   gone (`share`) and says nothing of "low" before MIN_SHARE_FOR_LOW of it; the month view, which knows no hour,
//   judges the service's current day for "high" only.
// No vscode, no DOM: pure and unit-tested against an independent reference (test/unit/shared/unusualDays.test.ts).
import { farFrom, MIN_COMPARED, usualRange } from './modifiedZScore.js';

export { MIN_DIFFERENCE, Z_THRESHOLD } from './modifiedZScore.js';

/** One day's call legs. */
export interface DayCount {
  /** YYYYMMDD */
  dateId: string;
  callLegs: number;
}

/** Fewer earlier same-weekday days than this say nothing about "usual". */
export const MIN_SAME_WEEKDAYS = MIN_COMPARED;
/** Before this share of a day is gone, "lower than usual" is not judged (the watch: a morning is always low). */
const MIN_SHARE_FOR_LOW = 0.25;

export interface UnusualDay {
  dateId: string;
  /** 0 = Sunday … 6 = Saturday (UTC calendar). */
  weekday: number;
  /** The day's call legs (so far, for a day not over). */
  callLegs: number;
  direction: 'high' | 'low';
  /** How many earlier same-weekday days were compared. */
  compared: number;
  /** Their median (scaled by `share`). */
  median: number;
  /** The whole counts the rule calls usual for this day: a count outside lowest..highest is unusual. */
  usualLow: number;
  usualHigh: number;
  /** The modified z-score ((x − median) / scale; ±Infinity when every compared day was the same). */
  score: number;
  /** What the scale was: 1.4826 × MAD, 1.253314 × the mean absolute deviation (MAD = 0), or none (both 0). */
  scale: 'mad' | 'meanDeviation' | 'none';
  /** The share of the day the compared days were scaled to (1: whole days). */
  share: number;
}

export interface JudgeOptions {
  /** Share of the day gone (0–1): the compared whole days are scaled by it. Default 1 (a whole day). */
  share?: number;
  /** Judge "lower than usual" too. Default: when `share` ≥ MIN_SHARE_FOR_LOW. */
  judgeLow?: boolean;
}

function weekdayOf(dateId: string): number {
  return new Date(Date.UTC(Number(dateId.slice(0, 4)), Number(dateId.slice(4, 6)) - 1, Number(dateId.slice(6, 8)))).getUTCDay();
}

function previousMonthOf(dateId: string): string {
  const y = Number(dateId.slice(0, 4));
  const m = Number(dateId.slice(4, 6));
  return m === 1 ? `${y - 1}12` : `${y}${String(m - 1).padStart(2, '0')}`;
}

/** The days `dateId` is compared with: the same weekday before it, in its month and the month before (one per date). */
function sameWeekdaysBefore(dateId: string, history: readonly DayCount[]): DayCount[] {
  const weekday = weekdayOf(dateId);
  const from = `${previousMonthOf(dateId)}01`;
  const byDate = new Map<string, DayCount>();
  for (const d of history) if (d.dateId < dateId && d.dateId >= from && weekdayOf(d.dateId) === weekday) byDate.set(d.dateId, d);
  return [...byDate.values()].sort((a, b) => (a.dateId < b.dateId ? -1 : 1));
}

/**
 * The verdict on `day` against the earlier days in `history` (any days: the rule picks the compared ones), or
 * undefined when it is usual or too few same weekdays are known to tell.
 */
export function judgeDay(day: DayCount, history: readonly DayCount[], options: JudgeOptions = {}): UnusualDay | undefined {
  const same = sameWeekdaysBefore(day.dateId, history);
  if (same.length < MIN_SAME_WEEKDAYS) return undefined;
  const share = Math.min(1, Math.max(0, options.share ?? 1));
  const judgeLow = options.judgeLow ?? share >= MIN_SHARE_FOR_LOW;
  const verdict = farFrom(
    day.callLegs,
    same.map((d) => d.callLegs * share),
  );
  if (!verdict?.far) return undefined;
  if (verdict.direction === 'low' && !judgeLow) return undefined;
  return {
    dateId: day.dateId,
    weekday: weekdayOf(day.dateId),
    callLegs: day.callLegs,
    direction: verdict.direction,
    compared: same.length,
    median: verdict.median,
    ...usualRange(verdict),
    score: verdict.score,
    scale: verdict.scaleKind,
    share,
  };
}

/** A day of a month as the month model has it. */
export interface MonthDay extends DayCount {
  future: boolean;
}

/**
 * The unusual days of a month: each day the service sent that is not in the future, against the days of the month
 * and of `previousDays` (the month before, when it could be read). The service's current day is not over: it is
 * judged for "high" only. Keyed by dateId.
 */
export function unusualDaysOfMonth(
  month: { currentDateId: string; days: readonly MonthDay[] },
  previousDays: readonly MonthDay[] = [],
): Map<string, UnusualDay> {
  const history = [...previousDays, ...month.days].filter((d) => !d.future);
  const out = new Map<string, UnusualDay>();
  for (const d of month.days) {
    if (d.future) continue;
    const verdict = judgeDay(d, history, d.dateId === month.currentDateId ? { judgeLow: false } : {});
    if (verdict) out.set(d.dateId, verdict);
  }
  return out;
}

/** A median or other figure as shown: whole when it is, else one decimal. */
export function roundedFigure(n: number): number {
  return Math.round(n * 10) / 10;
}
