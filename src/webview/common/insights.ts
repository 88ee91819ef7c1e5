// Derived facts about a month that the view highlights: every calendar day as a row (present,
// missing or future), per-day notes (legs mismatch, missing, spike) and the warning list.
// Pure functions of the protocol data, so they are unit-tested without a browser.
import * as l10n from '@vscode/l10n';
import type { DayStatsData, MonthViewData } from '../../shared/protocol.js';
import { dateIdsOfMonth, formatInt, formatOneDecimal, isoDate } from './format.js';
import { SPIKE_FACTOR, spikeBaseline } from '../../shared/spikes.js';

export { median, SPIKE_FACTOR, spikeBaseline } from '../../shared/spikes.js';

export type NoteKind = 'future' | 'missing' | 'mismatch' | 'spike';

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
    if (stats && !stats.future && base > 0 && stats.callLegs > SPIKE_FACTOR * base) {
      const factor = formatOneDecimal(stats.callLegs / base);
      notes.push(
        note(
          'spike',
          l10n.t('spike ×{0}', factor),
          l10n.t('{0} call legs, {1}× the median of active days ({2}).', formatInt(stats.callLegs), factor, formatInt(base)),
        ),
      );
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
