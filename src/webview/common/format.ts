// Number and date formatting for the webviews, in the editor's language (pageLanguage). Dates are
// calendar ids (YYYYMM / YYYYMMDD), so they are formatted in UTC to avoid the viewer's time zone
// shifting a day.
import * as l10n from '@vscode/l10n';
import { pageLanguage } from './l10n.js';

const intFormat = new Intl.NumberFormat(pageLanguage(), { maximumFractionDigits: 0 });
const pctFormat = new Intl.NumberFormat(pageLanguage(), { maximumFractionDigits: 1, minimumFractionDigits: 0 });
const secondsFormat = new Intl.NumberFormat(pageLanguage(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatInt(n: number): string {
  return intFormat.format(n);
}

const upToOneDecimal = new Intl.NumberFormat(pageLanguage(), { maximumFractionDigits: 1 });

/** A figure such as a median: whole when it is ("205"), else one decimal ("204.5"). */
export function formatFigure(n: number): string {
  return upToOneDecimal.format(n);
}

// One formatter per shape for the page's life: creating an Intl.DateTimeFormat costs far more than
// formatting with it, and a month view formats every day two ways (the table and the chart's labels).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(pageLanguage(), { ...options, timeZone: 'UTC' })));
  return f;
}

function utc(y: number, m: number, d = 1): Date {
  return new Date(Date.UTC(y, m - 1, d));
}

function parts(id: string): { y: number; m: number; d: number } {
  return { y: Number(id.slice(0, 4)), m: Number(id.slice(4, 6)), d: Number(id.slice(6, 8) || '1') };
}

export function formatMonth(monthId: string, style: 'long' | 'short' = 'long'): string {
  const { y, m } = parts(monthId);
  return dateFormat({ month: style, year: 'numeric' }).format(utc(y, m));
}

/** "Mon 3" style label for a day of the displayed month. */
export function formatDayShort(dateId: string): { weekday: string; day: string } {
  const { y, m, d } = parts(dateId);
  const date = utc(y, m, d);
  return {
    weekday: dateFormat({ weekday: 'short' }).format(date),
    day: String(d),
  };
}

/** The weekday's full name, e.g. "Tuesday" (0 = Sunday; 2023-01-01 was a Sunday). */
export function formatWeekday(weekday: number): string {
  return dateFormat({ weekday: 'long' }).format(utc(2023, 1, 1 + weekday));
}

export function formatDateLong(dateId: string): string {
  const { y, m, d } = parts(dateId);
  return dateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(utc(y, m, d));
}

export function isoDate(dateId: string): string {
  return `${dateId.slice(0, 4)}-${dateId.slice(4, 6)}-${dateId.slice(6, 8)}`;
}

export function isWeekend(dateId: string): boolean {
  const { y, m, d } = parts(dateId);
  const wd = utc(y, m, d).getUTCDay();
  return wd === 0 || wd === 6;
}

export function daysInMonth(monthId: string): number {
  const { y, m } = parts(monthId);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function dateIdsOfMonth(monthId: string): string[] {
  return Array.from({ length: daysInMonth(monthId) }, (_, i) => `${monthId}${String(i + 1).padStart(2, '0')}`);
}

export function formatElapsed(ms: number): string {
  return ms < 1000
    ? l10n.t({ message: '{0} ms', args: [formatInt(ms)], comment: ['Milliseconds, e.g. "142 ms"'] })
    : l10n.t({ message: '{0} s', args: [secondsFormat.format(ms / 1000)], comment: ['Seconds, e.g. "1.25 s"'] });
}

export interface Delta {
  diff: number;
  /** Percent change, undefined when the previous value was 0. */
  pct: number | undefined;
}

export function delta(current: number, previous: number): Delta {
  return { diff: current - previous, pct: previous === 0 ? undefined : ((current - previous) / previous) * 100 };
}

/** "+12 (+8.5%)", "−3 (−20%)", "±0 (0%)", "+5 (new)". Uses a real minus sign for legibility. */
export function formatDelta(d: Delta): string {
  const sign = (n: number): string => (n > 0 ? '+' : n < 0 ? '−' : '±');
  const abs = formatInt(Math.abs(d.diff));
  const pct =
    d.pct === undefined
      ? d.diff === 0
        ? l10n.t({ message: '{0}%', args: [pctFormat.format(0)], comment: ['A percentage'] })
        : l10n.t({ message: 'new', comment: ['A value that was zero the month before, so no percentage can be given'] })
      : `${d.pct > 0 ? '+' : d.pct < 0 ? '−' : ''}${l10n.t({ message: '{0}%', args: [pctFormat.format(Math.abs(d.pct))], comment: ['A percentage'] })}`;
  return l10n.t({
    message: '{0} ({1})',
    args: [`${sign(d.diff)}${abs}`, pct],
    comment: ['A change: the difference, then the percentage in brackets'],
  });
}

/**
 * The days 1 … lastDay of a month in the page's language, without the year: "Nov 1 – 27" (a range), "Nov 1"
 * (one day), "Nov" when `whole` — what a like-for-like change compares (shared/comparison.ts).
 */
export function formatDayRange(monthId: string, lastDay: number, whole = false): string {
  const { y, m } = parts(monthId);
  if (whole) return dateFormat({ month: 'short' }).format(utc(y, m));
  const f = dateFormat({ month: 'short', day: 'numeric' });
  return lastDay <= 1 ? f.format(utc(y, m, 1)) : f.formatRange(utc(y, m, 1), utc(y, m, lastDay));
}
