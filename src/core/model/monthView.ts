// The calls operation's `<result>` tree -> a typed MonthView with derived flags and totals.
// The service's sample is newest-first and covers the whole month, but neither is promised, so the model
// sorts, detects gaps and checks call_legs = in + out itself, and reports oddities as warnings.
import { VoiceSmsError } from '../errors.js';
import { ATTR_PREFIX, isRecord, textOf } from '../xml/parser.js';
import { dateIdsOfMonth, daysInMonth } from './month.js';
import { validateDateId, validateMonthId } from './ids.js';
import type { DayStats, MonthTotals, MonthView } from '../../shared/monthModel.js';
import * as l10n from '@vscode/l10n';

/** XML element -> DayStats property, in display order. */
const COUNTERS = [
  ['call_legs', 'callLegs'],
  ['call_legs_in', 'callLegsIn'],
  ['call_legs_out', 'callLegsOut'],
  ['calls_unique', 'callsUnique'],
  ['duration_min', 'durationMin'],
] as const;

const EIGHT_DIGITS = /^\d{8}$/;
/** Missing days are listed by name in the warning up to this many. */
const LISTED_MISSING = 10;
const DATE_ID_KEY = `${ATTR_PREFIX}dateID`;

function parseError(message: string, field?: string): VoiceSmsError {
  return new VoiceSmsError('parse', message, field === undefined ? {} : { field });
}

/** 20240603 -> 2024-06-03, for messages people read. */
function show(dateId: string): string {
  return `${dateId.slice(0, 4)}-${dateId.slice(4, 6)}-${dateId.slice(6, 8)}`;
}

/** Quotes a value from the response for an error message, short and on one line. */
function quote(v: string): string {
  const oneLine = v.replace(/\s+/g, ' ');
  return JSON.stringify(oneLine.length > 24 ? `${oneLine.slice(0, 24)}…` : oneLine);
}

function strictDateId(raw: string | undefined): string | undefined {
  if (raw === undefined || !EIGHT_DIGITS.test(raw)) return undefined;
  try {
    return validateDateId(raw);
  } catch {
    return undefined;
  }
}

function readCounter(entry: Record<string, unknown>, element: string, dateId: string): number {
  const raw = textOf(entry[element]);
  if (raw === undefined) throw parseError(l10n.t('Day {0}: {1} is missing.', dateId, element), element);
  const n = wholeNumber(raw.trim());
  if (!Number.isSafeInteger(n)) {
    throw parseError(l10n.t('Day {0}: {1} is {2}, expected a whole number of 0 or more.', dateId, element, quote(raw)), element);
  }
  return n;
}

/**
 * The number that ASCII digits spell (`007` is 7), NaN for anything else; digit by digit, as most counters are short.
 * Exact while it stays within 2^53, and never below 2^53 once past it, so Number.isSafeInteger judges it as Number().
 */
function wholeNumber(value: string): number {
  if (value.length === 0) return Number.NaN;
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const d = value.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

/** How many days of `month` are on or before `currentDateId`. */
function daysUpTo(month: string, currentDateId: string): number {
  const current = currentDateId.slice(0, 6);
  if (current < month) return 0;
  return current > month ? daysInMonth(month) : Number(currentDateId.slice(6));
}

function countUpTo(byDate: ReadonlyMap<string, DayStats>, currentDateId: string): number {
  let n = 0;
  for (const id of byDate.keys()) if (id <= currentDateId) n++;
  return n;
}

/** The days up to `currentDateId` that have no entry (worked out only when some are missing). */
function missingUpTo(month: string, currentDateId: string, byDate: ReadonlyMap<string, DayStats>): string[] {
  return dateIdsOfMonth(month).filter((id) => id <= currentDateId && !byDate.has(id));
}

/**
 * Builds the month view from the parsed `<result>` of GET /v1/vvoice/{VVINS}/calls/{MONTHID}.
 * Throws VoiceSmsError('parse') when the shape is wrong or a counter is not a whole number (naming day and field).
 */
export function monthViewFromResult(result: unknown, monthId: string): MonthView {
  const month = validateMonthId(monthId);

  const view = isRecord(result) ? result['monthView'] : undefined;
  if (!isRecord(view)) throw parseError(l10n.t('The result has no <monthView>.'));

  const currentRaw = textOf(view['currentDateID']);
  const currentDateId = strictDateId(currentRaw?.trim());
  if (currentDateId === undefined) {
    throw parseError(
      currentRaw === undefined
        ? l10n.t('The month view has no <currentDateID>.')
        : l10n.t("The month view's currentDateID is {0}, expected a YYYYMMDD date.", quote(currentRaw)),
      'currentDateID',
    );
  }

  if (!('calls' in view)) throw parseError(l10n.t('The month view has no <calls>.'), 'calls');
  const calls = view['calls'];
  // `<calls/>` parses as '' and simply means no days.
  const rawDates = isRecord(calls) ? calls['date'] : undefined;
  const entries: unknown[] = rawDates === undefined ? [] : Array.isArray(rawDates) ? rawDates : [rawDates];

  const warnings: string[] = [];
  const byDate = new Map<string, DayStats>();
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index];
    const position = index + 1;
    if (!isRecord(entry)) throw parseError(l10n.t('<date> entry {0} has no counters.', position));
    const rawId = textOf(entry[DATE_ID_KEY]) ?? textOf(entry['dateID']);
    const dateId = strictDateId(rawId?.trim());
    if (dateId === undefined) {
      throw parseError(
        rawId === undefined
          ? l10n.t('<date> entry {0} has no dateID.', position)
          : l10n.t('<date> entry {0} has dateID {1}, expected a YYYYMMDD date.', position, quote(rawId)),
        'dateID',
      );
    }

    // One literal of one shape for every day (a record filled key by key and spread cost a third of the model).
    const day: DayStats = {
      dateId,
      callLegs: readCounter(entry, 'call_legs', dateId),
      callLegsIn: readCounter(entry, 'call_legs_in', dateId),
      callLegsOut: readCounter(entry, 'call_legs_out', dateId),
      callsUnique: readCounter(entry, 'calls_unique', dateId),
      durationMin: readCounter(entry, 'duration_min', dateId),
      future: dateId > currentDateId,
      legsMismatch: false,
    };
    day.legsMismatch = day.callLegs !== day.callLegsIn + day.callLegsOut;

    if (!dateId.startsWith(month)) {
      warnings.push(
        l10n.t('Ignored an entry for {0}, which is outside the month {1}-{2}.', show(dateId), month.slice(0, 4), month.slice(4)),
      );
      continue;
    }
    if (byDate.has(dateId)) {
      warnings.push(l10n.t('Ignored a second entry for {0}.', show(dateId)));
      continue;
    }
    byDate.set(dateId, day);
  }

  const days = [...byDate.values()].sort((a, b) => (a.dateId < b.dateId ? -1 : a.dateId > b.dateId ? 1 : 0));

  for (const d of days) {
    if (d.legsMismatch) {
      // The sum in BigInt: exact even past 2^53, where a float sum would be rounded.
      const sum = (BigInt(d.callLegsIn) + BigInt(d.callLegsOut)).toString();
      warnings.push(
        l10n.t(
          '{0}: call_legs is {1} but call_legs_in + call_legs_out is {2} ({3} + {4}).',
          show(d.dateId),
          d.callLegs,
          sum,
          d.callLegsIn,
          d.callLegsOut,
        ),
      );
    }
    if (d.future && (d.callLegs !== 0 || d.callLegsIn !== 0 || d.callLegsOut !== 0 || d.callsUnique !== 0 || d.durationMin !== 0)) {
      warnings.push(l10n.t('{0} is after the current day {1} but reports traffic.', show(d.dateId), show(currentDateId)));
    }
  }

  // Only days up to today can be missing: the service may legitimately omit days that have not happened yet.
  const missingDays = daysUpTo(month, currentDateId) === countUpTo(byDate, currentDateId) ? [] : missingUpTo(month, currentDateId, byDate);
  if (missingDays.length > 0) {
    const listed = missingDays.slice(0, LISTED_MISSING).map(show).join(', ');
    const extra = missingDays.length - LISTED_MISSING;
    warnings.push(
      missingDays.length === 1
        ? l10n.t('No data for 1 day: {0}.', listed)
        : extra > 0
          ? l10n.t('No data for {0} days: {1} and {2} more.', missingDays.length, listed, extra)
          : l10n.t('No data for {0} days: {1}.', missingDays.length, listed),
    );
  }

  // Summed exactly: each day's counter is a safe integer, but 31 of them need not add up to one. A total past
  // 2^53 is shown rounded, with a warning that names the exact figure.
  // Counters are whole and never negative, so a sum that ends within 2^53 was exact all the way; only one past it
  // is summed again in BigInt for the warning.
  const counted = days.filter((d) => !d.future);
  const totals: MonthTotals = { callLegs: 0, callLegsIn: 0, callLegsOut: 0, callsUnique: 0, durationMin: 0, days: counted.length };
  // Each property by its name (a loop over the counters' keys read every day's figures through a lookup by key).
  for (const d of counted) {
    totals.callLegs += d.callLegs;
    totals.callLegsIn += d.callLegsIn;
    totals.callLegsOut += d.callLegsOut;
    totals.callsUnique += d.callsUnique;
    totals.durationMin += d.durationMin;
  }
  for (const [element, key] of COUNTERS) {
    if (totals[key] > Number.MAX_SAFE_INTEGER) {
      const exact = counted.reduce((acc, d) => acc + BigInt(d[key]), 0n);
      totals[key] = Number(exact);
      warnings.push(l10n.t('The month total of {0} is {1}, too large to show exactly; it is shown rounded.', element, exact.toString()));
    }
  }

  return { monthId: month, currentDateId, days, missingDays, totals, warnings };
}
