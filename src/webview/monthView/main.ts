// Month view webview: one voice instance, one month. Talks to the host only through the typed
// protocol; the header (month, navigation, actions) stays put while the body switches between
// loading, data and error, so keyboard focus survives navigation.
import '../common/l10n.js';
import * as l10n from '@vscode/l10n';
import {
  parseMonthViewState,
  shiftMonthId,
  type MonthViewData,
  type MonthViewState,
  type MonthViewToHost,
  type MonthViewToWebview,
  type PanelError,
  type ResponseMeta,
} from '../../shared/protocol.js';
import { onThemeChange } from '../common/chartTheme.js';
import type { ComboChart } from '../common/comboChart.js';
import { appRoot, button, h, replaceContent } from '../common/dom.js';
import { formatInt, formatMonth } from '../common/format.js';
import { errorState, instanceLabel, loadingState, serviceFooter } from '../common/parts.js';
import { markPainted, markStep } from '../common/painted.js';
import { connectToHost } from '../common/vscodeApi.js';
import { whenChartLoaded } from '../common/sharedChart.js';
import { buildDayRows, renderCards, renderChart, renderTable, renderWarnings, type Comparison } from './render.js';

type Phase =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'data'; view: MonthViewData; meta: ResponseMeta; comparison?: Comparison }
  | { kind: 'error'; error: PanelError };

const host = connectToHost<MonthViewToHost, MonthViewToWebview, MonthViewState>(parseMonthViewState);
let current: MonthViewState | undefined = host.getState();
let phase: Phase = { kind: current ? 'loading' : 'idle' };
let chart: ComboChart | undefined;
/** Counts renders, so a chart whose library arrives after the panel moved on is not drawn into old content. */
let renders = 0;

const app = appRoot();
const title = h('h1', { className: 'title' });
const subtitle = h('p', { className: 'subtitle' });
const prevButton = button('‹', () => navigate(-1), { secondary: true, ariaLabel: l10n.t('Previous month') });
const nextButton = button('›', () => navigate(1), { secondary: true, ariaLabel: l10n.t('Next month') });
const body = h('div', { className: 'body', attrs: { 'aria-live': 'polite' } });
replaceContent(
  app,
  h(
    'header',
    { className: 'toolbar' },
    h('div', { className: 'nav' }, prevButton, title, nextButton),
    h(
      'div',
      { className: 'actions' },
      button(l10n.t('Export…'), () => host.post({ type: 'command', command: 'exportMonth' }), {
        secondary: true,
        title: l10n.t('Export this month as CSV, JSON or Markdown'),
      }),
      button(l10n.t('Copy as cURL'), () => host.post({ type: 'command', command: 'copyAsCurl' }), {
        secondary: true,
        title: l10n.t('Copy the request of this month as a cURL command'),
      }),
      button(l10n.t('Show raw answer'), () => host.post({ type: 'command', command: 'showRawAnswer' }), {
        secondary: true,
        title: l10n.t('Open the XML the service sent for this month in a read-only editor'),
      }),
    ),
  ),
  subtitle,
  body,
);

function navigate(step: -1 | 1): void {
  if (!current) return;
  const monthId = shiftMonthId(current.monthId, step);
  // Show the new month right away; the host answers with loading/data for it.
  setCurrent({ instanceId: current.instanceId, monthId });
  phase = { kind: 'loading' };
  render();
  host.post({ type: 'navigate', monthId });
}

function openDay(dateId: string): void {
  host.post({ type: 'openDay', dateId });
}

function focusDay(dateId: string): void {
  const row = body.querySelector<HTMLTableRowElement>(`tr[data-date-id="${CSS.escape(dateId)}"]`);
  if (!row) return;
  row.scrollIntoView({ block: 'center' });
  row.focus();
}

function setCurrent(state: MonthViewState): void {
  current = state;
  host.setState(state);
}

function renderHeader(): void {
  const monthId = current?.monthId;
  title.textContent = monthId ? formatMonth(monthId) : l10n.t('Month view');
  prevButton.setAttribute(
    'title',
    monthId ? l10n.t('Previous month ({0})', formatMonth(shiftMonthId(monthId, -1))) : l10n.t('Previous month'),
  );
  nextButton.setAttribute('title', monthId ? l10n.t('Next month ({0})', formatMonth(shiftMonthId(monthId, 1))) : l10n.t('Next month'));
  prevButton.toggleAttribute('disabled', !monthId);
  // Nothing can be known after the service's current month.
  const latest = phase.kind === 'data' && phase.view.currentDateId ? phase.view.currentDateId.slice(0, 6) : undefined;
  nextButton.toggleAttribute('disabled', !monthId || (latest !== undefined && monthId >= latest));
  const parts: (string | HTMLElement)[] = [];
  if (current) parts.push(...instanceLabel(current.instanceId));
  if (phase.kind === 'data') {
    const rows = buildDayRows(phase.view);
    const elapsed = rows.filter((r) => !r.future).length;
    parts.push(
      ' · ',
      elapsed < rows.length
        ? l10n.t('month to date, {0} of {1} days', formatInt(elapsed), formatInt(rows.length))
        : rows.length === 1
          ? l10n.t('1 day')
          : l10n.t('{0} days', formatInt(rows.length)),
    );
  }
  replaceContent(subtitle, ...parts);
}

function render(): void {
  const mine = ++renders;
  renderHeader();
  chart?.destroy();
  chart = undefined;
  app.setAttribute('aria-busy', String(phase.kind === 'loading'));
  switch (phase.kind) {
    case 'idle':
      replaceContent(body, loadingState(l10n.t('Waiting for the extension…')));
      return;
    case 'loading':
      replaceContent(body, loadingState(current ? l10n.t('Loading {0}…', formatMonth(current.monthId)) : l10n.t('Loading…')));
      return;
    case 'error':
      replaceContent(
        body,
        errorState(
          current ? l10n.t('Could not load {0}', formatMonth(current.monthId)) : l10n.t('Could not load the month'),
          phase.error,
          () => {
            phase = { kind: 'loading' };
            render();
            host.post({ type: 'retry' });
          },
        ),
      );
      return;
    case 'data': {
      const { view, meta, comparison } = phase;
      const rows = buildDayRows(view);
      const chartPart = renderChart(rows, view, openDay);
      replaceContent(
        body,
        renderCards(view, comparison),
        renderWarnings(rows, view, focusDay),
        chartPart.section,
        renderTable(rows, view, openDay),
        serviceFooter(meta),
      );
      markStep('table');
      // The table and totals are painted now; the chart follows once the shared chart script has run.
      whenChartLoaded(() => {
        if (mine !== renders) return;
        markStep('chartLoaded');
        chart = chartPart.chart();
        markStep('chart');
        markPainted();
      });
      return;
    }
  }
}

/** Only the totals change when the comparison arrives; the chart and table stay as they are. */
function renderComparison(): void {
  if (phase.kind !== 'data') return;
  const old = body.querySelector('.totals');
  old?.replaceWith(renderCards(phase.view, phase.comparison));
}

host.onMessage((msg) => {
  switch (msg.type) {
    case 'loading':
      setCurrent({ instanceId: msg.instanceId, monthId: msg.monthId });
      phase = { kind: 'loading' };
      render();
      return;
    case 'monthData':
      setCurrent({ instanceId: msg.instanceId, monthId: msg.monthId });
      phase = { kind: 'data', view: msg.view, meta: msg.meta };
      render();
      return;
    case 'comparison':
      if (phase.kind === 'data' && current?.monthId === msg.monthId && current.instanceId === msg.instanceId) {
        phase.comparison = { previousMonthId: msg.previousMonthId, totals: msg.totals };
        renderComparison();
      }
      return;
    case 'error':
      setCurrent({ instanceId: msg.instanceId, monthId: msg.monthId });
      phase = { kind: 'error', error: msg.error };
      render();
      return;
  }
});

onThemeChange(() => chart?.refreshTheme());
render();
host.ready();
