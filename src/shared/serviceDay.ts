// Whether the service's current day (an answer's currentDateID) is believed at this computer's clock. One rule for
// every reader of that day: the finished-months store (is a month over?), the future-month refusal of the panels
// and tools (is a month still to come?) and the watch (which day do today's figures and alerts belong to?). A
// service whose day runs years ahead must not make a month finished, present, or "today". Here, not in the core:
// the tools (and so the MCP server, which takes the core from dist/core.js) read it without carrying core code.

/**
 * A service day further than this from this computer's clock is not believed: no time zone is more than a day from
 * UTC, and a day more allows for a clock slightly off. A currentDateID of 20991231 must not make a month finished.
 */
export const MAX_SERVICE_DAY_SKEW_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ID = /^\d{8}$/;

/** This computer's (UTC) month at `now`, as YYYYMM. */
export function utcMonthId(now: number): string {
  return new Date(now).toISOString().slice(0, 7).replace('-', '');
}

/** Why a service day is not believed: `days` ahead of (or behind) this computer's UTC day `today` (YYYY-MM-DD). */
export type DoubtedDay =
  | { currentDateId: string; reason: 'notADate'; today: string }
  | { currentDateId: string; reason: 'ahead' | 'behind'; days: number; today: string };

/**
 * Whole days between the service's current day and this computer's (UTC) day at `now`; undefined when the
 * service's day is not a calendar date.
 */
function serviceDaySkew(currentDateId: string, now: number): number | undefined {
  if (!DATE_ID.test(currentDateId)) return undefined;
  const y = Number(currentDateId.slice(0, 4));
  const m = Number(currentDateId.slice(4, 6));
  const d = Number(currentDateId.slice(6, 8));
  const at = Date.UTC(y, m - 1, d);
  const back = new Date(at);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return undefined;
  const today = new Date(now);
  return Math.round((at - Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) / DAY_MS);
}

/**
 * The service's current day in an answer for `monthId` is not believed at `now` when it is not a date, lies more
 * than MAX_SERVICE_DAY_SKEW_DAYS ahead of this computer's clock, or — in an answer for this computer's month or a
 * later one, where it stands for today — as far behind. A past month's answer may name an earlier day (the
 * simulator names the month's last day). Undefined: believed.
 */
export function doubtedServiceDay(view: { monthId: string; currentDateId: string }, now: number): DoubtedDay | undefined {
  const today = new Date(now).toISOString().slice(0, 10);
  const skew = serviceDaySkew(view.currentDateId, now);
  if (skew === undefined) return { currentDateId: view.currentDateId, reason: 'notADate', today };
  const current = view.monthId >= utcMonthId(now);
  if (skew <= MAX_SERVICE_DAY_SKEW_DAYS && (!current || skew >= -MAX_SERVICE_DAY_SKEW_DAYS)) return undefined;
  return { currentDateId: view.currentDateId, reason: skew > 0 ? 'ahead' : 'behind', days: Math.abs(skew), today };
}

/** The doubt in English, for the log (users read the doors' own translated sentences). */
export function doubtInWords(d: DoubtedDay): string {
  if (d.reason === 'notADate') return `the service's current day ${d.currentDateId} is not a date`;
  return `the service's current day ${d.currentDateId} is ${d.days} days ${d.reason === 'ahead' ? 'ahead of' : 'behind'} this computer's clock (${d.today} UTC), not believed`;
}
