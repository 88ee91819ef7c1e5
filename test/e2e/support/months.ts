// The month `delta` months from now (UTC) as the tree and panels name it: id YYYYMM and an English label
// ("November 2026"; the e2e editor runs in English). One copy for every suite that finds a month's row.
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function utcMonth(delta = 0): { id: string; label: string } {
  const d = new Date();
  const i = d.getUTCFullYear() * 12 + d.getUTCMonth() + delta;
  const year = Math.floor(i / 12);
  return { id: `${year}${String((i % 12) + 1).padStart(2, '0')}`, label: `${MONTH_NAMES[i % 12] ?? ''} ${year}` };
}
