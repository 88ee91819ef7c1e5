// Months generated for the unusual-day tests: two months (the one before, then the month) drawn from a level per
// weekday with seeded noise, with missing days, future days and single days set by hand.
import type { MonthDay } from '../../../../src/shared/unusualDays.js';

export const DAY_MS = 86_400_000;

export function idOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
}
export function msOf(id: string): number {
  return Date.UTC(Number(id.slice(0, 4)), Number(id.slice(4, 6)) - 1, Number(id.slice(6, 8)));
}

/** A small seeded generator, so every run draws the same months. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Generated {
  previous: MonthDay[];
  month: MonthDay[];
  currentDateId: string;
}

/**
 * Two months (the one before `monthId`, then `monthId`) drawn from `level(weekday)` with ±`spread` noise; `missing`
 * days left out, days after `currentDateId` future (zero), `override` setting single days.
 */
export function generate(
  monthId: string,
  opts: {
    seed: number;
    level: (weekday: number) => number;
    spread: number;
    currentDateId?: string;
    missing?: string[];
    override?: Record<string, number>;
  },
): Generated {
  const rnd = random(opts.seed);
  const y = Number(monthId.slice(0, 4));
  const m = Number(monthId.slice(4, 6));
  const start = Date.UTC(y, m - 2, 1);
  const end = Date.UTC(y, m, 1);
  const currentDateId = opts.currentDateId ?? idOf(end - DAY_MS);
  const previous: MonthDay[] = [];
  const month: MonthDay[] = [];
  for (let t = start; t < end; t += DAY_MS) {
    const dateId = idOf(t);
    if (opts.missing?.includes(dateId)) continue;
    const future = dateId > currentDateId;
    const base = opts.level(new Date(t).getUTCDay());
    const noisy = Math.max(0, Math.round(base + (rnd() * 2 - 1) * opts.spread));
    const callLegs = future ? 0 : (opts.override?.[dateId] ?? noisy);
    (dateId.startsWith(monthId) ? month : previous).push({ dateId, callLegs, future });
  }
  return { previous, month, currentDateId };
}
