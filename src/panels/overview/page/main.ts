// Account overview webview: one row per voice instance for one month, arriving as each settles ("37 of 200",
// Cancel), a totals row, sortable by every column (click or Enter on a header; aria-sort, and the sort said in a
// status line) and filterable by instance id; the totals row and Export take the rows shown. A loaded row opens that
// instance's month view (click, Enter); a failed row says why and retries (click, Enter, or its Retry button). An
// instance whose change lies far from the other instances' is marked, with why (shared/overview/peers.ts, the rule
// unusual days use), in its "Against the others" cell and the note under the table. The page tells the host which
// rows are on screen, whose 12-month cells it fills with the months not in hand; a cell says how many months it
// shows until it has all twelve. The sort and the filter are kept with the page's state across reloads.
import '../../../webview/common/l10n.js';
import * as l10n from '@vscode/l10n';
import type { ComparedDays } from '../../../shared/comparison.js';
import { overviewTotals, OVERVIEW_TREND_MONTHS, type OverviewRow } from '../../../shared/overview/overview.js';
import { MIN_COMPARED, MIN_DIFFERENCE, Z_THRESHOLD } from '../../../shared/modifiedZScore.js';
import { comparePeers, peerSortValue, type PeerComparison, type PeerVerdict } from '../../../shared/overview/peers.js';
import { parseOverviewState, type OverviewSortKey, type OverviewState, type OverviewToHost, type OverviewToWebview } from '../protocol.js';
import { button, h, replaceContent, type Child } from '../../../webview/common/dom.js';
import { formatDayRange, formatFigure, formatInt, formatMonth } from '../../../webview/common/format.js';
import { PanelShell } from '../../../webview/common/panelShell.js';
import { markPainted } from '../../../webview/common/painted.js';
import { makeRowsNavigable, tablePanel } from '../../../webview/common/parts.js';
import { connectToHost } from '../../../webview/common/vscodeApi.js';

interface Table {
  rows: OverviewRow[];
  loading: boolean;
  cancelled: boolean;
}

const host = connectToHost<OverviewToHost, OverviewToWebview, OverviewState>(parseOverviewState);
let current: OverviewState | undefined = host.getState();
let table: Table | undefined;

interface Column {
  key: OverviewSortKey;
  label: () => string;
  numeric: boolean;
}

const COLUMNS: Column[] = [
  { key: 'instance', label: () => l10n.t('Instance'), numeric: false },
  { key: 'callLegs', label: () => l10n.t('Call legs'), numeric: true },
  { key: 'callLegsIn', label: () => l10n.t('Inbound'), numeric: true },
  { key: 'callLegsOut', label: () => l10n.t('Outbound'), numeric: true },
  { key: 'callsUnique', label: () => l10n.t('Unique calls'), numeric: true },
  { key: 'durationMin', label: () => l10n.t('Minutes'), numeric: true },
  { key: 'change', label: () => l10n.t('Change'), numeric: true },
  { key: 'peers', label: () => l10n.t('Against the others'), numeric: true },
  { key: 'projected', label: () => l10n.t('Projected by month end'), numeric: true },
  { key: 'activeDays', label: () => l10n.t('Days with data'), numeric: true },
  { key: 'trend', label: () => l10n.t('12 months'), numeric: false },
];

const progress = h('p', { className: 'overview-progress', attrs: { role: 'status' } });
const cancelButton = button(l10n.t('Cancel'), () => host.post({ type: 'cancel' }), {
  secondary: true,
  title: l10n.t('Stop loading the remaining instances'),
});
const filterInput = h('input', {
  id: 'overview-filter',
  className: 'overview-filter',
  attrs: { type: 'search', placeholder: l10n.t('Filter by instance ID'), autocomplete: 'off', spellcheck: 'false' },
});
const tbody = h('tbody', {});
const tfoot = h('tfoot', {});
/** Which days the changes compare (like for like while the month is not finished). */
const comparedNote = h('p', { className: 'overview-compared' });
/** Which instances stand out against the others, each with why. */
const peersNote = h('div', { className: 'overview-peers' });
/** Says the sort chosen (aria-sort alone is read only when the header is reached). */
const sortStatus = h('p', { className: 'visually-hidden', attrs: { role: 'status' } });
/** Each loaded row's change against the others', recomputed as rows settle. */
let peers: PeerComparison = { withChange: 0, verdicts: new Map(), standOut: [] };
const headRow = h('tr', {});
/** Rendered rows by instance id; a settled row replaces only its own. */
const rendered = new Map<string, HTMLTableRowElement>();

const shell = new PanelShell<Table>(
  {
    nav: [h('h1', { className: 'title' }, l10n.t('Account overview'))],
    actions: [
      cancelButton,
      button(l10n.t('Export…'), exportShown, {
        secondary: true,
        title: l10n.t('Export the rows shown, in their order, as CSV, JSON or Markdown'),
      }),
      button(l10n.t('Reload'), () => shell.retry(), { secondary: true, title: l10n.t('Load every instance again') }),
    ],
    frame: renderSubtitle,
    idleText: () => l10n.t('Loading the voice instances…'),
    loadingText: () => l10n.t('Loading the voice instances…'),
    errorTitle: () => l10n.t('Could not load the account overview'),
    renderData,
    retry: () => host.post({ type: 'retry' }),
  },
  { kind: 'idle' },
);

/** Export what the page shows: the filtered rows in their sorted order (without a table: every row, i.e. none). */
function exportShown(): void {
  host.post(table ? { type: 'export', instanceIds: visibleRows(table.rows).map((r) => r.instanceId) } : { type: 'export' });
}

function saveState(): void {
  if (current) host.setState(current);
}

function renderSubtitle(subtitle: HTMLElement): void {
  replaceContent(subtitle, current ? l10n.t('All voice instances · {0}', formatMonth(current.monthId)) : '');
}

// ----- cells

/** "Nov 1 – 27 vs Oct 1 – 27", or the two months when both are whole. */
function comparedRange(c: ComparedDays): string {
  const side = (monthId: string, lastDay: number): string => (c.wholeMonths ? formatMonth(monthId) : formatDayRange(monthId, lastDay));
  return l10n.t('{0} vs {1}', side(c.monthId, c.lastDay), side(c.previousMonthId, c.previousLastDay));
}

/** A change as the page writes it: "+240 %", "−3.5 %". */
function formatChange(pct: number): string {
  return `${pct > 0 ? '+' : ''}${pct.toLocaleString(document.documentElement.lang || undefined, { maximumFractionDigits: 1 })} %`;
}

function changeCell(row: OverviewRow): HTMLElement {
  const pct = row.status === 'ok' ? row.changePct : undefined;
  if (pct === null || pct === undefined) {
    return h(
      'td',
      { className: 'num change', attrs: row.status === 'ok' ? { title: l10n.t('No previous month to compare with') } : {} },
      '—',
    );
  }
  const dir = pct > 0 ? 'up' : pct < 0 ? 'down' : 'flat';
  const arrow = dir === 'up' ? '▲' : dir === 'down' ? '▼' : '■';
  const text = formatChange(pct);
  return h(
    'td',
    {
      className: `num change ${dir}`,
      attrs: {
        title: row.compared ? l10n.t('Call legs, {0}', comparedRange(row.compared)) : l10n.t('Call legs against the previous month'),
      },
    },
    h('span', { className: 'arrow', attrs: { 'aria-hidden': 'true' } }, arrow),
    ' ',
    text,
  );
}

/** A month in progress: its call legs by month end with the range, a projection and not data. */
function projectedCell(row: OverviewRow): HTMLElement {
  const p = row.projection;
  if (!p) return h('td', { className: 'num projected-col' }, '—');
  const basis =
    p.basis === 'monthSoFar'
      ? l10n.t('too little history: from the days so far, with a wide range')
      : p.backtestMonths > 0
        ? l10n.t('from the weekday profile; range from {0} finished months', formatInt(p.backtestMonths))
        : l10n.t('from the weekday profile; wide range (too few finished months in hand)');
  return h(
    'td',
    {
      className: 'num projected-col projection',
      attrs: {
        title: l10n.t(
          'A projection, not data: {0} call legs by month end, range {1}–{2}; {3}',
          formatInt(p.callLegs),
          formatInt(p.low),
          formatInt(p.high),
          basis,
        ),
      },
    },
    formatInt(p.callLegs),
    h('span', { className: 'projection-range' }, `${formatInt(p.low)}–${formatInt(p.high)}`),
  );
}

/** Why a change stands out (or not): "+240 % against the others' median +5 % (MAD 3.1 points, 12 instances)". */
function peerReason(v: PeerVerdict): string {
  const spread =
    v.scaleKind === 'mad'
      ? v.mad === 1
        ? l10n.t('MAD 1 point, {0} instances', formatInt(v.compared))
        : l10n.t('MAD {0} points, {1} instances', formatFigure(v.mad), formatInt(v.compared))
      : v.scaleKind === 'meanDeviation'
        ? l10n.t('MAD 0, mean absolute deviation {0} points, {1} instances', formatFigure(v.meanDeviation), formatInt(v.compared))
        : l10n.t('all {0} other instances the same', formatInt(v.compared));
  return l10n.t(
    "{0} against the others' median {1} ({2})",
    formatChange(v.changePct),
    formatChange(Math.round(v.median * 10) / 10),
    spread,
  );
}

/** The modified z-score as the cell shows it: signed, one decimal; "∞" when every other change was the same. */
function formatScore(score: number): string {
  if (!Number.isFinite(score)) return score > 0 ? '+∞' : '−∞';
  const rounded = Math.round(score * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${formatFigure(rounded)}`;
}

/** The "Against the others" cell's content and tooltip for one row (rewritten in place as rows settle). */
function fillPeersCell(td: HTMLTableCellElement, row: OverviewRow): void {
  const v = peers.verdicts.get(row.instanceId);
  const key = v ? `${v.far}|${v.score}|${v.median}|${v.scale}|${v.compared}` : row.status;
  if (td.dataset.shown === key) return;
  td.dataset.shown = key;
  td.classList.toggle('stands-out', !!v?.far);
  if (!v) {
    td.title =
      row.status === 'ok' ? l10n.t('Not compared: no change, or fewer than {0} other instances with one', formatInt(MIN_COMPARED)) : '';
    replaceContent(td, '—');
    return;
  }
  td.title = v.far
    ? l10n.t('Stands out: {0}; modified z-score {1}', peerReason(v), formatScore(v.score))
    : l10n.t('Usual: {0}; modified z-score {1}', peerReason(v), formatScore(v.score));
  replaceContent(
    td,
    v.far
      ? h(
          'span',
          { className: 'badge badge-unusual peer-mark' },
          v.direction === 'high' ? l10n.t('stands out, higher') : l10n.t('stands out, lower'),
        )
      : null,
    h('span', { className: 'peer-score' }, formatScore(v.score)),
  );
}

/** The note under the table: which instances stand out, each with why; or that none does; or too few to tell. */
function renderPeersNote(): void {
  if (!table || table.rows.every((r) => r.status === 'pending')) return replaceContent(peersNote);
  const method = l10n.t(
    "modified z-score beyond {0}, at least {1} points from the others' median",
    formatFigure(Z_THRESHOLD),
    formatInt(MIN_DIFFERENCE),
  );
  if (peers.verdicts.size === 0) {
    return replaceContent(
      peersNote,
      h(
        'p',
        {},
        l10n.t(
          'Against the others: too few instances with a change ({0}) to tell; {1} are needed.',
          formatInt(peers.withChange),
          formatInt(MIN_COMPARED + 1),
        ),
      ),
    );
  }
  if (peers.standOut.length === 0) {
    return replaceContent(
      peersNote,
      h(
        'p',
        { className: 'peers-none' },
        l10n.t('Against the others: none stand out ({0} instances with a change; {1}).', formatInt(peers.withChange), method),
      ),
    );
  }
  replaceContent(
    peersNote,
    h('p', {}, l10n.t('Against the others ({0}), these stand out:', method)),
    h(
      'ul',
      {},
      ...peers.standOut.map((v) =>
        h('li', { dataset: { instanceId: v.instanceId } }, h('code', { className: 'instance-id' }, v.instanceId), ': ', peerReason(v)),
      ),
    ),
  );
}

const SVG = 'http://www.w3.org/2000/svg';

/** A small line of the call legs of the months in hand; a month not in hand is a gap. */
function sparkline(trend: readonly (number | null)[]): Element {
  const known = trend.filter((v): v is number => v !== null);
  const w = 96;
  const ht = 20;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'sparkline');
  svg.setAttribute('viewBox', `0 0 ${w} ${ht}`);
  svg.setAttribute('width', String(w));
  svg.setAttribute('height', String(ht));
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', l10n.t('Call legs of the last {0} months; {1} of them shown', OVERVIEW_TREND_MONTHS, known.length));
  const max = Math.max(1, ...known);
  const x = (i: number): number => 2 + (i * (w - 4)) / (OVERVIEW_TREND_MONTHS - 1);
  const y = (v: number): number => ht - 2 - (v / max) * (ht - 4);
  let segment: string[] = [];
  const flush = (): void => {
    if (segment.length > 1) {
      const line = document.createElementNS(SVG, 'polyline');
      line.setAttribute('points', segment.join(' '));
      svg.appendChild(line);
    }
    segment = [];
  };
  trend.forEach((v, i) => {
    if (v === null) return flush();
    segment.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    const dot = document.createElementNS(SVG, 'circle');
    dot.setAttribute('cx', x(i).toFixed(1));
    dot.setAttribute('cy', y(v).toFixed(1));
    dot.setAttribute('r', i === trend.length - 1 ? '2' : '1.2');
    svg.appendChild(dot);
  });
  flush();
  return svg;
}

/** The line of the months in hand and, until it has all twelve, how many it shows ("5 of 12 months"). */
function trendCell(trend: readonly (number | null)[]): HTMLElement {
  const known = trend.filter((v) => v !== null).length;
  return h(
    'td',
    { className: 'trend-cell' },
    sparkline(trend),
    known < OVERVIEW_TREND_MONTHS
      ? h(
          'span',
          { className: 'trend-count', attrs: { 'aria-hidden': 'true' } },
          l10n.t('{0} of {1} months', formatInt(known), formatInt(OVERVIEW_TREND_MONTHS)),
        )
      : null,
  );
}

function rowElement(row: OverviewRow): HTMLTableRowElement {
  const f = row.figures;
  const nums = (['callLegs', 'callLegsIn', 'callLegsOut', 'callsUnique', 'durationMin'] as const).map((k) =>
    h('td', { className: `num${k === 'callLegs' ? ' strong' : ''}` }, f ? formatInt(f[k]) : '—'),
  );
  const idCell = h('th', { attrs: { scope: 'row' } }, h('code', { className: 'instance-id' }, row.instanceId));
  let tail: Child[];
  let title: string;
  if (row.status === 'ok' && f) {
    tail = [
      changeCell(row),
      h('td', { className: 'num peers-col' }),
      projectedCell(row),
      h('td', { className: 'num' }, formatInt(f.activeDays)),
      trendCell(row.trend),
    ];
    title = l10n.t('Open the month view of {0}', row.instanceId);
  } else if (row.status === 'failed') {
    tail = [
      h(
        'td',
        { className: 'notes error-cell', attrs: { colspan: 5 } },
        h('span', { className: 'badge badge-missing' }, l10n.t('failed')),
        ` ${row.error ?? ''} `,
        button(l10n.t('Retry'), () => retry(row.instanceId), { secondary: true, ariaLabel: l10n.t('Retry {0}', row.instanceId) }),
      ),
    ];
    title = l10n.t('Load {0} again', row.instanceId);
  } else {
    tail = [h('td', { className: 'notes pending-cell', attrs: { colspan: 5 } }, l10n.t('loading…'))];
    title = '';
  }
  const tr = h(
    'tr',
    {
      className: `overview-row is-${row.status}`,
      dataset: { instanceId: row.instanceId },
      attrs: { title: title || undefined, tabindex: -1, 'aria-busy': row.status === 'pending' ? 'true' : undefined },
    },
    idCell,
    ...(row.status === 'ok' ? nums : row.status === 'failed' ? nums.map(() => h('td', { className: 'num' }, '—')) : nums),
    ...tail,
  );
  return tr;
}

// ----- sort and filter

function sortValue(row: OverviewRow, key: OverviewSortKey): number | string | undefined {
  if (key === 'instance') return row.instanceId;
  if (row.status !== 'ok' || !row.figures) return undefined;
  switch (key) {
    case 'change':
      return row.changePct ?? undefined;
    case 'peers':
      return peerSortValue(peers.verdicts.get(row.instanceId));
    case 'projected':
      return row.projection?.callLegs;
    case 'trend': {
      const known = row.trend.filter((v): v is number => v !== null);
      return known.length ? known.reduce((a, b) => a + b, 0) / known.length : undefined;
    }
    default:
      return row.figures[key];
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The rows in display order: sorted by the chosen column (rows without a value last either way), then filtered. */
function visibleRows(rows: readonly OverviewRow[]): OverviewRow[] {
  const filter = (current?.filter ?? '').trim().toLowerCase();
  const shown = filter ? rows.filter((r) => r.instanceId.toLowerCase().includes(filter)) : [...rows];
  const key = current?.sortKey;
  if (!key) return shown;
  const sign = current?.sortDir === 'descending' ? -1 : 1;
  return shown
    .map((row, i) => ({ row, i, v: sortValue(row, key) }))
    .sort((a, b) => {
      if (a.v === undefined || b.v === undefined) return a.v === b.v ? a.i - b.i : a.v === undefined ? 1 : -1;
      const c = typeof a.v === 'string' || typeof b.v === 'string' ? collator.compare(String(a.v), String(b.v)) : a.v - b.v;
      return c !== 0 ? sign * c : a.i - b.i;
    })
    .map((x) => x.row);
}

function setSort(key: OverviewSortKey): void {
  if (!current) return;
  const dir = current.sortKey === key && current.sortDir === 'ascending' ? 'descending' : 'ascending';
  // A number reads best biggest first; an id alphabetically.
  const first = key === 'instance' ? 'ascending' : 'descending';
  current = { ...current, sortKey: key, sortDir: current.sortKey === key ? dir : first };
  saveState();
  renderHead();
  arrange();
  const column = COLUMNS.find((c) => c.key === key)?.label() ?? key;
  sortStatus.textContent =
    current.sortDir === 'descending' ? l10n.t('Sorted by {0}, descending', column) : l10n.t('Sorted by {0}, ascending', column);
}

function renderHead(): void {
  replaceContent(
    headRow,
    ...COLUMNS.map((c) => {
      const sorted = current?.sortKey === c.key ? current.sortDir : undefined;
      const mark = sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '';
      return h(
        'th',
        {
          className: [c.numeric ? 'num' : '', c.key === 'projected' ? 'projected-col' : ''].filter(Boolean).join(' '),
          attrs: { scope: 'col', 'aria-sort': sorted ?? 'none' },
        },
        h(
          'button',
          {
            className: 'sort-button',
            dataset: { sortKey: c.key },
            attrs: { type: 'button', title: l10n.t('Sort by {0}', c.label()) },
            on: { click: () => setSort(c.key) },
          },
          c.label(),
          h('span', { className: 'sort-mark', attrs: { 'aria-hidden': 'true' } }, mark),
        ),
      );
    }),
  );
}

/** Puts the rendered rows in display order (moving nodes, not rebuilding them) and refreshes the counts. */
function arrange(): void {
  if (!table) return;
  const focused = document.activeElement instanceof HTMLTableRowElement ? document.activeElement.dataset.instanceId : undefined;
  // Every loaded row against the others (the filter hides rows, not peers).
  peers = comparePeers(table.rows);
  for (const r of table.rows) {
    const td = rendered.get(r.instanceId)?.querySelector<HTMLTableCellElement>('td.peers-col');
    if (td) fillPeersCell(td, r);
  }
  renderPeersNote();
  const order = visibleRows(table.rows);
  const rows = order.map((r) => rendered.get(r.instanceId)!).filter(Boolean);
  tbody.replaceChildren(...rows);
  // The projected column only while some row has a projection (a month in progress, voiceSms.forecast.show on).
  tbody.closest('table')?.classList.toggle('no-projection', !table.rows.some((r) => r.projection));
  // One tab stop in the table: the focused row, else the first.
  const stop = rows.find((r) => r.dataset.instanceId === focused) ?? rows[0];
  for (const r of rows) r.tabIndex = r === stop ? 0 : -1;
  if (focused) rows.find((r) => r.dataset.instanceId === focused)?.focus();
  renderTotals(order, order.length !== table.rows.length);
  renderProgress(order.length);
}

/** The totals of the rows shown: with a filter, of those it lets through (as Export writes them). */
function renderTotals(rows: readonly OverviewRow[], filtered: boolean): void {
  const t = overviewTotals(rows);
  const change = t.changePct === null ? '—' : `${t.changePct > 0 ? '+' : ''}${t.changePct} %`;
  replaceContent(
    tfoot,
    h(
      'tr',
      { className: 'totals-row' },
      h(
        'th',
        { attrs: { scope: 'row' } },
        filtered
          ? t.instances === 1
            ? l10n.t('Total (1 instance shown)')
            : l10n.t('Total ({0} instances shown)', formatInt(t.instances))
          : t.instances === 1
            ? l10n.t('Total (1 instance)')
            : l10n.t('Total ({0} instances)', formatInt(t.instances)),
      ),
      ...[t.callLegs, t.callLegsIn, t.callLegsOut, t.callsUnique, t.durationMin].map((v) =>
        h('td', { className: 'num strong' }, formatInt(v)),
      ),
      h('td', { className: 'num' }, change),
      h('td', { className: 'num' }, ''),
      h('td', { className: 'num projected-col' }, '—'),
      h('td', { className: 'num' }, '—'),
      h('td', {}, ''),
    ),
  );
  replaceContent(comparedNote, t.compared ? l10n.t('Change: call legs, {0}.', comparedRange(t.compared)) : '');
}

function renderProgress(shown: number): void {
  if (!table) return;
  const total = table.rows.length;
  const settled = table.rows.filter((r) => r.status !== 'pending').length;
  const failed = table.rows.filter((r) => r.status === 'failed').length;
  const parts = [
    table.loading
      ? l10n.t('{0} of {1}', formatInt(settled), formatInt(total))
      : table.cancelled
        ? l10n.t('Cancelled: {0} of {1} loaded', formatInt(settled), formatInt(total))
        : l10n.t('{0} of {1} loaded', formatInt(settled), formatInt(total)),
  ];
  if (failed > 0) parts.push(failed === 1 ? l10n.t('1 failed') : l10n.t('{0} failed', formatInt(failed)));
  if (shown !== total) parts.push(l10n.t('{0} shown', formatInt(shown)));
  progress.textContent = parts.join(' · ');
  cancelButton.hidden = !table.loading;
}

// ----- rows on screen (the host fills their 12-month cells)

/** Instance ids of the rows on screen now. */
const onScreen = new Set<string>();
/** What the host was last told (sorted ids joined). */
let toldHost: string | undefined;
let tellTimer: ReturnType<typeof setTimeout> | undefined;

const observer = new IntersectionObserver((entries) => {
  for (const e of entries) {
    const id = (e.target as HTMLElement).dataset.instanceId;
    // A row replaced since (it settled again) reports through its new element.
    if (!id || rendered.get(id) !== e.target) continue;
    if (e.isIntersecting && e.target.isConnected) onScreen.add(id);
    else onScreen.delete(id);
  }
  tellHostSoon();
});

/** The rows on screen, once scrolling pauses; only when they changed. */
function tellHostSoon(): void {
  if (tellTimer !== undefined) clearTimeout(tellTimer);
  tellTimer = setTimeout(() => {
    tellTimer = undefined;
    const ids = [...onScreen].sort();
    const key = ids.join('\n');
    if (key === toldHost) return;
    toldHost = key;
    host.post({ type: 'visibleRows', instanceIds: ids });
  }, 150);
}

/** `tr` is the row shown for its instance now (`old`, if any, no longer is). */
function watchRow(tr: HTMLTableRowElement, old?: HTMLTableRowElement): void {
  if (old) observer.unobserve(old);
  observer.observe(tr);
}

// ----- actions

function retry(instanceId: string): void {
  host.post({ type: 'retryRow', instanceId });
}

function activate(tr: HTMLTableRowElement): void {
  const id = tr.dataset.instanceId;
  if (!id) return;
  if (tr.classList.contains('is-ok')) host.post({ type: 'openInstance', instanceId: id });
  else if (tr.classList.contains('is-failed')) retry(id);
}

makeRowsNavigable(tbody, activate);
filterInput.addEventListener('input', () => {
  if (!current) return;
  const filter = filterInput.value.slice(0, 200);
  current = { ...current, ...(filter ? { filter } : {}) };
  if (!filter) delete current.filter;
  saveState();
  arrange();
});

function renderData(data: Table): { content: Child[]; inserted(): void } {
  observer.disconnect();
  onScreen.clear();
  rendered.clear();
  for (const r of data.rows) {
    const tr = rowElement(r);
    rendered.set(r.instanceId, tr);
    watchRow(tr);
  }
  filterInput.value = current?.filter ?? '';
  renderHead();
  const content = [
    h(
      'div',
      { className: 'overview-controls' },
      h('label', { className: 'visually-hidden', attrs: { for: 'overview-filter' } }, l10n.t('Filter by instance ID')),
      filterInput,
      progress,
      sortStatus,
    ),
    tablePanel(
      {
        headingId: 'overview-heading',
        heading: l10n.t('Voice instances'),
        hint: l10n.t('Enter opens the month view or retries a failed row · ↑ ↓ move · headers sort'),
        tableClass: 'overview-table',
      },
      h('thead', {}, headRow),
      tbody,
      tfoot,
    ),
    comparedNote,
    peersNote,
  ];
  return {
    content,
    inserted: () => {
      arrange();
      markPainted();
    },
  };
}

function showRow(index: number, row: OverviewRow): void {
  if (!table || shell.phase.kind !== 'data') return;
  const before = table.rows[index];
  if (!before || before.instanceId !== row.instanceId) return;
  table.rows[index] = row;
  const old = rendered.get(row.instanceId);
  const hadFocus = document.activeElement === old;
  const tr = rowElement(row);
  rendered.set(row.instanceId, tr);
  watchRow(tr, old);
  arrange();
  if (hadFocus) {
    tr.tabIndex = 0;
    tr.focus();
  }
}

host.onMessage((msg) => {
  if (!current || current.monthId !== msg.monthId) {
    // Another month: the page's sort and filter stay, they are the user's.
    current = { ...(current ?? {}), monthId: msg.monthId };
    saveState();
  }
  switch (msg.type) {
    case 'overview':
      table = { rows: [...msg.rows], loading: msg.loading, cancelled: msg.cancelled };
      shell.show({ kind: 'data', data: table });
      return;
    case 'overviewRow':
      showRow(msg.index, msg.row);
      return;
    case 'overviewDone':
      if (!table) return;
      table.loading = false;
      table.cancelled = msg.cancelled;
      renderProgress(tbody.rows.length);
      return;
    case 'error':
      table = undefined;
      shell.show({ kind: 'error', error: msg.error });
      return;
  }
});

shell.render();
host.ready();
