// The months and days that resources and prompts name: the forms the tools take ("202611" or "2026-11", "20261128" or
// "2026-11-28"; a prompt argument and a URI are always text), read to the canonical YYYYMM / YYYYMMDD, any other refused
// with the tools' one sentence naming the forms, and what a client is offered while the user types one (the last 12
// months by this computer's clock, newest first; the days of one of them). The service's own current day decides
// what is in the future: the month view refuses that (tools/months/futureMonth.ts), not these checks.
import { dateIdArg, monthIdArg, periodArgProblem } from '../tools/args.js';
import { shiftMonthId } from '../shared/idRules.js';
import { utcMonthId } from '../shared/serviceDay.js';

/** What a client is offered while the user types an argument: each returns the values starting with `typed`. */
export interface Offers {
  /** The configured voice instances. */
  instances(typed: string): string[];
  /** The recent months, newest first. */
  months(typed: string): string[];
  /** Days of a recent month, newest first. */
  days(typed: string): string[];
}

/** How many months back completion offers, the current one included. */
const RECENT_MONTHS = 12;

/** `value` as YYYYMM when it is a month in a form the tools take ("YYYYMM", "YYYY-MM"); else the one refusing sentence. */
export function monthForm(name: string, value: string): { id: string } | { problem: string } {
  const id = monthIdArg(value);
  return id !== undefined ? { id } : { problem: periodArgProblem(name, 'month') };
}

function daysIn(monthId: string): number {
  return new Date(Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)), 0)).getUTCDate();
}

/** `value` as YYYYMMDD when it is a real calendar day in a form the tools take ("YYYYMMDD", "YYYY-MM-DD"); else the sentence. */
export function dateForm(name: string, value: string): { id: string } | { problem: string } {
  const id = dateIdArg(value);
  return id !== undefined ? { id } : { problem: periodArgProblem(name, 'date') };
}

/** 202611 → "November 2026". */
export function monthName(monthId: string): string {
  const first = new Date(Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)) - 1));
  return `${first.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${monthId.slice(0, 4)}`;
}

/** 20261115 → "15 November 2026". */
export function dayName(dateId: string): string {
  return `${Number(dateId.slice(6))} ${monthName(dateId.slice(0, 6))}`;
}

/** The month before `monthId`. */
export function previousMonth(monthId: string): string {
  return shiftMonthId(monthId, -1);
}

/** The current month by this computer's clock (UTC). */
export function currentMonth(now: number): string {
  return utcMonthId(now);
}

/** The last RECENT_MONTHS month ids, newest first, that start with what was typed. */
export function recentMonths(typed: string, now: number): string[] {
  const current = utcMonthId(now);
  const months: string[] = [];
  for (let i = 0; i < RECENT_MONTHS; i++) months.push(shiftMonthId(current, -i));
  return months.filter((m) => m.startsWith(typed.trim()));
}

/**
 * Days to offer, newest first, that start with what was typed: of the recent month the typed text names (202609…),
 * else of the current month; never after today.
 */
export function recentDays(typed: string, now: number): string[] {
  const prefix = typed.trim();
  const today = new Date(now);
  const todayId = `${utcMonthId(now)}${String(today.getUTCDate()).padStart(2, '0')}`;
  const named = recentMonths(prefix.slice(0, 6), now);
  const month = prefix.length >= 6 && named.length === 1 ? named[0]! : utcMonthId(now);
  const days: string[] = [];
  for (let d = daysIn(month); d >= 1; d--) {
    const id = `${month}${String(d).padStart(2, '0')}`;
    if (id <= todayId && id.startsWith(prefix)) days.push(id);
  }
  return days;
}

/** The configured instance ids that start with what was typed (case aside), in their configured order. */
export function matchingInstances(instances: readonly string[], typed: string): string[] {
  const prefix = typed.trim().toLowerCase();
  return instances.filter((id) => id.toLowerCase().startsWith(prefix));
}
