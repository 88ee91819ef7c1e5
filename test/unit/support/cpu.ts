// CPU time of a piece of work in this process, in ms: unlike the wall clock, other work on the machine barely moves
// it, so a test can hold a cost against another measured the same way. The best of `rounds` (a first run warms up).
export function cpuMs(run: () => void, rounds = 3): number {
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}
