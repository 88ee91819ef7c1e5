// Where a month in progress will end: for each counter, the days so far plus the remaining days projected from the
// instance's own weekday profile (seasonal-naive with period 7), with a range from how far the same method missed on
// the finished months in hand. docs/usage.md#projection-and-unusual-days says it in plain words; the rules:
// - profile: for each weekday, the median of that weekday's days in the PROFILE_WEEKS weeks before the projected
//   days (days the service sent, from the finished months and the month so far); it needs MIN_PER_WEEKDAY days of
//   every weekday;
// - the current day is not over: it counts as the larger of its count so far and its weekday's median;
// - range: each finished month (the BACKTEST_MONTHS most recent that can be) is projected from its first N whole days (N = the whole days of this month so far),
//   each with the profile of the weeks before its own day N+1; the errors (actual − projected) shift the projection,
//   from the lowest error to the highest (quantiles 0 and 1); it needs MIN_BACKTESTS such months;
// - too little history (no profile): the remaining days at the mean of this month's whole days so far, and the wide
//   range WIDE_SHARE below and above the projected remaining days (also used with a profile but too few backtests);
// - the range always holds the projection and never goes below the days so far; a finished month has none.
// Counters are the month model's numbers: sums past 2^53 are rounded floats, as the month's totals are.
// No vscode, no DOM: pure and unit-tested against an independent reference (test/unit/shared/projection.test.ts).
import type { DayStats, MonthView } from './monthModel.js';
import { comparableDays } from './comparison.js';

export const PROJECTED_COUNTERS = ['callLegs', 'callLegsIn', 'callLegsOut', 'callsUnique', 'durationMin'] as const;
export type ProjectedCounter = (typeof PROJECTED_COUNTERS)[number];

/** Weeks before the projected days whose same weekdays make the profile. */
export const PROFILE_WEEKS = 8;
/** Days of each weekday the profile needs. */
const MIN_PER_WEEKDAY = 3;
/** Backtested finished months at most: the most recent ones whose own profile could be made. */
const BACKTEST_MONTHS = 12;
/** Backtested finished months the range needs; fewer: the wide range. */
const MIN_BACKTESTS = 3;
/** The wide range: the projected remaining days this share lower and higher. */
export const WIDE_SHARE = 0.5;

const DAY_MS = 86_400_000;

type ProjectableMonth = Pick<MonthView, 'monthId' | 'currentDateId' | 'days'>;

export interface CounterProjection {
  /** The month's total so far (non-future days). */
  soFar: number;
  /** The projected month-end total (whole). */
  total: number;
  low: number;
  high: number;
}

export interface MonthProjection {
  monthId: string;
  /** The service's current day the projection starts from. */
  currentDateId: string;
  /** 'weekdays': the weekday profile; 'monthSoFar': too little history, the mean of the month's whole days. */
  basis: 'weekdays' | 'monthSoFar';
  /** Days still to come, the current one included. */
  remainingDays: number;
  /** The fewest days of one weekday the profile had (0 with no profile). */
  profileDays: number;
  /** Finished months the range came from; 0: the wide range. */
  backtestMonths: number;
  counters: Record<ProjectedCounter, CounterProjection>;
  /** Each remaining day's projected count, the current one first (its whole day), for the chart. */
  days: Array<{ dateId: string } & Record<ProjectedCounter, number>>;
}

function msOf(dateId: string): number {
  return Date.UTC(Number(dateId.slice(0, 4)), Number(dateId.slice(4, 6)) - 1, Number(dateId.slice(6, 8)));
}

function idOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

function monthLength(monthId: string): number {
  return new Date(Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)), 0)).getUTCDate();
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 === 1 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

/** 0 = Sunday … 6 = Saturday of a UTC day's ms (1970-01-01 was a Thursday); day numbers key the known days. */
function weekdayOf(ms: number): number {
  return (((Math.round(ms / DAY_MS) + 4) % 7) + 7) % 7;
}

type Known = ReadonlyMap<number, DayStats>;

type Profile = { perWeekday: Record<ProjectedCounter, number[]>; fewest: number };

/** The weekday medians of the PROFILE_WEEKS weeks before `cut` (ms of a day), or undefined with too few of a weekday. */
function profileBefore(known: Known, cut: number): Profile | undefined {
  const buckets: DayStats[][] = [[], [], [], [], [], [], []];
  const cutDay = Math.round(cut / DAY_MS);
  const cutWeekday = weekdayOf(cut);
  for (let k = 1; k <= PROFILE_WEEKS * 7; k++) {
    const d = known.get(cutDay - k);
    if (d) buckets[(((cutWeekday - k) % 7) + 7) % 7]!.push(d);
  }
  const fewest = Math.min(...buckets.map((b) => b.length));
  if (fewest < MIN_PER_WEEKDAY) return undefined;
  const perWeekday = {} as Record<ProjectedCounter, number[]>;
  for (const c of PROJECTED_COUNTERS) perWeekday[c] = buckets.map((b) => median(b.map((d) => d[c])));
  return { perWeekday, fewest };
}

/** The sum of a counter over the days of `monthId` numbered 1 … `lastDay` that `known` holds. */
function sumThrough(known: Known, monthId: string, lastDay: number, c: ProjectedCounter): number {
  const first = Math.round(msOf(`${monthId}01`) / DAY_MS);
  let n = 0;
  for (let day = 0; day < lastDay; day++) n += known.get(first + day)?.[c] ?? 0;
  return n;
}

/** The projected sum of the days `fromDay` … the month's last by the profile. */
function restByProfile(profile: Profile, c: ProjectedCounter, monthId: string, fromDay: number): number {
  const first = msOf(`${monthId}01`);
  let n = 0;
  for (let day = fromDay; day <= monthLength(monthId); day++) n += profile.perWeekday[c][weekdayOf(first + (day - 1) * DAY_MS)]!;
  return n;
}

/** The days the service sent, not future, by UTC day number (the month's own win over a copy in `finished`). */
function knownDays(month: ProjectableMonth, finished: readonly ProjectableMonth[]): Map<number, DayStats> {
  const known = new Map<number, DayStats>();
  for (const m of [...finished, month])
    for (const d of m.days) if (!d.future && d.dateId.startsWith(m.monthId)) known.set(Math.round(msOf(d.dateId) / DAY_MS), d);
  return known;
}

/**
 * The projection of `month` if it is in progress (by the service's current day, and the UTC clock `now` on its last
 * day), else undefined; also undefined when there is nothing to project from (no profile and no whole day yet).
 * `finished`: the finished months in hand, any order (months not before `month` are ignored).
 */
export function projectMonth(
  month: ProjectableMonth,
  finished: readonly ProjectableMonth[],
  now: number = Date.now(),
): MonthProjection | undefined {
  const compared = comparableDays(month, now);
  if (!compared || compared.wholeMonths) return undefined;
  const { monthId, currentDateId } = month;
  // Newest first: the backtests take the most recent months.
  const before = finished.filter((m) => m.monthId < monthId).sort((a, b) => (a.monthId < b.monthId ? 1 : -1));
  const known = knownDays(month, before);
  const today = Number(currentDateId.slice(6, 8));
  const wholeDays = today - 1;
  const length = monthLength(monthId);
  const todayMs = msOf(currentDateId);
  const todayEntry = month.days.find((d) => d.dateId === currentDateId);
  const profile = profileBefore(known, todayMs);

  // The month's whole days so far, for the fallback's mean.
  const sentWhole = month.days.filter((d) => !d.future && d.dateId < currentDateId && d.dateId.startsWith(monthId)).length;
  if (!profile && sentWhole === 0) return undefined;

  // Backtests: each finished month from its first N whole days, with the profile of the weeks before day N + 1.
  const errors = {} as Record<ProjectedCounter, number[]>;
  for (const c of PROJECTED_COUNTERS) errors[c] = [];
  if (profile) {
    for (const m of before) {
      if (errors.callLegs.length === BACKTEST_MONTHS) break;
      const cut = msOf(`${m.monthId}01`) + Math.min(wholeDays, monthLength(m.monthId)) * DAY_MS;
      const p = profileBefore(known, cut);
      if (!p) continue;
      const n = Math.min(wholeDays, monthLength(m.monthId));
      for (const c of PROJECTED_COUNTERS) {
        const actual = sumThrough(known, m.monthId, monthLength(m.monthId), c);
        const projected = sumThrough(known, m.monthId, n, c) + restByProfile(p, c, m.monthId, n + 1);
        errors[c].push(actual - projected);
      }
    }
  }
  const backtests = errors.callLegs.length;

  const counters = {} as Record<ProjectedCounter, CounterProjection>;
  const perDay = {} as Record<ProjectedCounter, (ms: number) => number>;
  for (const c of PROJECTED_COUNTERS) {
    const soFar = sumThrough(known, monthId, today, c);
    const whole = soFar - (todayEntry?.[c] ?? 0);
    const mean = sentWhole > 0 ? whole / sentWhole : 0;
    const dayValue = profile ? (ms: number) => profile.perWeekday[c][weekdayOf(ms)]! : () => mean;
    perDay[c] = dayValue;
    const todayProjected = Math.max(todayEntry?.[c] ?? 0, dayValue(todayMs));
    let rest = todayProjected;
    for (let day = today + 1; day <= length; day++) rest += dayValue(todayMs + (day - today) * DAY_MS);
    const projected = whole + rest;
    const remaining = projected - soFar;
    let low: number;
    let high: number;
    if (profile && backtests >= MIN_BACKTESTS) {
      low = projected + Math.min(...errors[c]);
      high = projected + Math.max(...errors[c]);
    } else {
      low = soFar + remaining * (1 - WIDE_SHARE);
      high = soFar + remaining * (1 + WIDE_SHARE);
    }
    counters[c] = {
      soFar,
      total: Math.round(projected),
      low: Math.floor(Math.max(soFar, Math.min(low, projected))),
      high: Math.ceil(Math.max(high, projected)),
    };
  }

  const days: MonthProjection['days'] = [];
  for (let day = today; day <= length; day++) {
    const ms = todayMs + (day - today) * DAY_MS;
    const row = { dateId: idOf(ms) } as MonthProjection['days'][number];
    for (const c of PROJECTED_COUNTERS) row[c] = day === today ? Math.max(todayEntry?.[c] ?? 0, perDay[c](ms)) : perDay[c](ms);
    days.push(row);
  }

  return {
    monthId,
    currentDateId,
    basis: profile ? 'weekdays' : 'monthSoFar',
    remainingDays: length - today + 1,
    profileDays: profile?.fewest ?? 0,
    backtestMonths: profile && backtests >= MIN_BACKTESTS ? backtests : 0,
    counters,
    days,
  };
}
