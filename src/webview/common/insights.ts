// Derived facts about a month that the view highlights: every calendar day as a row (present,
// missing or future), per-day notes (legs mismatch, missing, unusual for its weekday: src/shared/unusualDays.ts,
// saying why) and the warning list.
// Pure functions of the protocol data, so they are unit-tested without a browser.
import * as l10n from '@vscode/l10n';
import type { DayStatsData, MonthViewData } from '../../shared/protocol.js';
import { dateIdsOfMonth, formatFigure, formatInt, formatWeekday, isoDate } from './format.js';
import { unusualDaysOfMonth, type DayCount, type UnusualDay } from '../../shared/unusualDays.js';

export type NoteKind = 'future' | 'missing' | 'mismatch' | 'unusual';

export interface DayNote {
  kind: NoteKind;
  /** Short badge text for the table. */
  label: string;
  /** Full sentence naming the day, for the warning list and tooltips. */
  detail: string;
  /** The same sentence without the day. */
  summary: string;
}

export interface DayRow {
  dateId: string;
  /** Undefined when the service sent no entry for the day. */
  stats: DayStatsData | undefined;
  future: boolean;
  missing: boolean;
  notes: DayNote[];
}

function futureDay(dateId: string, view: MonthViewData): boolean {
  return view.currentDateId !== '' && dateId > view.currentDateId;
}

/** Why a day is unusual, without the day: its count, the usual range of its weekday, their median and how many. */
export function unusualReason(u: UnusualDay): string {
  return l10n.t({
    message: '{0}: {1} call legs; {0}s usually {2}–{3} (median {4}, {5} {0}s before)',
    args: [
      formatWeekday(u.weekday),
      formatInt(u.callLegs),
      formatInt(u.usualLow),
      formatInt(u.usualHigh),
      formatFigure(u.median),
      formatInt(u.compared),
    ],
    comment: [
      'Why a day is unusual: {0} a weekday name (e.g. Tuesday), {1} its call legs, {2}–{3} the usual range, {4} the median, {5} how many earlier days of that weekday',
    ],
  });
}

/**
 * `previousDays`: the month before's days (the `comparison` message), so the first weeks have weekdays to compare
 * with; without them only the month's own earlier weeks count.
 */
export function buildDayRows(view: MonthViewData, previousDays: readonly (DayCount & { future: boolean })[] = []): DayRow[] {
  const byId = new Map(view.days.map((d) => [d.dateId, d]));
  const ids = new Set([...dateIdsOfMonth(view.monthId), ...byId.keys(), ...view.missingDays]);
  const unusual = unusualDaysOfMonth(view, previousDays);
  const missingListed = new Set(view.missingDays);
  return [...ids].sort().map((dateId) => {
    const stats = byId.get(dateId);
    const future = stats ? stats.future : futureDay(dateId, view);
    const missing = !stats && (missingListed.has(dateId) || !future);
    const notes: DayNote[] = [];
    const day = isoDate(dateId);
    // `detail` names the day (warning list, badge tooltips); `summary` is the same without it (chart tooltip, which already titles the day).
    const note = (kind: NoteKind, label: string, summary: string): DayNote => ({
      kind,
      label,
      summary,
      detail: l10n.t({ message: '{0}: {1}', args: [day, summary], comment: ['A date (YYYY-MM-DD), then a sentence about that day'] }),
    });
    if (future)
      notes.push({
        kind: 'future',
        label: l10n.t('future'),
        summary: l10n.t('Future day: no data yet'),
        detail: l10n.t("{0} is after the service's current day.", day),
      });
    if (missing) notes.push(note('missing', l10n.t('missing'), l10n.t('the service sent no entry for this day.')));
    if (stats && (stats.legsMismatch || stats.callLegs !== stats.callLegsIn + stats.callLegsOut)) {
      notes.push(
        note(
          'mismatch',
          l10n.t('legs ≠ in + out'),
          l10n.t(
            'call legs {0} ≠ inbound {1} + outbound {2}.',
            formatInt(stats.callLegs),
            formatInt(stats.callLegsIn),
            formatInt(stats.callLegsOut),
          ),
        ),
      );
    }
    const u = unusual.get(dateId);
    if (u) notes.push(note('unusual', u.direction === 'high' ? l10n.t('unusually high') : l10n.t('unusually low'), unusualReason(u)));
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
