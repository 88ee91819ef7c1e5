// Number and date formatting for the webviews. Dates are calendar ids (YYYYMM / YYYYMMDD), so
// they are formatted in UTC to avoid the viewer's time zone shifting a day.

const intFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const pctFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 0 });

export function formatInt(n: number): string {
  return intFormat.format(n);
}

function utc(y: number, m: number, d = 1): Date {
  return new Date(Date.UTC(y, m - 1, d));
}

function parts(id: string): { y: number; m: number; d: number } {
  return { y: Number(id.slice(0, 4)), m: Number(id.slice(4, 6)), d: Number(id.slice(6, 8) || '1') };
}

export function formatMonth(monthId: string, style: 'long' | 'short' = 'long'): string {
  const { y, m } = parts(monthId);
  return new Intl.DateTimeFormat(undefined, { month: style, year: 'numeric', timeZone: 'UTC' }).format(utc(y, m));
}

/** "Mon 3" style label for a day of the displayed month. */
export function formatDayShort(dateId: string): { weekday: string; day: string } {
  const { y, m, d } = parts(dateId);
  const date = utc(y, m, d);
  return {
    weekday: new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' }).format(date),
    day: String(d),
  };
}

export function formatDateLong(dateId: string): string {
  const { y, m, d } = parts(dateId);
  return new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(y, m, d));
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
  return ms < 1000 ? `${formatInt(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
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
  const pct = d.pct === undefined ? (d.diff === 0 ? '0%' : 'new') : `${d.pct > 0 ? '+' : d.pct < 0 ? '−' : ''}${pctFormat.format(Math.abs(d.pct))}%`;
  return `${sign(d.diff)}${abs} (${pct})`;
}
