// Derived facts about a month that the view highlights: every calendar day as a row (present,
// missing or future), per-day notes (legs mismatch, missing, spike) and the warning list.
// Pure functions of the protocol data, so they are unit-tested without a browser.
import type { DayStatsData, MonthViewData } from '../../shared/protocol.js';
import { dateIdsOfMonth, formatInt, isoDate } from './format.js';

export const SPIKE_FACTOR = 3;

export type NoteKind = 'future' | 'missing' | 'mismatch' | 'spike';

export interface DayNote {
  kind: NoteKind;
  /** Short badge text for the table. */
  label: string;
  /** Full sentence for the warning list and tooltips. */
  detail: string;
}

export interface DayRow {
  dateId: string;
  /** Undefined when the service sent no entry for the day. */
  stats: DayStatsData | undefined;
  future: boolean;
  missing: boolean;
  notes: DayNote[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The median of the non-zero, non-future days' call legs: the baseline for spike detection. */
export function spikeBaseline(days: readonly DayStatsData[]): number {
  return median(days.filter((d) => !d.future && d.callLegs > 0).map((d) => d.callLegs));
}

function futureDay(dateId: string, view: MonthViewData): boolean {
  return view.currentDateId !== '' && dateId > view.currentDateId;
}

export function buildDayRows(view: MonthViewData): DayRow[] {
  const byId = new Map(view.days.map((d) => [d.dateId, d]));
  const ids = new Set([...dateIdsOfMonth(view.monthId), ...byId.keys(), ...view.missingDays]);
  const base = spikeBaseline(view.days);
  const missingListed = new Set(view.missingDays);
  return [...ids].sort().map((dateId) => {
    const stats = byId.get(dateId);
    const future = stats ? stats.future : futureDay(dateId, view);
    const missing = !stats && (missingListed.has(dateId) || !future);
    const notes: DayNote[] = [];
    const day = isoDate(dateId);
    if (future) notes.push({ kind: 'future', label: 'future', detail: `${day} is after the service's current day.` });
    if (missing) notes.push({ kind: 'missing', label: 'missing', detail: `${day}: the service sent no entry for this day.` });
    if (stats && (stats.legsMismatch || stats.callLegs !== stats.callLegsIn + stats.callLegsOut)) {
      notes.push({
        kind: 'mismatch',
        label: 'legs ≠ in + out',
        detail: `${day}: call legs ${formatInt(stats.callLegs)} ≠ inbound ${formatInt(stats.callLegsIn)} + outbound ${formatInt(stats.callLegsOut)}.`,
      });
    }
    if (stats && !stats.future && base > 0 && stats.callLegs > SPIKE_FACTOR * base) {
      const factor = stats.callLegs / base;
      notes.push({
        kind: 'spike',
        label: `spike ×${factor.toFixed(1)}`,
        detail: `${day}: ${formatInt(stats.callLegs)} call legs, ${factor.toFixed(1)}× the median of active days (${formatInt(base)}).`,
      });
    }
    return { dateId, stats, future, missing, notes };
  });
}

/** One line per problem, for the warning list: per-day notes first, then the model's own warnings not already covered. */
export function warningLines(rows: readonly DayRow[], modelWarnings: readonly string[]): { dateId?: string; text: string }[] {
  const lines: { dateId?: string; text: string }[] = [];
  for (const r of rows) for (const n of r.notes) if (n.kind !== 'future') lines.push({ dateId: r.dateId, text: n.detail });
  const flagged = rows.filter((r) => r.notes.some((n) => n.kind === 'mismatch' || n.kind === 'missing'));
  for (const w of modelWarnings) {
    // The model words its warnings itself; skip those about a day we already explain.
    const aboutFlaggedDay = flagged.some((r) => w.includes(r.dateId) || w.includes(isoDate(r.dateId)));
    if (!aboutFlaggedDay) lines.push({ text: w });
  }
  return lines;
}
