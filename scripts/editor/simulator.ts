// Starts the local service simulator through its documented command line (docs/development.md:
// `npm run simulator -- --port N` prints VOICESMS_BASE_URL / _ACCESS_KEY_ID / _SECRET_ACCESS_KEY)
// in its own process group, and waits for those three lines.
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { pathWithProjectNode, projectBin, repoRoot } from './paths.js';
import { HarnessError, spawnGroup, type GroupProcess } from './processes.js';

export interface RunningSimulator {
  baseUrl: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The X-Sim-Token its /__sim control endpoints require. */
  controlToken: string;
  /** The three VOICESMS_* variables, ready to pass to the editor. */
  env: Record<string, string>;
  process: GroupProcess;
  stop(): Promise<void>;
}

const VARS = ['VOICESMS_BASE_URL', 'VOICESMS_ACCESS_KEY_ID', 'VOICESMS_SECRET_ACCESS_KEY'] as const;
/** Printed after the three; for the harness only, never passed to the editor. */
const TOKEN_VAR = 'VOICESMS_SIM_CONTROL_TOKEN';
const ALL_VARS = [...VARS, TOKEN_VAR] as const;

export async function startSimulator(
  options: { port?: number; timeoutMs?: number; onLine?: (line: string) => void } = {},
): Promise<RunningSimulator> {
  const cli = path.join(repoRoot, 'src', 'simulator', 'cli.ts');
  const proc = spawnGroup(path.join(projectBin, 'tsx'), [cli, '--port', String(options.port ?? 0)], {
    cwd: repoRoot,
    env: { ...process.env, PATH: pathWithProjectNode() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const found: Partial<Record<(typeof ALL_VARS)[number], string>> = {};
  const stderr: string[] = [];
  createInterface({ input: proc.child.stderr! }).on('line', (l) => {
    stderr.push(l);
    options.onLine?.(l);
  });

  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: proc.child.stdout! }).on('line', (line) => {
      const m = /^(VOICESMS_[A-Z_]+)=(.*)$/.exec(line.trim());
      if (m && (ALL_VARS as readonly string[]).includes(m[1]!)) {
        found[m[1] as (typeof ALL_VARS)[number]] = m[2]!;
        if (ALL_VARS.every((v) => found[v])) resolve();
        return; // the secret and token lines are never echoed
      }
      options.onLine?.(line);
    });
    void proc.exited.then((code) =>
      reject(new HarnessError(`the simulator exited (${code}) before printing ${ALL_VARS.join(', ')}\n${stderr.slice(-15).join('\n')}`)),
    );
  });
  let timer: NodeJS.Timeout | undefined;
  const timeoutMs = options.timeoutMs ?? 30_000;
  try {
    await Promise.race([
      ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new HarnessError(`the simulator did not print its VOICESMS_* lines within ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
      }),
    ]);
  } catch (err) {
    await proc.stop();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  const env = Object.fromEntries(VARS.map((v) => [v, found[v]!]));
  return {
    baseUrl: found.VOICESMS_BASE_URL!,
    accessKeyId: found.VOICESMS_ACCESS_KEY_ID!,
    secretAccessKey: found.VOICESMS_SECRET_ACCESS_KEY!,
    controlToken: found[TOKEN_VAR]!,
    env,
    process: proc,
    stop: () => proc.stop(),
  };
}
