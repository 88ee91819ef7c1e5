// The one rule for "far from the others", stated once and used for two questions: is a day unusual against the same
// weekday of the weeks before it (unusualDays.ts), and does an instance's change stand out against the other
// instances' changes (overview/peers.ts). A value x is far from the compared values when its modified z-score, against
// their median and median absolute deviation (MAD), is beyond the threshold:
//   |0.6745 · (x − median) / MAD| > 3.5,
// with these rules of our own (docs/usage.md#unusual-days and #instances-against-the-others say them in plain words):
// - at least MIN_COMPARED values are compared, else nothing is said;
// - MAD = 0 (half the compared values or more are equal): the scale is the mean absolute deviation from the median
//   × 1.253314; if that is 0 too (all compared values equal), any difference counts as far;
// - x must also differ from the median by at least MIN_DIFFERENCE in the values' own unit (call legs for a day,
//   percentage points for a change), so a quiet instance's single call, or a few points' wobble among instances
//   that all barely changed, is never far.
// No vscode, no DOM: pure; held to an independent reference in test/unit/shared/unusualDays.test.ts and
// test/unit/shared/overview/peers.test.ts.

/** The modified z-score a value must exceed (in absolute value) to be far. */
export const Z_THRESHOLD = 3.5;
/** 0.6745: the MAD of a normal distribution in standard deviations; the modified z-score's constant. */
const MAD_CONSTANT = 0.6745;
/** 1.253314 (√(π/2)): the mean absolute deviation of a normal distribution to its standard deviation; MAD = 0's scale. */
const MEAN_DEVIATION_CONSTANT = 1.253314;
/** Fewer compared values than this say nothing about "usual". */
export const MIN_COMPARED = 3;
/** A value this close to the median (in the values' unit) is never far, whatever the score. */
export const MIN_DIFFERENCE = 10;

export interface Spread {
  /** How many values were compared. */
  compared: number;
  median: number;
  /** The median absolute deviation from the median. */
  mad: number;
  /** The mean absolute deviation from the median (the scale's base when MAD is 0). */
  meanDeviation: number;
  /** The modified z-score's unit in the values' own unit: MAD / 0.6745, else 1.253314 × the mean deviation, else 0. */
  scale: number;
  scaleKind: 'mad' | 'meanDeviation' | 'none';
}

export interface FarVerdict extends Spread {
  /** (x − median) / scale; ±Infinity when every compared value was the same and x is not, 0 when x is that value. */
  score: number;
  /** x − median. */
  difference: number;
  /** Beyond the threshold and at least MIN_DIFFERENCE from the median. */
  far: boolean;
  direction: 'high' | 'low';
}

const ascending = (a: number, b: number): number => a - b;

function medianOfSorted(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median, MAD and scale of `values`; undefined with fewer than MIN_COMPARED of them. */
export function spreadOf(values: readonly number[]): Spread | undefined {
  if (values.length < MIN_COMPARED) return undefined;
  const sorted = [...values].sort(ascending);
  const median = medianOfSorted(sorted);
  const deviations = sorted.map((v) => Math.abs(v - median));
  const mad = medianOfSorted([...deviations].sort(ascending));
  const meanDeviation = deviations.reduce((a, b) => a + b, 0) / deviations.length;
  const [scale, scaleKind]: [number, Spread['scaleKind']] =
    mad > 0 ? [mad / MAD_CONSTANT, 'mad'] : meanDeviation > 0 ? [MEAN_DEVIATION_CONSTANT * meanDeviation, 'meanDeviation'] : [0, 'none'];
  return { compared: values.length, median, mad, meanDeviation, scale, scaleKind };
}

/** `x` judged against `spread` (spreadOf the compared values). */
export function judgeAgainst(x: number, spread: Spread): FarVerdict {
  const difference = x - spread.median;
  const score = spread.scale > 0 ? difference / spread.scale : difference === 0 ? 0 : difference > 0 ? Infinity : -Infinity;
  return {
    ...spread,
    score,
    difference,
    far: Math.abs(score) > Z_THRESHOLD && Math.abs(difference) >= MIN_DIFFERENCE,
    direction: difference > 0 ? 'high' : 'low',
  };
}

/** `x` against `values` (x not among them): the verdict, or undefined with fewer than MIN_COMPARED values. */
export function farFrom(x: number, values: readonly number[]): FarVerdict | undefined {
  const spread = spreadOf(values);
  return spread && judgeAgainst(x, spread);
}

/**
 * The values the rule calls usual around `spread`, as whole numbers: within Z_THRESHOLD scales of the median, or
 * closer than MIN_DIFFERENCE; `usualLow` not below `floor`.
 */
export function usualRange(spread: Spread, floor = 0): { usualLow: number; usualHigh: number } {
  const m = spread.median;
  const width = Z_THRESHOLD * spread.scale;
  const usualHigh = width >= MIN_DIFFERENCE ? Math.floor(m + width) : Math.ceil(m + MIN_DIFFERENCE) - 1;
  const usualLow = Math.max(floor, width >= MIN_DIFFERENCE ? Math.ceil(m - width) : Math.floor(m - MIN_DIFFERENCE) + 1);
  return { usualLow, usualHigh };
}
