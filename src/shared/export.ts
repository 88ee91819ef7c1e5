// Turns one month view into CSV, JSON or a Markdown table for "Export Month". Pure, so the escaping
// rules are unit-tested in plain Node; the host only decides where the text goes.
import type { DayStats, MonthTotals, MonthView } from './monthModel.js';
import type { MonthProjection } from './projection.js';

export const EXPORT_FORMATS = ['csv', 'json', 'markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(v: unknown): v is ExportFormat {
  return typeof v === 'string' && (EXPORT_FORMATS as readonly string[]).includes(v);
}

export interface ExportOptions {
  instanceId: string;
  /** Replace the instance id by its first 3 characters + "***", for sharing outside the team. */
  maskIds?: boolean;
  /** A month in progress: its projected month-end totals, written as such (rows or fields named "projected"). */
  projection?: MonthProjection;
}

/** The file extension a format is saved with. */
export const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = { csv: 'csv', json: 'json', markdown: 'md' };

export function maskId(id: string): string {
  return `${[...id].slice(0, 3).join('')}***`;
}

const COUNTERS = ['callLegs', 'callLegsIn', 'callLegsOut', 'callsUnique', 'durationMin'] as const;
/** Column names as the service spells the counters, so an export reads like the API documentation. */
const COUNTER_HEADERS = ['call_legs', 'call_legs_in', 'call_legs_out', 'calls_unique', 'duration_min'] as const;

export function formatMonthExport(view: MonthView, format: ExportFormat, options: ExportOptions): string {
  const instanceId = options.maskIds ? maskId(options.instanceId) : options.instanceId;
  switch (format) {
    case 'csv':
      return toCsv(view, instanceId, options.projection);
    case 'json':
      return toJson(view, instanceId, options.projection);
    case 'markdown':
      return toMarkdown(view, instanceId, options.projection);
  }
}

const counters = (d: DayStats | MonthTotals): number[] => COUNTERS.map((k) => d[k]);
/** A projection's figure of each counter: the projected total, or an end of its range. */
const projected = (p: MonthProjection, which: 'total' | 'low' | 'high'): number[] => COUNTERS.map((k) => p.counters[k][which]);

// RFC 4180: quote a field holding a comma, quote or line break, doubling inner quotes. A leading
// = + - @ (or tab/CR) would make a spreadsheet evaluate text as a formula; a leading ' disarms it. Only text
// gets the guard: a number (a change of -50) is written as the number it is, so a spreadsheet reads a number.
export function csvField(value: string | number | boolean): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function toCsv(view: MonthView, instanceId: string, projection?: MonthProjection): string {
  const rows: (string | number | boolean)[][] = [
    ['instance', 'date', ...COUNTER_HEADERS, 'future'],
    ...view.days.map((d) => [instanceId, d.dateId, ...counters(d), d.future]),
    // Totals cover the days up to the service's current day; the future column stays empty.
    [instanceId, 'total', ...counters(view.totals), ''],
    // A projection, not data: three rows named for what they are, after the data.
    ...(projection
      ? [
          [instanceId, 'projected_total', ...projected(projection, 'total'), ''],
          [instanceId, 'projected_low', ...projected(projection, 'low'), ''],
          [instanceId, 'projected_high', ...projected(projection, 'high'), ''],
        ]
      : []),
  ];
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function toJson(view: MonthView, instanceId: string, projection?: MonthProjection): string {
  const doc = {
    instanceId,
    monthId: view.monthId,
    currentDateId: view.currentDateId,
    days: view.days.map((d) => ({
      dateId: d.dateId,
      callLegs: d.callLegs,
      callLegsIn: d.callLegsIn,
      callLegsOut: d.callLegsOut,
      callsUnique: d.callsUnique,
      durationMin: d.durationMin,
      future: d.future,
      ...(d.legsMismatch ? { legsMismatch: true } : {}),
    })),
    totals: view.totals,
    ...(projection
      ? {
          projection: {
            projected: true,
            basis: projection.basis,
            backtestMonths: projection.backtestMonths,
            remainingDays: projection.remainingDays,
            totals: Object.fromEntries(
              COUNTERS.map((k) => [
                k,
                { projected: projection.counters[k].total, low: projection.counters[k].low, high: projection.counters[k].high },
              ]),
            ),
          },
        }
      : {}),
    missingDays: view.missingDays,
    warnings: view.warnings,
  };
  return JSON.stringify(doc, null, 2) + '\n';
}

/**
 * Outside text (the instance id, dates, warnings) as literal Markdown: a backslash before every character
 * that could start a link, an image, an autolink (`:` `.` `@` — `https://x.y`, `www.x.y` and `a@b.c`
 * become plain text in CommonMark, GFM and markdown-it alike), HTML or an entity (`<` `&`), emphasis,
 * code, a table cell (`|`) or a heading's closing `#`; a line break (which would end the table) becomes
 * a space. One character class, no quantifier: linear.
 */
export function mdText(value: string): string {
  return value.replace(/[\\`*_[\]<>|~&:.@$#{}]/g, '\\$&').replace(/\r\n|\n|\r/g, ' ');
}

function toMarkdown(view: MonthView, instanceId: string, projection?: MonthProjection): string {
  const { year, month } = { year: view.monthId.slice(0, 4), month: view.monthId.slice(4, 6) };
  const header = ['Date', ...COUNTER_HEADERS, 'Note'];
  // Cells arrive as Markdown: outside text already through mdText, numbers and our own markup as they are.
  const line = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;
  const day = (d: DayStats): string => {
    const notes = [d.future ? 'future' : '', d.legsMismatch ? 'legs ≠ in + out' : ''].filter(Boolean).join(', ');
    return line([mdText(`${d.dateId.slice(0, 4)}-${d.dateId.slice(4, 6)}-${d.dateId.slice(6, 8)}`), ...counters(d), notes]);
  };
  const out = [
    `## ${mdText(instanceId)} · ${mdText(year)}-${mdText(month)}`,
    '',
    line(header),
    `|${header.map((_, i) => (i === 0 || i === header.length - 1 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...view.days.map(day),
    line([`**Total** (${view.totals.days} days)`, ...counters(view.totals).map((n) => `**${n}**`), '']),
    ...(projection
      ? [
          line([
            `*Projected by month end*`,
            ...COUNTERS.map((k) => `*${projection.counters[k].total} (${projection.counters[k].low}–${projection.counters[k].high})*`),
            'projection, not data',
          ]),
        ]
      : []),
  ];
  if (view.warnings.length > 0) out.push('', ...view.warnings.map((w) => `- ${mdText(w)}`));
  return out.join('\n') + '\n';
}
