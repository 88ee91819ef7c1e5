// Months generated for the projection tests: a run of whole months in the month model's shape, drawn from a level
// per weekday with seeded noise, with missing days, future days and single days set by hand.
import type { DayStats, MonthView } from '../../../../src/shared/monthModel.js';
import { DAY_MS, idOf, msOf } from './generatedMonths.js';

export type Month = Pick<MonthView, 'monthId' | 'currentDateId' | 'days'>;

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 16), 0x85ebca6b);
    t = Math.imul(t ^ (t >>> 13), 0xc2b2ae35);
    return ((t ^ (t >>> 16)) >>> 0) / 4294967296;
  };
}

export interface MonthsOptions {
  seed: number;
  /** Call legs by weekday (0 = Sunday). */
  level: (weekday: number) => number;
  /** ± this much noise on the call legs. */
  spread: number;
  /** The service's current day: later days are future (zero); months after its month are not made. */
  currentDateId: string;
  /** How many months before the current one. */
  before: number;
  missing?: readonly string[];
  override?: Readonly<Record<string, number>>;
}

export interface Months {
  finished: Month[];
  month: Month;
  /** Every whole day's counters, future days left out (for the test's own sums). */
  all: DayStats[];
}

function monthIdOf(ms: number): string {
  return idOf(ms).slice(0, 6);
}

/** The current month up to `currentDateId` and `before` finished months before it, oldest first. */
export function months(o: MonthsOptions): Months {
  const rnd = random(o.seed);
  const current = msOf(o.currentDateId);
  const d = new Date(current);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - o.before, 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  const byMonth = new Map<string, DayStats[]>();
  const all: DayStats[] = [];
  for (let t = start; t < end; t += DAY_MS) {
    const dateId = idOf(t);
    const list = byMonth.get(monthIdOf(t)) ?? [];
    byMonth.set(monthIdOf(t), list);
    const noise = (rnd() * 2 - 1) * o.spread;
    if (o.missing?.includes(dateId)) continue;
    const future = dateId > o.currentDateId;
    const legs = future ? 0 : (o.override?.[dateId] ?? Math.max(0, Math.round(o.level(new Date(t).getUTCDay()) + noise)));
    const callLegsIn = Math.floor(legs * 0.6);
    const day: DayStats = {
      dateId,
      callLegs: legs,
      callLegsIn,
      callLegsOut: legs - callLegsIn,
      callsUnique: Math.floor(legs * 0.8),
      durationMin: legs * 3,
      future,
      legsMismatch: false,
    };
    list.push(day);
    if (!future) all.push(day);
  }
  const made = [...byMonth].map(([monthId, days]): Month => {
    const last = idOf(Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)), 0));
    return { monthId, currentDateId: last < o.currentDateId ? last : o.currentDateId, days };
  });
  return { finished: made.slice(0, -1), month: made.at(-1)!, all };
}

/** A UTC clock time inside the service's current day (noon). */
export function noonOf(dateId: string): number {
  return msOf(dateId) + DAY_MS / 2;
}
