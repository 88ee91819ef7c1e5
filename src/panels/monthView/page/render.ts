// The month view's content: totals with the comparison, warnings, the chart and the day table.
// Everything from the service is inserted as text via the `h` builder.
import * as l10n from '@vscode/l10n';
import type { ComparedDays } from '../../../shared/comparison.js';
import type { MonthTotalsData, MonthViewData } from '../../../shared/protocol.js';
import type { PreviousDayData, ProjectionShown } from '../protocol.js';
import type { ComboChart, ComboPoint } from '../../../webview/common/comboChart.js';
import { createComboChart } from '../../../webview/common/sharedChart.js';
import { h, type Child } from '../../../webview/common/dom.js';
import {
  delta,
  formatDateLong,
  formatDayRange,
  formatDayShort,
  formatDelta,
  formatInt,
  formatMonth,
  isWeekend,
  isoDate,
} from '../../../webview/common/format.js';
import { buildDayRows, warningLines, type DayRow } from '../../../webview/common/insights.js';
import { makeRowsNavigable, tablePanel } from '../../../webview/common/parts.js';

export interface Comparison {
  previousMonthId: string;
  /** The previous month over the compared days. */
  totals: MonthTotalsData;
  compared: ComparedDays;
  /** The month before's days: what the first weeks' unusual-day notes compare with. */
  previousDays: PreviousDayData[];
}

type Metric = 'callLegs' | 'callLegsIn' | 'callLegsOut' | 'callsUnique' | 'durationMin';

// A function, not a constant: the labels are translated when rendered, after the bundle is loaded.
const cards = (): { metric: Metric; label: string; swatch?: string }[] => [
  { metric: 'callLegs', label: l10n.t('Call legs') },
  { metric: 'callLegsIn', label: l10n.t('Inbound legs'), swatch: 'inbound' },
  { metric: 'callLegsOut', label: l10n.t('Outbound legs'), swatch: 'outbound' },
  { metric: 'callsUnique', label: l10n.t('Unique calls'), swatch: 'unique' },
  { metric: 'durationMin', label: l10n.t('Minutes'), swatch: 'minutes' },
];

export function renderCards(view: MonthViewData, comparison: Comparison | undefined): HTMLElement {
  // While the month is not finished the change is like for like: "vs Oct 1 – 27", not against all of October.
  const c = comparison?.compared;
  const prevShort = c ? formatDayRange(c.previousMonthId, c.previousLastDay, c.wholeMonths) : '';
  // The cards' labels are h3 under this h2, so the headings read as an outline below the page's h1.
  return h(
    'section',
    { className: 'totals', attrs: { 'aria-labelledby': 'totals-heading' } },
    h('h2', { id: 'totals-heading', className: 'visually-hidden' }, l10n.t('Month totals')),
    h(
      'div',
      { className: 'cards' },
      ...cards().map(({ metric, label, swatch }) => {
        const value = view.totals[metric];
        let compare: Child = h('p', { className: 'card-delta card-delta-empty', attrs: { 'aria-hidden': 'true' } }, '\u00a0');
        if (comparison) {
          const d = delta(value, comparison.totals[metric]);
          const dir = d.diff > 0 ? 'up' : d.diff < 0 ? 'down' : 'flat';
          const arrow = dir === 'up' ? '▲' : dir === 'down' ? '▼' : '■';
          compare = h(
            'p',
            { className: `card-delta ${dir}`, dataset: { metric } },
            h('span', { className: 'arrow', attrs: { 'aria-hidden': 'true' } }, arrow),
            ` ${formatDelta(d)} `,
            h(
              'span',
              { className: 'vs' },
              l10n.t({
                message: 'vs {0}',
                args: [prevShort],
                comment: ['Compared with a month, e.g. "vs Feb"'],
              }),
            ),
          );
        }
        return h(
          'article',
          { className: 'card', dataset: { metric } },
          h(
            'h3',
            { className: 'card-label' },
            swatch ? h('span', { className: `swatch swatch-${swatch}`, attrs: { 'aria-hidden': 'true' } }) : null,
            label,
          ),
          h('p', { className: 'card-value' }, formatInt(value)),
          compare,
        );
      }),
    ),
    c
      ? h(
          'p',
          { className: 'cards-note' },
          c.wholeMonths
            ? l10n.t('Changes compare with {0}.', formatMonth(c.previousMonthId))
            : l10n.t(
                'Changes compare {0} with {1}.',
                formatDayRange(c.monthId, c.lastDay),
                formatDayRange(c.previousMonthId, c.previousLastDay),
              ),
        )
      : null,
  );
}

export function renderWarnings(rows: DayRow[], view: MonthViewData, focusDay: (dateId: string) => void): HTMLElement | null {
  const lines = warningLines(rows, view.warnings);
  if (lines.length === 0) return null;
  return h(
    'section',
    { className: 'warnings', attrs: { 'aria-label': l10n.t('Data warnings') } },
    h(
      'h2',
      {},
      h('span', { className: 'warn-icon', attrs: { 'aria-hidden': 'true' } }, '⚠'),
      ' ',
      lines.length === 1 ? l10n.t('1 data warning') : l10n.t('{0} data warnings', formatInt(lines.length)),
    ),
    h(
      'ul',
      {},
      ...lines.map((l) => {
        const dateId = l.dateId;
        return h(
          'li',
          {},
          h('span', {}, l.text),
          dateId
            ? h(
                'button',
                {
                  className: 'link-button',
                  attrs: { type: 'button', title: l10n.t('Show {0} in the table', isoDate(dateId)) },
                  on: { click: () => focusDay(dateId) },
                },
                l10n.t('Show day'),
              )
            : null,
        );
      }),
    ),
  );
}

/** The month-end projection as a row of totals, each with its range, and its basis in words (a projection, not data). */
export function renderProjection(p: ProjectionShown): HTMLElement {
  const range = (t: { projected: number; low: number; high: number }): Child[] => [
    formatInt(t.projected),
    h(
      'span',
      { className: 'projection-range' },
      l10n.t({ message: 'range {0}–{1}', args: [formatInt(t.low), formatInt(t.high)], comment: ['The range of a projected total'] }),
    ),
  ];
  const heading = l10n.t('Projected by month end');
  return h(
    'section',
    { className: 'panel projection', attrs: { 'aria-labelledby': 'projection-heading' } },
    h('div', { className: 'panel-head' }, h('h2', { id: 'projection-heading' }, heading)),
    h(
      'table',
      // Not `days`: that class names the day table, which a live update finds and changes (update.ts).
      { className: 'projection-table' },
      h('caption', { className: 'visually-hidden' }, l10n.t('Projected month-end totals with their range: a projection, not data.')),
      h('thead', {}, h('tr', {}, ...cards().map(({ label }) => h('th', { attrs: { scope: 'col' }, className: 'num' }, label)))),
      h(
        'tbody',
        {},
        h(
          'tr',
          { className: 'projected-row' },
          ...cards().map(({ metric }) => h('td', { className: 'num', dataset: { metric } }, ...range(p.totals[metric]))),
        ),
      ),
    ),
    h('p', { className: 'projection-basis' }, l10n.t('Basis: {0}.', p.basisText)),
  );
}

export function chartPoints(rows: DayRow[], projection?: ProjectionShown): ComboPoint[] {
  const projected = new Map(projection?.days.map((d) => [d.dateId, d.callLegs]));
  return rows.map((r) => {
    const s = r.stats;
    const quiet = r.future || !s;
    const ahead = r.future ? projected.get(r.dateId) : undefined;
    return {
      ...(ahead !== undefined ? { projected: ahead } : {}),
      label: formatDayShort(r.dateId).day,
      tooltipTitle: formatDateLong(r.dateId),
      inbound: s ? s.callLegsIn : null,
      outbound: s ? s.callLegsOut : null,
      unique: quiet ? null : s.callsUnique,
      minutes: quiet ? null : s.durationMin,
      ...(r.future ? { band: 'future' as const } : r.missing ? { band: 'missing' as const } : {}),
      notes: r.notes.map((n) => (n.kind === 'future' ? n.summary : `⚠ ${n.summary}`)),
    };
  });
}

/** `rows`: the days as shown when the chart is drawn or a day is picked (a live update may have changed them). */
export function renderChart(
  rows: () => DayRow[],
  view: MonthViewData,
  openDay: (dateId: string) => void,
  projection: () => ProjectionShown | undefined = () => undefined,
): { section: HTMLElement; chart: () => ComboChart } {
  const box = h('div', { className: 'chart-box' });
  const section = h(
    'section',
    { className: 'panel chart-panel' },
    h(
      'div',
      { className: 'panel-head' },
      h('h2', {}, l10n.t('Daily traffic')),
      h('p', { className: 'panel-hint' }, l10n.t('Click a day to open its activities')),
    ),
    box,
  );
  let chart: ComboChart | undefined;
  // The chart is created once its box is in the document, so it can measure it.
  return {
    section,
    chart: () => {
      if (chart) {
        chart.setData(chartPoints(rows(), projection()));
        return chart;
      }
      chart = createComboChart(
        box,
        {
          ariaLabel: l10n.t(
            'Inbound and outbound call legs, unique calls and minutes per day of {0}. The table below has the same data.',
            formatMonth(view.monthId),
          ),
          projectedLabel: l10n.t('Days to come show projected call legs as dashed outlines: a projection, not data.'),
          onSelect: (i) => {
            const row = rows()[i];
            if (row) openDay(row.dateId);
          },
        },
        chartPoints(rows(), projection()),
      );
      return chart;
    },
  };
}

function num(value: number | undefined, quiet: boolean): string {
  if (value === undefined) return '—';
  return quiet && value === 0 ? '—' : formatInt(value);
}

/** The day table's heading id: the table is labelled by it, and a live update finds the table by it (update.ts). */
export const DAYS_HEADING_ID = 'days-heading';

export function renderTable(rows: DayRow[], view: MonthViewData, openDay: (dateId: string) => void): HTMLElement {
  const head = [l10n.t('Inbound'), l10n.t('Outbound'), l10n.t('Call legs'), l10n.t('Unique calls'), l10n.t('Minutes')];
  const bodyRows = rows.map((r) => {
    const s = r.stats;
    const { weekday, day } = formatDayShort(r.dateId);
    const classes = [
      'day-row',
      r.future ? 'is-future' : '',
      r.missing ? 'is-missing' : '',
      isWeekend(r.dateId) ? 'is-weekend' : '',
      r.notes.some((n) => n.kind === 'mismatch' || n.kind === 'unusual') ? 'has-warning' : '',
      s && !r.future && s.callLegs === 0 ? 'is-zero' : '',
    ];
    const values = s
      ? [s.callLegsIn, s.callLegsOut, s.callLegs, s.callsUnique, s.durationMin]
      : [undefined, undefined, undefined, undefined, undefined];
    return h(
      'tr',
      {
        className: classes.filter(Boolean).join(' '),
        dataset: { dateId: r.dateId },
        attrs: { title: l10n.t('Open the activities of {0}', isoDate(r.dateId)) },
      },
      h(
        'th',
        { attrs: { scope: 'row' }, className: 'day' },
        h('span', { className: 'weekday' }, weekday),
        ' ',
        h('span', { className: 'daynum' }, day),
      ),
      ...values.map((v, i) => h('td', { className: `num${i === 2 ? ' strong' : ''}` }, num(v, r.future))),
      h(
        'td',
        { className: 'notes' },
        ...r.notes.map((n) => h('span', { className: `badge badge-${n.kind}`, attrs: { title: n.detail } }, n.label)),
      ),
    );
  });
  const body = h('tbody', {}, ...bodyRows);
  makeRowsNavigable(body, (row) => {
    const id = row.dataset.dateId;
    if (id) openDay(id);
  });
  const t = view.totals;
  return tablePanel(
    { headingId: DAYS_HEADING_ID, heading: l10n.t('Days'), hint: l10n.t('Enter opens the selected day · ↑ ↓ move'), tableClass: 'days' },
    h(
      'caption',
      { className: 'visually-hidden' },
      l10n.t('Calls per day, {0}. Future days are marked “{1}”.', formatMonth(view.monthId), l10n.t('future')),
    ),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { attrs: { scope: 'col' } }, l10n.t('Day')),
        ...head.map((c) => h('th', { attrs: { scope: 'col' }, className: 'num' }, c)),
        h('th', { attrs: { scope: 'col' } }, l10n.t('Notes')),
      ),
    ),
    body,
    h(
      'tfoot',
      {},
      h(
        'tr',
        { className: 'totals-row' },
        h('th', { attrs: { scope: 'row' } }, t.days === 1 ? l10n.t('Total · 1 day') : l10n.t('Total · {0} days', formatInt(t.days))),
        ...[t.callLegsIn, t.callLegsOut, t.callLegs, t.callsUnique, t.durationMin].map((v) => h('td', { className: 'num' }, formatInt(v))),
        h('td', {}),
      ),
    ),
  );
}

export { buildDayRows };
