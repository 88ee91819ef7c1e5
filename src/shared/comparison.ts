// Which days a change compares, written once for every surface that shows one (month view, overview rows and
// total, chat and MCP texts, exports): a month that is not finished is set against the same days of the month
// before — 1 … its current day, clamped to that month's length — and a finished month against the whole month
// before. Comparing "the month so far" with a whole month read −90 % on the 3rd. Pure: no vscode, no DOM, type
// imports only from core (the webview bundle includes this file).
import type { DayStats, MonthTotals, MonthView } from './monthModel.js';
import { shiftMonthId } from './idRules.js';

export interface ComparedDays {
  /** YYYYMM of the month shown and of the month it is set against. */
  monthId: string;
  previousMonthId: string;
  /** Days 1 … lastDay of the month are compared (its length when whole). */
  lastDay: number;
  /** Days 1 … previousLastDay of the month before (its length when whole). */
  previousLastDay: number;
  /** Both months whole: the month shown is finished. */
  wholeMonths: boolean;
}

function monthLength(monthId: string): number {
  return new Date(Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)), 0)).getUTCDate();
}

/**
 * The days a change of `view`'s month compares, from the service's current day: before the month's last day,
 * 1 … that day against the same days before; later (or on its last day once the UTC clock `now` has left the
 * month), the whole months. Undefined when the month has not begun (nothing to compare).
 */
export function comparableDays(view: Pick<MonthView, 'monthId' | 'currentDateId'>, now: number = Date.now()): ComparedDays | undefined {
  const { monthId, currentDateId } = view;
  const previousMonthId = shiftMonthId(monthId, -1);
  const length = monthLength(monthId);
  const previousLength = monthLength(previousMonthId);
  const whole: ComparedDays = { monthId, previousMonthId, lastDay: length, previousLastDay: previousLength, wholeMonths: true };
  const currentMonth = currentDateId.slice(0, 6);
  if (currentMonth > monthId) return whole;
  if (currentMonth < monthId) return undefined;
  const day = Number(currentDateId.slice(6, 8));
  const nextMonthStart = Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)), 1);
  if (day >= length && now >= nextMonthStart) return whole;
  return { monthId, previousMonthId, lastDay: day, previousLastDay: Math.min(day, previousLength), wholeMonths: false };
}

/** Totals of the days 1 … lastDay that are not future (the month model's totals, cut at a day). */
export function totalsThrough(days: readonly DayStats[], lastDay: number): MonthTotals {
  const t: MonthTotals = { callLegs: 0, callLegsIn: 0, callLegsOut: 0, callsUnique: 0, durationMin: 0, days: 0 };
  for (const d of days) {
    if (d.future || Number(d.dateId.slice(6, 8)) > lastDay) continue;
    t.callLegs += d.callLegs;
    t.callLegsIn += d.callLegsIn;
    t.callLegsOut += d.callLegsOut;
    t.callsUnique += d.callsUnique;
    t.durationMin += d.durationMin;
    t.days += 1;
  }
  return t;
}

export interface MonthComparison {
  compared: ComparedDays;
  /** The month shown over the compared days: its own totals (days after its current day are future). */
  current: MonthTotals;
  /** The month before over the compared days. */
  previous: MonthTotals;
}

/** Both sides of a change, like for like; undefined when the month has not begun. */
export function compareMonths(
  current: Pick<MonthView, 'monthId' | 'currentDateId' | 'days' | 'totals'>,
  previous: Pick<MonthView, 'days' | 'totals'>,
  now?: number,
): MonthComparison | undefined {
  const compared = comparableDays(current, now);
  if (!compared) return undefined;
  // The month's own totals either way: before its last day they cover 1 … the current day, the rest being future.
  const before = compared.wholeMonths ? previous.totals : totalsThrough(previous.days, compared.previousLastDay);
  return { compared, current: current.totals, previous: before };
}

/** The compared days as ISO dates (YYYY-MM-DD), for texts, structured data and exports. */
export interface ComparedDates {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  wholeMonths: boolean;
}

export function comparedDates(c: ComparedDays): ComparedDates {
  const iso = (monthId: string, day: number): string => `${monthId.slice(0, 4)}-${monthId.slice(4, 6)}-${String(day).padStart(2, '0')}`;
  return {
    from: iso(c.monthId, 1),
    to: iso(c.monthId, c.lastDay),
    previousFrom: iso(c.previousMonthId, 1),
    previousTo: iso(c.previousMonthId, c.previousLastDay),
    wholeMonths: c.wholeMonths,
  };
}

/** True when two comparisons cover the same days (the overview's total names one range only when all rows agree). */
export function sameDays(a: ComparedDays, b: ComparedDays): boolean {
  return a.monthId === b.monthId && a.lastDay === b.lastDay && a.previousLastDay === b.previousLastDay && a.wholeMonths === b.wholeMonths;
}
