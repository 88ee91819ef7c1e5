// CPU time of a piece of work in this process, in ms: unlike the wall clock, other work on the machine barely moves
// it, so a test can hold a cost against another measured the same way. The best of `rounds` (a first run warms up).
function cpuMs(run: () => void, rounds = 3): number {
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/**
 * The CPU time of each piece of work, in ms, measured side by side: every round runs each in turn, so a burst of
 * load on the machine (the unit runner's other files) falls on all of them alike; the best of `rounds` of each.
 */
export function cpuMsSideBySide<K extends string>(runs: Record<K, () => void>, rounds = 7): Record<K, number> {
  const names = Object.keys(runs) as K[];
  const best = Object.fromEntries(names.map((n) => [n, Infinity])) as Record<K, number>;
  for (let round = 0; round < rounds; round++) for (const n of names) best[n] = Math.min(best[n], cpuMs(runs[n], 1));
  return best;
}
