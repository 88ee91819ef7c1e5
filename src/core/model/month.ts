// Month arithmetic on YYYYMM / YYYYMMDD identifiers, all in UTC so that the answer never depends on the
// machine's time zone.
import { MONTH_ID, shiftMonthId } from '../../shared/idRules.js';
import { validationError } from '../errors.js';
import * as l10n from '@vscode/l10n';

/** Splits a valid YYYYMM into numbers; throws validationError('monthId') otherwise. */
export function splitMonthId(monthId: string): { year: number; month: number } {
  const m = MONTH_ID.exec(monthId);
  if (!m) throw validationError('monthId', l10n.t('expected YYYYMM with a month from 01 to 12, e.g. 202406'));
  return { year: Number(m[1]), month: Number(m[2]) };
}

function formatMonthId(year: number, month: number): string {
  if (year < 1000 || year > 9999) throw validationError('monthId', l10n.t('the year must stay between 1000 and 9999'));
  return `${year}${String(month).padStart(2, '0')}`;
}

/** The UTC month of a Date, as YYYYMM. */
export function monthIdOf(d: Date): string {
  if (Number.isNaN(d.getTime())) throw validationError('date', l10n.t('not a valid date'));
  return formatMonthId(d.getUTCFullYear(), d.getUTCMonth() + 1);
}

/** The UTC day of a Date, as YYYYMMDD. */
export function dateIdOf(d: Date): string {
  return monthIdOf(d) + String(d.getUTCDate()).padStart(2, '0');
}

/** Moves a YYYYMM by `delta` months (negative goes back); the arithmetic is shared with the webviews (shared/idRules.ts). */
export function addMonths(monthId: string, delta: number): string {
  if (!Number.isInteger(delta)) throw validationError('delta', l10n.t('must be a whole number of months'));
  splitMonthId(monthId);
  const shifted = shiftMonthId(monthId, delta);
  if (!MONTH_ID.test(shifted)) throw validationError('monthId', l10n.t('the year must stay between 1000 and 9999'));
  return shifted;
}

/** `n` months ending at `from`, newest first: lastMonths(3, '202402') -> ['202402', '202401', '202312']. */
export function lastMonths(n: number, from: string): string[] {
  splitMonthId(from);
  const count = Math.max(0, Math.floor(n));
  return Array.from({ length: count }, (_, i) => addMonths(from, -i));
}

const daysCache = new Map<string, number>();

export function daysInMonth(monthId: string): number {
  // Asked once per day of every answer read: a month's length is worked out once.
  let n = daysCache.get(monthId);
  if (n === undefined) {
    const { year, month } = splitMonthId(monthId);
    // Day 0 of the next month is the last day of this one.
    n = new Date(Date.UTC(year, month, 0)).getUTCDate();
    if (daysCache.size < 1024) daysCache.set(monthId, n);
  }
  return n;
}

/** Every day of the month as YYYYMMDD, ascending. */
export function dateIdsOfMonth(monthId: string): string[] {
  const n = daysInMonth(monthId);
  return Array.from({ length: n }, (_, i) => monthId + String(i + 1).padStart(2, '0'));
}
