// YYYYMM / YYYYMMDD ids in UTC, as the simulator reads them from paths. Strict on purpose: the simulator
// answers 400 for anything else, so clients learn to send exactly these forms.

const MONTH_ID = /^([1-9]\d{3})(0[1-9]|1[0-2])$/;
const DATE_ID = /^([1-9]\d{3})(0[1-9]|1[0-2])(\d{2})$/;

const two = (n: number): string => String(n).padStart(2, '0');

export function isMonthId(s: string): boolean {
  return MONTH_ID.test(s);
}

/** True for YYYYMMDD naming a real calendar day. */
export function isDateId(s: string): boolean {
  const m = DATE_ID.exec(s);
  if (!m) return false;
  const day = Number(m[3]);
  return day >= 1 && day <= daysInMonth(s.slice(0, 6));
}

function daysInMonth(monthId: string): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)), 0)).getUTCDate();
}

/** Every day of the month, newest first. */
export function dateIdsNewestFirst(monthId: string): string[] {
  const n = daysInMonth(monthId);
  return Array.from({ length: n }, (_, i) => monthId + two(n - i));
}

export function dateIdOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
}

/** Midnight UTC of a YYYYMMDD, in ms. */
export function startOfDay(dateId: string): number {
  return Date.UTC(Number(dateId.slice(0, 4)), Number(dateId.slice(4, 6)) - 1, Number(dateId.slice(6, 8)));
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(dateId: string): number {
  return new Date(startOfDay(dateId)).getUTCDay();
}
