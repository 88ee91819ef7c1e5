// The three results drawn with the editor panels' own chart (webview/common/comboChart.ts, uPlot) and styles, each
// with a table holding every figure the chart shows, so nothing depends on seeing colour. A day, month or instance
// is opened by asking the host to call the tool (main.ts `open`): the page itself reaches nothing.
import { ComboChart, type ComboPoint } from '../common/comboChart.js';
import { h, type Child } from '../common/dom.js';
import { formatDateLong, formatDayShort, formatInt, formatMonth } from '../common/format.js';
import { makeRowsNavigable, tablePanel } from '../common/parts.js';
import { compactId, type MonthData, type OverviewData, type ToolData, type Totals, type TrendData } from './data.js';

/** Asks the host to run one of the server's tools; what it answers is drawn in place of the page. */
export type Open = (tool: string, args: Record<string, unknown>, label: string) => void;

export interface Drawn {
  content: Child[];
  /** Called once the content is in the page: the chart measures its box. */
  inserted(): ComboChart | undefined;
}

const COLUMNS = ['Inbound', 'Outbound', 'Call legs', 'Unique calls', 'Minutes'];
const figures = (t: Totals): number[] => [t.callLegsIn, t.callLegsOut, t.callLegs, t.callsUnique, t.durationMin];

function sumTotals(list: Array<Totals | undefined>): Totals {
  const sum: Totals = { callLegs: 0, callLegsIn: 0, callLegsOut: 0, callsUnique: 0, durationMin: 0 };
  for (const t of list) if (t) for (const k of Object.keys(sum) as Array<keyof Totals>) sum[k] += t[k];
  return sum;
}

function card(label: string, value: number): HTMLElement {
  return h(
    'article',
    { className: 'card' },
    h('h3', { className: 'card-label' }, label),
    h('p', { className: 'card-value' }, formatInt(value)),
  );
}

function cards(t: Totals): HTMLElement {
  return h(
    'section',
    { className: 'cards', attrs: { 'aria-labelledby': 'totals-heading' } },
    h('h2', { id: 'totals-heading', className: 'visually-hidden' }, 'Totals'),
    card('Call legs', t.callLegs),
    card('Unique calls', t.callsUnique),
    card('Minutes', t.durationMin),
  );
}

function chartPanel(heading: string, hint: string, box: HTMLElement): HTMLElement {
  return h(
    'section',
    { className: 'panel chart-panel' },
    h('div', { className: 'panel-head' }, h('h2', {}, heading), h('p', { className: 'panel-hint' }, hint)),
    box,
  );
}

function head(first: string): HTMLTableSectionElement {
  return h(
    'thead',
    {},
    h(
      'tr',
      {},
      h('th', { attrs: { scope: 'col' } }, first),
      ...COLUMNS.map((c) => h('th', { attrs: { scope: 'col' }, className: 'num' }, c)),
      h('th', { attrs: { scope: 'col' } }, 'Notes'),
    ),
  );
}

function row(label: string, title: string, t: Totals | undefined, notes: string, data: Record<string, string>): HTMLTableRowElement {
  const cells = t
    ? figures(t).map((v, i) => h('td', { className: `num${i === 2 ? ' strong' : ''}` }, formatInt(v)))
    : COLUMNS.map(() => h('td', { className: 'num' }, '—'));
  return h(
    'tr',
    { className: 'day-row', dataset: data, attrs: { title } },
    h('th', { attrs: { scope: 'row' } }, label),
    ...cells,
    h('td', { className: 'notes' }, notes),
  );
}

function point(label: string, tooltipTitle: string, t: Totals | undefined, notes: string[]): ComboPoint {
  return {
    label,
    tooltipTitle,
    inbound: t?.callLegsIn ?? null,
    outbound: t?.callLegsOut ?? null,
    unique: t?.callsUnique ?? null,
    minutes: t?.durationMin ?? null,
    ...(t ? {} : { band: 'missing' as const }),
    notes,
  };
}

function drawn(content: Child[], box: HTMLElement, ariaLabel: string, points: ComboPoint[], select: (i: number) => void): Drawn {
  return { content, inserted: () => new ComboChart(box, { ariaLabel, onSelect: select }, points) };
}

function monthView(d: MonthData, open: Open): Drawn {
  const openDay = (date: string): void =>
    open(
      'get_day_activities',
      { instanceId: d.instanceId, dateId: date },
      `Activities of ${d.instanceId} on ${formatDateLong(compactId(date))}`,
    );
  const notes = (flags: string[]): string => flags.join(', ');
  const body = h(
    'tbody',
    {},
    ...d.days.map((day) =>
      row(formatDateLong(compactId(day.date)), `Open the activities of ${day.date}`, day, notes(day.flags), { date: day.date }),
    ),
  );
  makeRowsNavigable(body, (r) => {
    if (r.dataset['date']) openDay(r.dataset['date']);
  });
  const box = h('div', { className: 'chart-box' });
  const content = [
    h('h1', { className: 'title' }, `${d.instanceId} · ${formatMonth(compactId(d.month))}`),
    cards(d.totals),
    chartPanel('Daily traffic', 'Click a day to open its activities', box),
    tablePanel({ headingId: 'days-heading', heading: 'Days', hint: 'Enter opens the day’s activities · ↑ ↓ move' }, head('Day'), body),
  ];
  const points = d.days.map((day) => {
    const short = formatDayShort(compactId(day.date));
    return point(
      short.day,
      formatDateLong(compactId(day.date)),
      day,
      day.flags.map((f) => `⚠ ${f}`),
    );
  });
  return drawn(
    content,
    box,
    'Inbound and outbound call legs, unique calls and minutes per day. The table below has the same data.',
    points,
    (i) => {
      const day = d.days[i];
      if (day) openDay(day.date);
    },
  );
}

function trend(d: TrendData, open: Open): Drawn {
  const openMonth = (month: string): void =>
    open('get_month_view', { instanceId: d.instanceId, monthId: month }, `${d.instanceId} · ${formatMonth(compactId(month))}`);
  const body = h(
    'tbody',
    {},
    ...d.months.map((m) => row(formatMonth(compactId(m.month)), `Open ${m.month}`, m.totals, m.error ?? '', { month: m.month })),
  );
  makeRowsNavigable(body, (r) => {
    if (r.dataset['month']) openMonth(r.dataset['month']);
  });
  const box = h('div', { className: 'chart-box' });
  const sum = sumTotals(d.months.map((x) => x.totals));
  const first = d.months[0]?.month;
  const last = d.months.at(-1)?.month;
  const content = [
    h(
      'h1',
      { className: 'title' },
      `${d.instanceId} · ${first && last ? `${formatMonth(compactId(first))} – ${formatMonth(compactId(last))}` : 'no months'}`,
    ),
    cards(sum),
    chartPanel('Monthly traffic', 'Click a month to open it', box),
    tablePanel({ headingId: 'months-heading', heading: 'Months', hint: 'Enter opens the month view · ↑ ↓ move' }, head('Month'), body),
  ];
  const points = d.months.map((m) =>
    point(formatMonth(compactId(m.month), 'short'), formatMonth(compactId(m.month)), m.totals, m.error ? [`⚠ ${m.error}`] : []),
  );
  return drawn(
    content,
    box,
    'Inbound and outbound call legs, unique calls and minutes per month. The table below has the same data.',
    points,
    (i) => {
      const m = d.months[i];
      if (m) openMonth(m.month);
    },
  );
}

function overview(d: OverviewData, open: Open): Drawn {
  const openInstance = (instanceId: string): void =>
    open('get_month_view', { instanceId, monthId: d.month }, `${instanceId} · ${formatMonth(compactId(d.month))}`);
  const change = (pct: number | undefined): string => (pct === undefined ? '' : `${pct > 0 ? '+' : ''}${pct}% call legs`);
  const body = h(
    'tbody',
    {},
    ...d.rows.map((r) =>
      row(r.instanceId, `Open ${r.instanceId} for ${d.month}`, r.figures, r.status === 'ok' ? change(r.changePct) : r.status, {
        instance: r.instanceId,
      }),
    ),
  );
  makeRowsNavigable(body, (r) => {
    if (r.dataset['instance']) openInstance(r.dataset['instance']);
  });
  const box = h('div', { className: 'chart-box' });
  const sum = sumTotals(d.rows.map((x) => x.figures));
  const content = [
    h('h1', { className: 'title' }, `Account overview · ${formatMonth(compactId(d.month))}`),
    cards(sum),
    chartPanel('Traffic per instance', 'Click an instance to open its month', box),
    tablePanel(
      { headingId: 'instances-heading', heading: 'Voice instances', hint: 'Enter opens the month view · ↑ ↓ move' },
      head('Instance'),
      body,
    ),
  ];
  const points = d.rows.map((r) => point(r.instanceId, r.instanceId, r.figures, r.status === 'ok' ? [] : [`⚠ ${r.status}`]));
  return drawn(
    content,
    box,
    'Inbound and outbound call legs, unique calls and minutes per voice instance. The table below has the same data.',
    points,
    (i) => {
      const r = d.rows[i];
      if (r) openInstance(r.instanceId);
    },
  );
}

export function draw(d: ToolData, open: Open): Drawn {
  switch (d.kind) {
    case 'month':
      return monthView(d, open);
    case 'trend':
      return trend(d, open);
    case 'overview':
      return overview(d, open);
  }
}
