// The three results drawn with the editor panels' own chart (webview/common/comboChart.ts, uPlot, from the panels'
// dist/webview/chart.js that runs before this page's script) and styles, each with a table holding every figure the
// chart shows, so nothing depends on seeing colour. A day, month or instance is opened by asking the host to call the
// tool (app.ts `open`): the page itself reaches nothing.
import type { ComboChart } from '../common/comboChart.js';
import { h, type Child } from '../common/dom.js';
import { formatDateLong, formatDayShort, formatInt, formatMonth } from '../common/format.js';
import { makeRowsNavigable, tablePanel } from '../common/parts.js';
import { createComboChart } from '../common/sharedChart.js';
import type { ToolData, Totals } from './data.js';

/** Asks the host to run one of the server's tools; what it answers is drawn in place of the page. */
export type Open = (tool: string, args: Record<string, unknown>, label: string) => void;

export interface Drawn {
  content: Child[];
  /** Called once the content is in the page: the chart measures its box. */
  inserted(): ComboChart | undefined;
}

/** One day, month or instance: a table row and a chart column. */
interface Row {
  label: string;
  /** The chart's short label under its column. */
  short: string;
  totals: Totals | undefined;
  /** The table's Notes cell. */
  notes: string;
  /** Shown with ⚠ in the chart's tooltip. */
  warnings: string[];
  /** What picking it opens: the tool, its arguments, and what the page says while it opens. */
  opens: [tool: string, args: Record<string, unknown>, label: string];
}

/** What differs between the month view, the trend and the overview. */
interface View {
  title: string;
  /** What a row is, in the chart's and the tables' words. */
  unit: 'Day' | 'Month' | 'Instance';
  chart: [heading: string, hint: string];
  table: [heading: string, hint: string];
  /** What the chart shows per column, for screen readers. */
  per: string;
  rows: Row[];
  /** The result's own totals, when it has them; else the rows' sum. */
  totals?: Totals;
}

const COLUMNS = ['Inbound', 'Outbound', 'Call legs', 'Unique calls', 'Minutes'];
const MOVE = ' · ↑ ↓ move';
/** A row's figures in the order of COLUMNS; none when the service gave none. */
const figures = (t: Totals | undefined): Array<number | undefined> =>
  t ? [t.callLegsIn, t.callLegsOut, t.callLegs, t.callsUnique, t.durationMin] : COLUMNS.map(() => undefined);
/** "2026-11" → "202611", the form the page's formatters take. */
const compact = (id: string): string => id.replaceAll('-', '');
const month = (id: string, style?: 'short'): string => formatMonth(compact(id), style);

function sum(rows: Row[]): Totals {
  const total: Totals = { callLegs: 0, callLegsIn: 0, callLegsOut: 0, callsUnique: 0, durationMin: 0 };
  for (const { totals } of rows) if (totals) for (const k of Object.keys(total) as Array<keyof Totals>) total[k] += totals[k];
  return total;
}

function draw(v: View, open: Open): Drawn {
  const t = v.totals ?? sum(v.rows);
  const head = (text: string, className?: string): HTMLElement =>
    h('th', { attrs: { scope: 'col' }, ...(className ? { className } : {}) }, text);
  const body = h(
    'tbody',
    {},
    ...v.rows.map((r, i) =>
      h(
        'tr',
        { className: 'day-row', dataset: { row: String(i) }, attrs: { title: `Open ${r.opens[2]}` } },
        h('th', { attrs: { scope: 'row' } }, r.label),
        ...figures(r.totals).map((n, c) => h('td', { className: c === 2 ? 'num strong' : 'num' }, n === undefined ? '—' : formatInt(n))),
        h('td', { className: 'notes' }, r.notes),
      ),
    ),
  );
  const openRow = (i: number): void => {
    const r = v.rows[i];
    if (r) open(...r.opens);
  };
  makeRowsNavigable(body, (tr) => openRow(Number(tr.dataset['row'])));
  const card = (label: string, value: number): HTMLElement =>
    h('article', { className: 'card' }, h('h3', { className: 'card-label' }, label), h('p', { className: 'card-value' }, formatInt(value)));
  const box = h('div', { className: 'chart-box' });
  const content = [
    h('h1', { className: 'title' }, v.title),
    h(
      'section',
      { className: 'cards', attrs: { 'aria-labelledby': 'totals-heading' } },
      h('h2', { id: 'totals-heading', className: 'visually-hidden' }, 'Totals'),
      card('Call legs', t.callLegs),
      card('Unique calls', t.callsUnique),
      card('Minutes', t.durationMin),
    ),
    h(
      'section',
      { className: 'panel chart-panel' },
      h('div', { className: 'panel-head' }, h('h2', {}, v.chart[0]), h('p', { className: 'panel-hint' }, v.chart[1])),
      box,
    ),
    tablePanel(
      { headingId: 'table-heading', heading: v.table[0], hint: v.table[1] + MOVE },
      h('thead', {}, h('tr', {}, head(v.unit), ...COLUMNS.map((c) => head(c, 'num')), head('Notes'))),
      body,
    ),
  ];
  const points = v.rows.map((r) => ({
    label: r.short,
    tooltipTitle: r.label,
    inbound: r.totals?.callLegsIn ?? null,
    outbound: r.totals?.callLegsOut ?? null,
    unique: r.totals?.callsUnique ?? null,
    minutes: r.totals?.durationMin ?? null,
    ...(r.totals ? {} : { band: 'missing' as const }),
    notes: r.warnings.map((w) => `⚠ ${w}`),
  }));
  const ariaLabel = `Inbound and outbound call legs, unique calls and minutes per ${v.per}. The table below has the same data.`;
  return { content, inserted: () => createComboChart(box, { ariaLabel, onSelect: openRow }, points) };
}

/** The month view, the trend or the overview of `d`, drawn. */
export function drawResult(d: ToolData, open: Open): Drawn {
  switch (d.kind) {
    case 'month': {
      return draw(
        {
          title: `${d.instanceId} · ${month(d.month)}`,
          unit: 'Day',
          chart: ['Daily traffic', 'Click a day to open its activities'],
          table: ['Days', 'Enter opens the day’s activities'],
          per: 'day',
          totals: d.totals,
          rows: d.days.map((day) => {
            const label = formatDateLong(compact(day.date));
            return {
              label,
              short: formatDayShort(compact(day.date)).day,
              totals: day,
              notes: day.flags.join(', '),
              warnings: day.flags,
              opens: [
                'get_day_activities',
                { instanceId: d.instanceId, dateId: day.date },
                `the activities of ${d.instanceId} on ${label}`,
              ],
            };
          }),
        },
        open,
      );
    }
    case 'trend': {
      const first = d.months[0]?.month;
      const last = d.months.at(-1)?.month;
      return draw(
        {
          title: `${d.instanceId} · ${first && last ? `${month(first)} – ${month(last)}` : 'no months'}`,
          unit: 'Month',
          chart: ['Monthly traffic', 'Click a month to open it'],
          table: ['Months', 'Enter opens the month view'],
          per: 'month',
          rows: d.months.map((m) => ({
            label: month(m.month),
            short: month(m.month, 'short'),
            totals: m.totals,
            notes: m.error ?? '',
            warnings: m.error ? [m.error] : [],
            opens: ['get_month_view', { instanceId: d.instanceId, monthId: m.month }, `${d.instanceId} · ${month(m.month)}`],
          })),
        },
        open,
      );
    }
    case 'overview': {
      return draw(
        {
          title: `Account overview · ${month(d.month)}`,
          unit: 'Instance',
          chart: ['Traffic per instance', 'Click an instance to open its month'],
          table: ['Voice instances', 'Enter opens the month view'],
          per: 'voice instance',
          rows: d.rows.map((r) => {
            const ok = r.status === 'ok';
            const change = r.changePct === undefined ? '' : `${r.changePct > 0 ? '+' : ''}${r.changePct}% call legs`;
            return {
              label: r.instanceId,
              short: r.instanceId,
              totals: r.figures,
              notes: ok ? change : r.status,
              warnings: ok ? [] : [r.status],
              opens: ['get_month_view', { instanceId: r.instanceId, monthId: d.month }, `${r.instanceId} · ${month(d.month)}`],
            };
          }),
        },
        open,
      );
    }
  }
}
