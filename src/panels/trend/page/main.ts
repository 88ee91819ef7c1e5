// Trend webview: the totals of twelve months of one voice instance, as a chart and a table.
// Clicking a month (bar or row, Enter on a row) asks the host to open that month's view.
import '../../../webview/common/l10n.js';
import * as l10n from '@vscode/l10n';
import { parseTrendState, type TrendMonth, type TrendState, type TrendToHost, type TrendToWebview } from '../protocol.js';
import { shiftMonthId, TREND_MONTHS, type ResponseMeta } from '../../../shared/protocol.js';
import { onThemeChange } from '../../../webview/common/chartTheme.js';
import type { ComboChart } from '../../../webview/common/comboChart.js';
import { createComboChart, whenChartLoaded } from '../../../webview/common/sharedChart.js';
import { button, h, replaceContent, type Child } from '../../../webview/common/dom.js';
import { formatInt, formatMonth } from '../../../webview/common/format.js';
import { PanelShell } from '../../../webview/common/panelShell.js';
import { instanceLabel, makeRowsNavigable, serviceFooter, tablePanel } from '../../../webview/common/parts.js';
import { markPainted, markStep } from '../../../webview/common/painted.js';
import { connectToHost } from '../../../webview/common/vscodeApi.js';

interface TrendData {
  months: TrendMonth[];
  meta?: ResponseMeta;
}

const host = connectToHost<TrendToHost, TrendToWebview, TrendState>(parseTrendState);
let current: TrendState | undefined = host.getState();
let chart: ComboChart | undefined;

const shell = new PanelShell<TrendData>({
  nav: [h('h1', { className: 'title' }, l10n.t('12-month trend'))],
  actions: [button(l10n.t('Reload'), () => shell.retry(), { secondary: true, title: l10n.t('Load the twelve months again') })],
  frame: renderSubtitle,
  loadingText: () => l10n.t('Loading twelve months…'),
  errorTitle: () => l10n.t('Could not load the trend'),
  clear: () => {
    chart?.destroy();
    chart = undefined;
  },
  renderData,
  retry: () => host.post({ type: 'retry' }),
});

function openMonth(monthId: string): void {
  host.post({ type: 'openMonth', monthId });
}

function renderSubtitle(subtitle: HTMLElement): void {
  if (!current) {
    replaceContent(subtitle);
    return;
  }
  const first = shiftMonthId(current.monthId, 1 - TREND_MONTHS);
  replaceContent(
    subtitle,
    ...instanceLabel(current.instanceId),
    ' · ',
    l10n.t({
      message: '{0} – {1}',
      args: [formatMonth(first), formatMonth(current.monthId)],
      comment: ['A range of months: first – last'],
    }),
  );
}

function cards(months: TrendMonth[]): HTMLElement {
  const ok = months.filter((m) => m.totals);
  const sum = (k: 'callLegs' | 'callsUnique' | 'durationMin'): number => ok.reduce((s, m) => s + (m.totals?.[k] ?? 0), 0);
  const busiest = ok.reduce<TrendMonth | undefined>(
    (b, m) => (!b || (m.totals?.callLegs ?? 0) > (b.totals?.callLegs ?? 0) ? m : b),
    undefined,
  );
  const card = (label: string, value: string, sub: string): HTMLElement =>
    h(
      'article',
      { className: 'card' },
      h('h3', { className: 'card-label' }, label),
      h('p', { className: 'card-value' }, value),
      h('p', { className: 'card-delta' }, h('span', { className: 'vs' }, sub)),
    );
  const over = ok.length === 1 ? l10n.t('over 1 month') : l10n.t('over {0} months', formatInt(ok.length));
  const legs = (n: number): string => (n === 1 ? l10n.t('1 call leg') : l10n.t('{0} call legs', formatInt(n)));
  // The cards' labels are h3 under this h2 (out of the grid's flow), so the headings read as an outline.
  return h(
    'section',
    { className: 'cards', attrs: { 'aria-labelledby': 'totals-heading' } },
    h('h2', { id: 'totals-heading', className: 'visually-hidden' }, l10n.t('Totals of the period')),
    card(l10n.t('Call legs'), formatInt(sum('callLegs')), over),
    card(l10n.t('Unique calls'), formatInt(sum('callsUnique')), over),
    card(l10n.t('Minutes'), formatInt(sum('durationMin')), over),
    card(
      l10n.t('Busiest month'),
      busiest?.totals && busiest.totals.callLegs > 0 ? formatMonth(busiest.monthId, 'short') : '—',
      busiest?.totals ? legs(busiest.totals.callLegs) : '',
    ),
  );
}

function table(months: TrendMonth[]): HTMLElement {
  const rows = months.map((m) => {
    const t = m.totals;
    const values = t ? [t.callLegsIn, t.callLegsOut, t.callLegs, t.callsUnique, t.durationMin, t.days] : [];
    return h(
      'tr',
      {
        className: `month-row${m.error ? ' is-failed' : ''}`,
        dataset: { monthId: m.monthId },
        attrs: { title: l10n.t('Open {0}', formatMonth(m.monthId)) },
      },
      h('th', { attrs: { scope: 'row' } }, formatMonth(m.monthId)),
      ...(t
        ? values.map((v, i) => h('td', { className: `num${i === 2 ? ' strong' : ''}` }, formatInt(v)))
        : [
            h('td', { className: 'num' }, '—'),
            h('td', { className: 'num' }, '—'),
            h('td', { className: 'num' }, '—'),
            h('td', { className: 'num' }, '—'),
            h('td', { className: 'num' }, '—'),
            h('td', { className: 'num' }, '—'),
          ]),
      h(
        'td',
        { className: 'notes error-cell' },
        m.error ? h('span', { className: 'badge badge-missing', attrs: { title: m.error } }, l10n.t('failed')) : null,
        m.error ? ` ${m.error}` : null,
      ),
    );
  });
  const body = h('tbody', {}, ...rows);
  makeRowsNavigable(body, (row) => {
    const id = row.dataset.monthId;
    if (id) openMonth(id);
  });
  return tablePanel(
    { headingId: 'months-heading', heading: l10n.t('Months'), hint: l10n.t('Enter opens the month view · ↑ ↓ move') },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { attrs: { scope: 'col' } }, l10n.t('Month')),
        ...[l10n.t('Inbound'), l10n.t('Outbound'), l10n.t('Call legs'), l10n.t('Unique calls'), l10n.t('Minutes'), l10n.t('Days')].map(
          (c) => h('th', { attrs: { scope: 'col' }, className: 'num' }, c),
        ),
        h('th', { attrs: { scope: 'col' } }, l10n.t('Notes')),
      ),
    ),
    body,
  );
}

function renderData({ months, meta }: TrendData, stillShown: () => boolean): { content: Child[]; inserted(): void } {
  const box = h('div', { className: 'chart-box' });
  const content = [
    cards(months),
    h(
      'section',
      { className: 'panel chart-panel' },
      h(
        'div',
        { className: 'panel-head' },
        h('h2', {}, l10n.t('Monthly traffic')),
        h('p', { className: 'panel-hint' }, l10n.t('Click a month to open it')),
      ),
      box,
    ),
    table(months),
    meta ? serviceFooter(meta) : null,
  ];
  const inserted = (): void => {
    markStep('table');
    // The table and cards are painted now; the chart follows once the shared chart script has run.
    whenChartLoaded(() => {
      if (!stillShown()) return;
      markStep('chartLoaded');
      chart = createComboChart(
        box,
        {
          ariaLabel: l10n.t('Inbound and outbound call legs, unique calls and minutes per month. The table below has the same data.'),
          onSelect: (i) => {
            const m = months[i];
            if (m) openMonth(m.monthId);
          },
        },
        months.map((m) => ({
          label: formatMonth(m.monthId, 'short'),
          tooltipTitle: formatMonth(m.monthId),
          inbound: m.totals?.callLegsIn ?? null,
          outbound: m.totals?.callLegsOut ?? null,
          unique: m.totals?.callsUnique ?? null,
          minutes: m.totals?.durationMin ?? null,
          ...(m.error ? { band: 'missing' as const } : {}),
          notes: m.error ? [`⚠ ${m.error}`] : [],
        })),
      );
      markStep('chart');
      markPainted();
    });
  };
  return { content, inserted };
}

host.onMessage((msg) => {
  current = { instanceId: msg.instanceId, monthId: msg.monthId };
  host.setState(current);
  switch (msg.type) {
    case 'loading':
      shell.show({ kind: 'loading' });
      return;
    case 'trendData':
      shell.show({ kind: 'data', data: { months: msg.months, ...(msg.meta ? { meta: msg.meta } : {}) } });
      return;
    case 'error':
      shell.show({ kind: 'error', error: msg.error });
      return;
  }
});

onThemeChange(() => chart?.refreshTheme());
shell.render();
host.ready();
