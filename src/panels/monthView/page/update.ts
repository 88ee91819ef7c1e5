// A newer load of the month on show (`monthUpdate`), applied to the month view in place: the totals, the day table and
// the response details are drawn anew off the page and copied into the elements on show (common/live.ts), the chart
// takes the new values into its canvas, and the sentence for screen readers says which totals and which day changed.
import * as l10n from '@vscode/l10n';
import type { DayStatsData, MonthViewData } from '../../../shared/protocol.js';
import { formatDateLong, formatInt } from '../../../webview/common/format.js';
import { buildDayRows, type DayRow } from '../../../webview/common/insights.js';
import { quiet, syncInPlace } from '../../../webview/common/live.js';
import { DAYS_HEADING_ID, renderCards, renderTable, renderWarnings, type Comparison } from './render.js';

export interface ShownMonth {
  view: MonthViewData;
  comparison?: Comparison;
}

export interface UpdateParts {
  body: HTMLElement;
  openDay: (dateId: string) => void;
  focusDay: (dateId: string) => void;
}

/**
 * Changes the month `shown` on `parts.body` into `next` in place; returns the elements whose figures changed, or
 * undefined when the days themselves differ (another set of dates: the caller draws the month anew).
 */
export function applyMonthUpdate(
  shown: ShownMonth,
  next: MonthViewData,
  footer: HTMLElement,
  parts: UpdateParts,
): { changed: Element[]; rows: DayRow[] } | undefined {
  const rows = buildDayRows(next, shown.comparison?.previousDays);
  const before = buildDayRows(shown.view, shown.comparison?.previousDays);
  if (rows.length !== before.length || rows.some((r, i) => r.dateId !== before[i]?.dateId)) return undefined;
  const { body } = parts;
  const totals = body.querySelector('.totals');
  // The day table by its heading: the projection's table (render.ts renderProjection) comes before it on the page.
  const table = body.querySelector(`table[aria-labelledby="${DAYS_HEADING_ID}"]`)?.closest('section') ?? null;
  const details = body.querySelector('footer.meta');
  if (!totals || !table || !details) return undefined;
  const changed: Element[] = [];
  quiet(totals, table, details, body.querySelector('.warnings'));
  syncInPlace(totals, renderCards(next, shown.comparison), changed);
  syncInPlace(table, renderTable(rows, next, parts.openDay), changed);
  syncInPlace(details, footer);
  // Warnings come and go with the data; they are replaced (not marked: they are not figures).
  const oldWarnings = body.querySelector('.warnings');
  const warnings = renderWarnings(rows, next, parts.focusDay);
  quiet(warnings);
  if (oldWarnings && warnings) syncInPlace(oldWarnings, warnings);
  else if (oldWarnings) oldWarnings.remove();
  else if (warnings) totals.after(warnings);
  return { changed, rows };
}

type Metric = 'callLegs' | 'callLegsIn' | 'callLegsOut' | 'callsUnique' | 'durationMin';

const labels = (): [Metric, string][] => [
  ['callLegs', l10n.t('Call legs')],
  ['callLegsIn', l10n.t('Inbound legs')],
  ['callLegsOut', l10n.t('Outbound legs')],
  ['callsUnique', l10n.t('Unique calls')],
  ['durationMin', l10n.t('Minutes')],
];

function signed(n: number): string {
  return n > 0 ? `+${formatInt(n)}` : formatInt(n);
}

function sameDay(a: DayStatsData | undefined, b: DayStatsData | undefined): boolean {
  if (!a || !b) return a === b;
  return labels().every(([m]) => a[m] === b[m]) && a.future === b.future;
}

/** One sentence for screen readers: the totals that changed, and the call legs of the days that did; '' when none. */
export function describeUpdate(before: MonthViewData, after: MonthViewData): string {
  const totals = labels()
    .filter(([m]) => before.totals[m] !== after.totals[m])
    .map(([m, label]) =>
      l10n.t({
        message: '{0} {1} ({2})',
        args: [label, formatInt(after.totals[m]), signed(after.totals[m] - before.totals[m])],
        comment: ['A total a live update changed: its name, new value and the change, e.g. "Call legs 512 (+3)"'],
      }),
    );
  const was = new Map(before.days.map((d) => [d.dateId, d]));
  const days = after.days
    .filter((d) => !d.future && !sameDay(was.get(d.dateId), d))
    .map((d) => l10n.t('{0}: {1} call legs', formatDateLong(d.dateId), formatInt(d.callLegs)));
  if (totals.length === 0 && days.length === 0) return '';
  // Many days at once (a month's data replaced) would be a long sentence: the totals say enough then.
  const dayPart = days.length > 0 && days.length <= 3 ? ` ${days.join('; ')}.` : '';
  return totals.length > 0 ? l10n.t('Month updated: {0}.', totals.join(', ')) + dayPart : l10n.t('Month updated.') + dayPart;
}
