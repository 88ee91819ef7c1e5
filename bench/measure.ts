// Side-by-side timing helpers for npm run bench: the compared functions run in alternating rounds, so a
// busy neighbour (the machine is shared) slows both sides alike and the ratio stays meaningful.
import { performance } from 'node:perf_hooks';

/** Node's full collection, present with --expose-gc (npm run bench has it). */
export const forcedGc = (globalThis as { gc?: () => void }).gc;
const noop = (): void => undefined;

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

/**
 * The ratio of two sides (second / first) as the median of each round's own ratio: the two samples of a
 * round ran back to back, so a neighbour's burst or a slow stretch of the machine cancels out of it.
 */
function pairedRatio(samples: Record<string, number[]>, names: string[]): number | undefined {
  if (names.length !== 2) return undefined;
  const [a, b] = [samples[names[0]!]!, samples[names[1]!]!];
  return median(a.map((x, i) => b[i]! / x));
}

export type SideBySide = Record<string, number> & { ratio?: number };

/** Operations per second of each function, median over `rounds` alternating rounds of about `roundMs` each. */
export function ratesSideBySide(fns: Record<string, () => unknown>, rounds = 15, roundMs = 60): SideBySide {
  const names = Object.keys(fns);
  for (const n of names) for (let i = 0; i < 100; i++) fns[n]!(); // warm up every side first
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const n of r % 2 === 0 ? names : [...names].reverse()) {
      const f = fns[n]!;
      let count = 0;
      const t = performance.now();
      let elapsed = 0;
      while ((elapsed = performance.now() - t) < roundMs) {
        f();
        count++;
      }
      samples[n]!.push(count / (elapsed / 1000));
    }
  }
  const out: SideBySide = Object.fromEntries(names.map((n) => [n, median(samples[n]!)]));
  const ratio = pairedRatio(samples, names);
  if (ratio !== undefined) out.ratio = ratio;
  return out;
}

/**
 * Milliseconds per call of each async function, median of alternating rounds of `perRound` sequential calls.
 * With --expose-gc, `collectBetweenRounds` starts every side's round from a collected heap, so the garbage one
 * side leaves (a new connection per call makes plenty) is not charged to the side that runs next. Only for sides
 * that differ that much: a forced full collection also throws away warmed-up state (young generation size,
 * compiled code), and short rounds after it measured both sides at half their speed.
 */
export async function asyncMsSideBySide(
  fns: Record<string, () => Promise<unknown>>,
  rounds = 9,
  perRound = 40,
  { collectBetweenRounds = false } = {},
): Promise<SideBySide> {
  const names = Object.keys(fns);
  const collect = (collectBetweenRounds && forcedGc) || noop;
  for (const n of names) for (let i = 0; i < 20; i++) await fns[n]!();
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const n of r % 2 === 0 ? names : [...names].reverse()) {
      const f = fns[n]!;
      collect();
      const t = performance.now();
      for (let i = 0; i < perRound; i++) await f();
      samples[n]!.push((performance.now() - t) / perRound);
    }
  }
  const out: SideBySide = Object.fromEntries(names.map((n) => [n, median(samples[n]!)]));
  const ratio = pairedRatio(samples, names);
  if (ratio !== undefined) out.ratio = ratio;
  return out;
}
