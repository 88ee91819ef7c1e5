// A red leak-suite run can be replayed: every property runs under a seed (drawn, or LEAK_SEED), and a failure
// throws the counterexample's report with its seed, its path and the command that runs exactly that case again:
//   LEAK_SEED=<seed> LEAK_PATH=<path> node --import tsx --test <file>
// (LEAK_PATH alone skips straight to the failing case; without it the whole run is repeated from the seed.)
import fc from 'fast-check';

/** The seed of this process's properties: LEAK_SEED when given, else drawn. */
export function leakSeed(): number {
  const given = process.env['LEAK_SEED'];
  if (given !== undefined && given.trim() !== '') {
    const n = Number(given);
    if (!Number.isInteger(n)) throw new Error(`LEAK_SEED must be an integer, not ${JSON.stringify(given)}`);
    return n;
  }
  return Math.floor(Math.random() * 0x7fffffff) ^ Date.now();
}

/** `property` checked under a known seed; on failure, an error naming the seed, the path and the replay command. */
export async function replayable<Ts extends [unknown, ...unknown[]]>(
  file: string,
  property: fc.IAsyncPropertyWithHooks<Ts>,
  params: { numRuns: number },
): Promise<void> {
  const seed = leakSeed();
  const path = process.env['LEAK_PATH'];
  const details = await fc.check(property, { ...params, seed, endOnFailure: true, ...(path ? { path } : {}) });
  if (!details.failed) return;
  const replay = `LEAK_SEED=${details.seed} LEAK_PATH=${details.counterexamplePath ?? ''} node --import tsx --test ${file}`;
  const cause = details.errorInstance;
  const reason = cause instanceof Error ? cause.message : String(cause);
  throw new Error(
    `leak suite failed with seed ${details.seed}, path ${details.counterexamplePath ?? '(none)'}, ` +
      `counterexample ${JSON.stringify(details.counterexample)}\nreplay: ${replay}\n${reason}`,
    { cause },
  );
}
