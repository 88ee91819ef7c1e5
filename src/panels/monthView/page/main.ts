// Month view webview: one voice instance, one month. Talks to the host only through the typed
// protocol; the header (month, navigation, actions) stays put while the body switches between
// loading, data and error, so keyboard focus survives navigation.
import '../../../webview/common/l10n.js';
import * as l10n from '@vscode/l10n';
import {
  parseMonthViewState,
  type MonthViewState,
  type MonthViewToHost,
  type MonthViewToWebview,
  type ProjectionShown,
} from '../protocol.js';
import { shiftMonthId, type MonthViewData, type ResponseMeta } from '../../../shared/protocol.js';
import { onThemeChange } from '../../../webview/common/chartTheme.js';
import type { ComboChart } from '../../../webview/common/comboChart.js';
import { button, h, replaceContent, type Child } from '../../../webview/common/dom.js';
import { formatInt, formatMonth } from '../../../webview/common/format.js';
import { PanelShell, type Phase } from '../../../webview/common/panelShell.js';
import { instanceLabel, serviceFooter } from '../../../webview/common/parts.js';
import { markPainted, markStep } from '../../../webview/common/painted.js';
import { connectToHost } from '../../../webview/common/vscodeApi.js';
import { whenChartLoaded } from '../../../webview/common/sharedChart.js';
import {
  buildDayRows,
  chartPoints,
  renderCards,
  renderChart,
  renderProjection,
  renderTable,
  renderWarnings,
  type Comparison,
} from './render.js';
import { UpdateAnnouncer, UpdateMarks } from '../../../webview/common/live.js';
import type { DayRow } from '../../../webview/common/insights.js';
import { applyMonthUpdate, describeUpdate } from './update.js';

interface MonthData {
  view: MonthViewData;
  meta: ResponseMeta;
  comparison?: Comparison;
  /** A month in progress: where it will end (sent after the month, when voiceSms.forecast.show is on). */
  projection?: ProjectionShown;
}

const host = connectToHost<MonthViewToHost, MonthViewToWebview, MonthViewState>(parseMonthViewState);
let current: MonthViewState | undefined = host.getState();
let chart: ComboChart | undefined;
/** The days the chart shows (a live update changes them in place). */
let chartRows: DayRow[] = [];
const marks = new UpdateMarks();
const announcer = new UpdateAnnouncer();

const title = h('h1', { className: 'title' });
const prevButton = button('‹', () => navigate(-1), { secondary: true, ariaLabel: l10n.t('Previous month') });
const nextButton = button('›', () => navigate(1), { secondary: true, ariaLabel: l10n.t('Next month') });
const shell = new PanelShell<MonthData>(
  {
    nav: [prevButton, title, nextButton],
    actions: [
      button(l10n.t('Export…'), () => host.post({ type: 'command', command: 'exportMonth' }), {
        secondary: true,
        title: l10n.t('Export this month as CSV, JSON or Markdown'),
      }),
      button(l10n.t('Copy as cURL'), () => host.post({ type: 'command', command: 'copyAsCurl' }), {
        secondary: true,
        title: l10n.t('Copy the request of this month as a cURL command'),
      }),
      button(l10n.t('Copy as Code…'), () => host.post({ type: 'command', command: 'copyAsCode' }), {
        secondary: true,
        title: l10n.t('Copy the request of this month as shell, Node.js or Python code'),
      }),
      button(l10n.t('Show raw answer'), () => host.post({ type: 'command', command: 'showRawAnswer' }), {
        secondary: true,
        title: l10n.t('Open the XML the service sent for this month in a read-only editor'),
      }),
    ],
    frame: renderHeader,
    idleText: () => l10n.t('Waiting for the extension…'),
    loadingText: () => (current ? l10n.t('Loading {0}…', formatMonth(current.monthId)) : l10n.t('Loading…')),
    errorTitle: () => (current ? l10n.t('Could not load {0}', formatMonth(current.monthId)) : l10n.t('Could not load the month')),
    clear: () => {
      chart?.destroy();
      chart = undefined;
      marks.clear();
    },
    renderData,
    retry: () => host.post({ type: 'retry' }),
  },
  { kind: current ? 'loading' : 'idle' },
);

function navigate(step: -1 | 1): void {
  if (!current) return;
  const monthId = shiftMonthId(current.monthId, step);
  // Show the new month right away; the host answers with loading/data for it.
  setCurrent({ instanceId: current.instanceId, monthId });
  shell.show({ kind: 'loading' });
  host.post({ type: 'navigate', monthId });
}

function openDay(dateId: string): void {
  host.post({ type: 'openDay', dateId });
}

function focusDay(dateId: string): void {
  const row = shell.body.querySelector<HTMLTableRowElement>(`tr[data-date-id="${CSS.escape(dateId)}"]`);
  if (!row) return;
  row.scrollIntoView({ block: 'center' });
  row.focus();
}

function setCurrent(state: MonthViewState): void {
  current = state;
  host.setState(state);
}

function renderHeader(subtitle: HTMLElement, phase: Phase<MonthData>): void {
  const monthId = current?.monthId;
  title.textContent = monthId ? formatMonth(monthId) : l10n.t('Month view');
  prevButton.setAttribute(
    'title',
    monthId ? l10n.t('Previous month ({0})', formatMonth(shiftMonthId(monthId, -1))) : l10n.t('Previous month'),
  );
  nextButton.setAttribute('title', monthId ? l10n.t('Next month ({0})', formatMonth(shiftMonthId(monthId, 1))) : l10n.t('Next month'));
  prevButton.toggleAttribute('disabled', !monthId);
  // Nothing can be known after the service's current month.
  const latest = phase.kind === 'data' && phase.data.view.currentDateId ? phase.data.view.currentDateId.slice(0, 6) : undefined;
  nextButton.toggleAttribute('disabled', !monthId || (latest !== undefined && monthId >= latest));
  const parts: (string | HTMLElement)[] = [];
  if (current) parts.push(...instanceLabel(current.instanceId));
  if (phase.kind === 'data') {
    const rows = buildDayRows(phase.data.view);
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

function shownProjection(): ProjectionShown | undefined {
  return shell.phase.kind === 'data' ? shell.phase.data.projection : undefined;
}

function renderData({ view, meta, comparison, projection }: MonthData, stillShown: () => boolean): { content: Child[]; inserted(): void } {
  const rows = buildDayRows(view, comparison?.previousDays);
  chartRows = rows;
  const chartPart = renderChart(() => chartRows, view, openDay, shownProjection);
  return {
    content: [
      renderCards(view, comparison),
      projection ? renderProjection(projection) : null,
      renderWarnings(rows, view, focusDay),
      chartPart.section,
      renderTable(rows, view, openDay),
      serviceFooter(meta),
    ],
    inserted: () => {
      markStep('table');
      // The table and totals are painted now; the chart follows once the shared chart script has run.
      whenChartLoaded(() => {
        if (!stillShown()) return;
        markStep('chartLoaded');
        chart = chartPart.chart();
        markStep('chart');
        markPainted();
      });
    },
  };
}

/**
 * The comparison changes the totals' cards, and the month before's days can make days of the first weeks unusual for
 * their weekday: the table, warnings and chart notes are brought up to date in place (nothing marked or announced).
 */
function renderComparison(data: MonthData): void {
  const applied = applyMonthUpdate(data, data.view, serviceFooter(data.meta), { body: shell.body, openDay, focusDay });
  if (!applied) {
    shell.body.querySelector('.totals')?.replaceWith(renderCards(data.view, data.comparison));
    return;
  }
  chartRows = applied.rows;
  chart?.update(chartPoints(applied.rows, data.projection));
}

/** The projection arrived (or changed with a newer load): its row after the totals, its days on the chart. */
function showProjection(data: MonthData): void {
  const section = data.projection ? renderProjection(data.projection) : undefined;
  const old = shell.body.querySelector('.projection');
  if (old && section) old.replaceWith(section);
  else if (section) shell.body.querySelector('.totals')?.after(section);
  chart?.update(chartPoints(chartRows, data.projection));
}

/**
 * A newer load of the month on show: changed in place (same elements, scroll and focus), its changed figures marked
 * and announced. Anything else on show (or another set of days) is drawn afresh.
 */
function update(view: MonthViewData, meta: ResponseMeta): void {
  const { phase } = shell;
  if (phase.kind === 'data') {
    const applied = applyMonthUpdate(phase.data, view, serviceFooter(meta), { body: shell.body, openDay, focusDay });
    if (applied) {
      const before = phase.data.view;
      chartRows = applied.rows;
      chart?.update(chartPoints(applied.rows, phase.data.projection));
      shell.keepShowing({
        view,
        meta,
        ...(phase.data.comparison ? { comparison: phase.data.comparison } : {}),
        ...(phase.data.projection ? { projection: phase.data.projection } : {}),
      });
      marks.mark(applied.changed);
      const sentence = describeUpdate(before, view);
      if (sentence) announcer.say(sentence);
      return;
    }
  }
  shell.show({ kind: 'data', data: { view, meta } });
}

host.onMessage((msg) => {
  switch (msg.type) {
    case 'loading':
      setCurrent({ instanceId: msg.instanceId, monthId: msg.monthId });
      shell.show({ kind: 'loading' });
      return;
    case 'monthData':
      setCurrent({ instanceId: msg.instanceId, monthId: msg.monthId });
      shell.show({ kind: 'data', data: { view: msg.view, meta: msg.meta } });
      return;
    case 'comparison': {
      const { phase } = shell;
      if (phase.kind === 'data' && current?.monthId === msg.monthId && current.instanceId === msg.instanceId) {
        phase.data.comparison = {
          previousMonthId: msg.previousMonthId,
          totals: msg.totals,
          compared: msg.compared,
          previousDays: msg.previousDays,
        };
        renderComparison(phase.data);
      }
      return;
    }
    case 'projection': {
      const { phase } = shell;
      if (phase.kind === 'data' && current?.monthId === msg.monthId && current.instanceId === msg.instanceId) {
        phase.data.projection = msg.projection;
        showProjection(phase.data);
      }
      return;
    }
    case 'monthUpdate':
      // For the month on show only: a page that moved on (its navigate on the way) waits for its own month.
      if (current?.instanceId === msg.instanceId && current.monthId === msg.monthId) update(msg.view, msg.meta);
      return;
    case 'error':
      setCurrent({ instanceId: msg.instanceId, monthId: msg.monthId });
      shell.show({ kind: 'error', error: msg.error });
      return;
  }
});

onThemeChange(() => chart?.refreshTheme());
shell.app.append(announcer.element);
shell.render();
host.ready();
