// The month view's content: totals with the comparison, warnings, the chart and the day table.
// Everything from the service is inserted as text via the `h` builder.
import type { MonthTotalsData, MonthViewData } from '../../shared/protocol.js';
import { ComboChart, type ComboPoint } from '../common/comboChart.js';
import { h, type Child } from '../common/dom.js';
import { delta, formatDateLong, formatDayShort, formatDelta, formatInt, formatMonth, isWeekend, isoDate } from '../common/format.js';
import { buildDayRows, warningLines, type DayRow } from '../common/insights.js';
import { makeRowsNavigable } from '../common/parts.js';

export interface Comparison {
  previousMonthId: string;
  totals: MonthTotalsData;
}

type Metric = 'callLegs' | 'callLegsIn' | 'callLegsOut' | 'callsUnique' | 'durationMin';

const CARDS: { metric: Metric; label: string; swatch?: string }[] = [
  { metric: 'callLegs', label: 'Call legs' },
  { metric: 'callLegsIn', label: 'Inbound legs', swatch: 'inbound' },
  { metric: 'callLegsOut', label: 'Outbound legs', swatch: 'outbound' },
  { metric: 'callsUnique', label: 'Unique calls', swatch: 'unique' },
  { metric: 'durationMin', label: 'Minutes', swatch: 'minutes' },
];

export function renderCards(view: MonthViewData, comparison: Comparison | undefined): HTMLElement {
  const partial = view.days.some((d) => d.future);
  const prevShort = comparison ? formatMonth(comparison.previousMonthId, 'short').replace(/\s\d{4}$/, '') : '';
  return h('section', { className: 'totals', attrs: { 'aria-label': 'Month totals' } },
    h('div', { className: 'cards' }, ...CARDS.map(({ metric, label, swatch }) => {
      const value = view.totals[metric];
      let compare: Child = h('p', { className: 'card-delta card-delta-empty', attrs: { 'aria-hidden': 'true' } }, '\u00a0');
      if (comparison) {
        const d = delta(value, comparison.totals[metric]);
        const dir = d.diff > 0 ? 'up' : d.diff < 0 ? 'down' : 'flat';
        const arrow = dir === 'up' ? '▲' : dir === 'down' ? '▼' : '■';
        compare = h('p', { className: `card-delta ${dir}`, dataset: { metric } },
          h('span', { className: 'arrow', attrs: { 'aria-hidden': 'true' } }, arrow),
          ` ${formatDelta(d)} `,
          h('span', { className: 'vs' }, `vs ${prevShort}`));
      }
      return h('article', { className: 'card', dataset: { metric } },
        h('h3', { className: 'card-label' }, swatch ? h('span', { className: `swatch swatch-${swatch}`, attrs: { 'aria-hidden': 'true' } }) : null, label),
        h('p', { className: 'card-value' }, formatInt(value)),
        compare);
    })),
    comparison
      ? h('p', { className: 'cards-note' },
        partial
          ? `Changes compare this month so far with all of ${formatMonth(comparison.previousMonthId)}.`
          : `Changes compare with ${formatMonth(comparison.previousMonthId)}.`)
      : null);
}

export function renderWarnings(rows: DayRow[], view: MonthViewData, focusDay: (dateId: string) => void): HTMLElement | null {
  const lines = warningLines(rows, view.warnings);
  if (lines.length === 0) return null;
  return h('section', { className: 'warnings', attrs: { 'aria-label': 'Data warnings' } },
    h('h2', {}, h('span', { className: 'warn-icon', attrs: { 'aria-hidden': 'true' } }, '⚠'), ` ${lines.length} data warning${lines.length === 1 ? '' : 's'}`),
    h('ul', {}, ...lines.map((l) => {
      const dateId = l.dateId;
      return h('li', {},
        h('span', {}, l.text),
        dateId ? h('button', { className: 'link-button', attrs: { type: 'button', title: `Show ${isoDate(dateId)} in the table` }, on: { click: () => focusDay(dateId) } }, 'Show day') : null);
    })));
}

export function chartPoints(rows: DayRow[]): ComboPoint[] {
  return rows.map((r) => {
    const s = r.stats;
    const quiet = r.future || !s;
    return {
      label: formatDayShort(r.dateId).day,
      tooltipTitle: formatDateLong(r.dateId),
      inbound: s ? s.callLegsIn : null,
      outbound: s ? s.callLegsOut : null,
      unique: quiet ? null : s.callsUnique,
      minutes: quiet ? null : s.durationMin,
      ...(r.future ? { band: 'future' as const } : r.missing ? { band: 'missing' as const } : {}),
      notes: r.notes.map((n) => (n.kind === 'future' ? 'Future day: no data yet' : `⚠ ${n.detail.replace(/^\d{4}-\d{2}-\d{2}: /, '')}`)),
    };
  });
}

export function renderChart(rows: DayRow[], view: MonthViewData, openDay: (dateId: string) => void): { section: HTMLElement; chart: () => ComboChart } {
  const canvas = h('canvas', {});
  const section = h('section', { className: 'panel chart-panel' },
    h('div', { className: 'panel-head' },
      h('h2', {}, 'Daily traffic'),
      h('p', { className: 'panel-hint' }, 'Click a day to open its activities')),
    h('div', { className: 'chart-box' }, canvas));
  let chart: ComboChart | undefined;
  // The chart is created once the canvas is in the document, so it can measure its box.
  return {
    section,
    chart: () => {
      chart ??= new ComboChart(canvas, {
        ariaLabel: `Inbound and outbound call legs, unique calls and minutes per day of ${formatMonth(view.monthId)}. The table below has the same data.`,
        onSelect: (i) => {
          const row = rows[i];
          if (row) openDay(row.dateId);
        },
      });
      chart.setData(chartPoints(rows));
      return chart;
    },
  };
}

function num(value: number | undefined, quiet: boolean): string {
  if (value === undefined) return '—';
  return quiet && value === 0 ? '—' : formatInt(value);
}

export function renderTable(rows: DayRow[], view: MonthViewData, openDay: (dateId: string) => void): HTMLElement {
  const head = ['Inbound', 'Outbound', 'Call legs', 'Unique calls', 'Minutes'];
  const bodyRows = rows.map((r) => {
    const s = r.stats;
    const { weekday, day } = formatDayShort(r.dateId);
    const classes = ['day-row', r.future ? 'is-future' : '', r.missing ? 'is-missing' : '', isWeekend(r.dateId) ? 'is-weekend' : '',
      r.notes.some((n) => n.kind === 'mismatch' || n.kind === 'spike') ? 'has-warning' : '', s && !r.future && s.callLegs === 0 ? 'is-zero' : ''];
    const values = s ? [s.callLegsIn, s.callLegsOut, s.callLegs, s.callsUnique, s.durationMin] : [undefined, undefined, undefined, undefined, undefined];
    return h('tr', {
      className: classes.filter(Boolean).join(' '),
      dataset: { dateId: r.dateId },
      attrs: { title: `Open the activities of ${isoDate(r.dateId)}` },
    },
    h('th', { attrs: { scope: 'row' }, className: 'day' },
      h('span', { className: 'weekday' }, weekday), ' ', h('span', { className: 'daynum' }, day)),
    ...values.map((v, i) => h('td', { className: `num${i === 2 ? ' strong' : ''}` }, num(v, r.future))),
    h('td', { className: 'notes' }, ...r.notes.map((n) => h('span', { className: `badge badge-${n.kind}`, attrs: { title: n.detail } }, n.label))));
  });
  makeRowsNavigable(bodyRows, (row) => {
    const id = row.dataset.dateId;
    if (id) openDay(id);
  });
  const t = view.totals;
  return h('section', { className: 'panel table-panel' },
    h('div', { className: 'panel-head' },
      h('h2', { id: 'days-heading' }, 'Days'),
      h('p', { className: 'panel-hint' }, 'Enter opens the selected day · ↑ ↓ move')),
    h('div', { className: 'table-scroll' },
      h('table', { className: 'days', attrs: { 'aria-labelledby': 'days-heading' } },
        h('caption', { className: 'visually-hidden' }, `Calls per day, ${formatMonth(view.monthId)}. Future days are marked “future”.`),
        h('thead', {}, h('tr', {},
          h('th', { attrs: { scope: 'col' } }, 'Day'),
          ...head.map((c) => h('th', { attrs: { scope: 'col' }, className: 'num' }, c)),
          h('th', { attrs: { scope: 'col' } }, 'Notes'))),
        h('tbody', {}, ...bodyRows),
        h('tfoot', {}, h('tr', { className: 'totals-row' },
          h('th', { attrs: { scope: 'row' } }, `Total · ${t.days} day${t.days === 1 ? '' : 's'}`),
          ...[t.callLegsIn, t.callLegsOut, t.callLegs, t.callsUnique, t.durationMin].map((v) => h('td', { className: 'num' }, formatInt(v))),
          h('td', {}))))));
}

export { buildDayRows };
