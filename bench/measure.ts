// Side-by-side timing helpers for npm run bench: the compared functions run in alternating rounds, so a
// busy neighbour (the machine is shared) slows both sides alike and the ratio stays meaningful.
import { performance } from 'node:perf_hooks';

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

/** Operations per second of each function, median over `rounds` alternating rounds of about `roundMs` each. */
export function ratesSideBySide(fns: Record<string, () => unknown>, rounds = 15, roundMs = 60): Record<string, number> {
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
  return Object.fromEntries(names.map((n) => [n, median(samples[n]!)]));
}

/** Milliseconds per call of each async function, median of alternating rounds of `perRound` sequential calls. */
export async function asyncMsSideBySide(fns: Record<string, () => Promise<unknown>>, rounds = 9, perRound = 40): Promise<Record<string, number>> {
  const names = Object.keys(fns);
  for (const n of names) for (let i = 0; i < 20; i++) await fns[n]!();
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const n of r % 2 === 0 ? names : [...names].reverse()) {
      const f = fns[n]!;
      const t = performance.now();
      for (let i = 0; i < perRound; i++) await f();
      samples[n]!.push((performance.now() - t) / perRound);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n]!)]));
}
