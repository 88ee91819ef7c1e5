// "≈ N days left at this month's rate", computed honestly from what we know. The service reports no
// spend or per-unit cost, so the rate comes from the balance itself: readings (time, amount) kept
// per profile; rate = (first reading of the window − latest) / days between them, where the window
// starts at the first reading of this calendar month (UTC), or after the last top-up (a reading
// higher than the one before) if there was one since. Shown only with two readings at least an hour
// apart and a positive rate. Pure, so it is unit-tested.

export interface BalanceReading {
  /** Epoch milliseconds. */
  at: number;
  amount: number;
}

export interface BalanceEstimate {
  daysLeft: number;
  /** Amount per day. */
  ratePerDay: number;
  from: BalanceReading;
  to: BalanceReading;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Enough for a reading every few hours all month; older ones in between are dropped first. */
const MAX_READINGS = 240;

function monthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The readings the estimate uses: this month's, starting after the latest top-up. */
function window(readings: readonly BalanceReading[], now: number): BalanceReading[] {
  const start = monthStart(now);
  const month = readings.filter((r) => r.at >= start && r.at <= now).sort((a, b) => a.at - b.at);
  let from = 0;
  for (let i = 1; i < month.length; i++) {
    const prev = month[i - 1];
    const cur = month[i];
    if (prev && cur && cur.amount > prev.amount) from = i;
  }
  return month.slice(from);
}

/** Adds a reading and forgets what no estimate will need (earlier months, surplus middle readings). */
export function addReading(readings: readonly BalanceReading[], reading: BalanceReading): BalanceReading[] {
  const start = monthStart(reading.at);
  const kept = readings.filter((r) => r.at >= start && r.at < reading.at);
  kept.push(reading);
  // Keep the first and the newest: those are what the rate uses.
  while (kept.length > MAX_READINGS) kept.splice(1, 1);
  return kept;
}

export function estimate(readings: readonly BalanceReading[], now: number): BalanceEstimate | undefined {
  const w = window(readings, now);
  const from = w[0];
  const to = w[w.length - 1];
  if (!from || !to || to.at - from.at < HOUR) return undefined;
  const ratePerDay = (from.amount - to.amount) / ((to.at - from.at) / DAY);
  if (!(ratePerDay > 0) || to.amount <= 0) return undefined;
  return { daysLeft: to.amount / ratePerDay, ratePerDay, from, to };
}
