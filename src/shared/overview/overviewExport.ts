// The account overview as CSV, JSON or a Markdown table, with the month export's escaping (shared/export.ts:
// RFC 4180 quoting, the spreadsheet formula guard, literal Markdown for outside text). Pure, unit-tested.
import { comparedDates, type ComparedDays } from '../comparison.js';
import { csvField, maskId, mdText, type ExportFormat } from '../export.js';
import { FIGURE_KEYS, overviewTotals, type OverviewRow } from './overview.js';

export interface OverviewExportOptions {
  monthId: string;
  /** Each instance id as its first 3 characters + "***", as the month export offers. */
  maskIds?: boolean;
}

/** Column names as the service spells the counters (like the month export), then the overview's own. */
const HEADERS = ['call_legs', 'call_legs_in', 'call_legs_out', 'calls_unique', 'duration_min', 'days_with_data'] as const;

export function formatOverviewExport(rows: readonly OverviewRow[], format: ExportFormat, options: OverviewExportOptions): string {
  const id = (r: OverviewRow): string => (options.maskIds ? maskId(r.instanceId) : r.instanceId);
  switch (format) {
    case 'csv':
      return toCsv(rows, id);
    case 'json':
      return toJson(rows, id, options.monthId);
    case 'markdown':
      return toMarkdown(rows, id, options.monthId);
  }
}

const cells = (r: OverviewRow): (number | string)[] => FIGURE_KEYS.map((k) => r.figures?.[k] ?? '');
// A number stays a number: the CSV formula guard is for text, and '-50 would be text in a spreadsheet.
const change = (pct: number | null | undefined): number | '' => (pct === null || pct === undefined ? '' : pct);
/** The days a change compares as ISO 8601 intervals ("2026-11-01/2026-11-27"), this month's then the month before's. */
const days = (c: ComparedDays | undefined): [string, string] => {
  if (!c) return ['', ''];
  const d = comparedDates(c);
  return [`${d.from}/${d.to}`, `${d.previousFrom}/${d.previousTo}`];
};

/** A month in progress: the projected call legs by month end and its range (a projection, not data). */
const projectedCells = (r: OverviewRow): (number | '')[] =>
  r.projection ? [r.projection.callLegs, r.projection.low, r.projection.high] : ['', '', ''];

function toCsv(rows: readonly OverviewRow[], id: (r: OverviewRow) => string): string {
  const t = overviewTotals(rows);
  const projected = rows.some((r) => r.projection);
  const p = (r: OverviewRow | undefined): (number | '')[] => (projected ? (r ? projectedCells(r) : ['', '', '']) : []);
  const out: (string | number)[][] = [
    [
      'instance',
      'status',
      ...HEADERS,
      'previous_call_legs',
      'change_pct',
      'compared_days',
      'previous_days',
      ...(projected ? ['projected_call_legs', 'projected_low', 'projected_high'] : []),
      'error',
    ],
    ...rows.map((r) => [
      id(r),
      r.status,
      ...cells(r),
      r.previousCallLegs ?? '',
      change(r.changePct),
      ...days(r.compared),
      ...p(r),
      r.error ?? '',
    ]),
    [
      'total',
      `${t.instances} ok`,
      ...FIGURE_KEYS.map((k) => t[k]),
      t.previousCallLegs,
      change(t.changePct),
      ...days(t.compared),
      ...p(undefined),
      '',
    ],
  ];
  return out.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function toJson(rows: readonly OverviewRow[], id: (r: OverviewRow) => string, monthId: string): string {
  const doc = {
    monthId,
    rows: rows.map((r) => ({
      instanceId: id(r),
      status: r.status,
      ...(r.figures ? { figures: r.figures } : {}),
      ...(r.previousCallLegs !== undefined ? { previousCallLegs: r.previousCallLegs } : {}),
      ...(r.status === 'ok' ? { changePct: r.changePct ?? null, trend: r.trend } : {}),
      ...(r.compared ? { compared: comparedDates(r.compared) } : {}),
      ...(r.projection ? { projection: { projected: true, ...r.projection } } : {}),
      ...(r.error !== undefined ? { error: r.error } : {}),
    })),
    totals: (({ compared, ...t }) => ({ ...t, ...(compared ? { compared: comparedDates(compared) } : {}) }))(overviewTotals(rows)),
  };
  return JSON.stringify(doc, null, 2) + '\n';
}

function toMarkdown(rows: readonly OverviewRow[], id: (r: OverviewRow) => string, monthId: string): string {
  const projected = rows.some((r) => r.projection);
  const header = ['Instance', ...HEADERS, 'Change %', ...(projected ? ['Projected call legs (range)'] : []), 'Note'];
  const p = (r: OverviewRow | undefined): string[] =>
    projected ? [r?.projection ? `*${r.projection.callLegs} (${r.projection.low}–${r.projection.high})*` : ''] : [];
  const line = (c: (string | number)[]): string => `| ${c.join(' | ')} |`;
  const t = overviewTotals(rows);
  const compared = t.compared ? comparedDates(t.compared) : undefined;
  const out = [
    `## ${mdText(`${monthId.slice(0, 4)}-${monthId.slice(4, 6)}`)}`,
    '',
    // Our own dates (digits and dashes): nothing for Markdown to read into.
    ...(compared
      ? [`Change: call legs, ${compared.from} to ${compared.to} vs ${compared.previousFrom} to ${compared.previousTo}.`, '']
      : []),
    line(header),
    `|${header.map((_, i) => (i === 0 || i === header.length - 1 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...rows.map((r) =>
      line([mdText(id(r)), ...cells(r), change(r.changePct), ...p(r), r.status === 'ok' ? '' : mdText(r.error ?? r.status)]),
    ),
    line([`**Total** (${t.instances} instances)`, ...FIGURE_KEYS.map((k) => `**${t[k]}**`), change(t.changePct), ...p(undefined), '']),
    ...(projected
      ? ['', 'Projected call legs: a projection by month end, not data (the range from how far the method missed before).']
      : []),
  ];
  return out.join('\n') + '\n';
}
