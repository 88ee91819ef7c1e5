// Child processes that must never outlive the harness. Long-running children start in their own
// process group (detached) and are stopped as a group, because code-server leaves file watchers and
// extension hosts behind when only its main pid is killed. Every exit path (normal end, failure,
// SIGINT/SIGTERM, uncaught error) runs the registered cleanups; a last synchronous SIGKILL on
// process 'exit' covers anything a cleanup could not reach.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';

type Cleanup = () => Promise<void> | void;

/** A failure whose message says everything (missing build, missing browser, busy port): no stack trace. */
export class HarnessError extends Error {}

const cleanups: Cleanup[] = [];
const liveGroups = new Set<number>();
let shuttingDown = false;

/** True once the program is stopping (signal or end of main): expected child exits are not news. */
export function isShuttingDown(): boolean {
  return shuttingDown;
}

/** Registers a cleanup; returns a function that unregisters it (for resources already released). */
export function onCleanup(fn: Cleanup): () => void {
  cleanups.push(fn);
  return () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Runs every cleanup once, newest first; one failing cleanup does not stop the others. */
export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      console.error(`[editor] cleanup failed: ${String(err)}`);
    }
  }
}

function killGroupsNow(): void {
  for (const pgid of liveGroups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  liveGroups.clear();
}

/**
 * Runs `body` as the whole program: installs signal handlers, always cleans up, and sets the exit
 * code (body's number, 1 on error, 130/143 on SIGINT/SIGTERM).
 */
export function runMain(name: string, body: () => Promise<number | void>): void {
  const onSignal = (signal: NodeJS.Signals): void => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.error(`\n[${name}] ${signal}: stopping everything...`);
    void runCleanups().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('exit', killGroupsNow);

  body()
    .then(
      (code) => (typeof code === 'number' ? code : 0),
      (err: unknown) => {
        const text = err instanceof HarnessError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
        console.error(`[${name}] ${text}`);
        return 1;
      },
    )
    .then(async (code) => {
      if (shuttingDown) return;
      shuttingDown = true;
      await runCleanups();
      process.exitCode = code;
      // Open handles (a stuck socket, a timer) must not keep a finished run alive.
      setTimeout(() => process.exit(code), 2000).unref();
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}

export interface GroupProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (or signal name) of the group leader. */
  exited: Promise<number | string>;
  /** Stops the whole group: SIGTERM, then SIGKILL after `graceMs`. Idempotent. */
  stop(graceMs?: number): Promise<void>;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitGroupGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!groupAlive(pgid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !groupAlive(pgid);
}

/** Spawns a long-running child as the leader of a new process group and tracks it for cleanup. */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions): GroupProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const pid = child.pid;
  liveGroups.add(pid);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
    child.once('error', (err) => resolve(`error: ${err.message}`));
  });
  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 5000): Promise<void> => {
    stopping ??= (async () => {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // group already gone
      }
      if (!(await waitGroupGone(pid, graceMs))) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // gone in between
        }
        await waitGroupGone(pid, 2000);
      }
      liveGroups.delete(pid);
    })();
    return stopping;
  };
  const unregister = onCleanup(() => stop());
  void exited.then(() => {
    // The leader ending does not end its children; cleanup still stops the group.
    if (!groupAlive(pid)) {
      liveGroups.delete(pid);
      unregister();
    }
  });
  return { child, pid, exited, stop };
}

/** Runs a command to completion (inheriting stdio unless told otherwise); rejects on non-zero exit. */
export async function runToEnd(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { label?: string; quiet?: boolean } = {},
): Promise<void> {
  const { label, quiet, ...spawnOptions } = options;
  const child = spawn(command, args, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    ...spawnOptions,
    detached: true,
  });
  // quiet: keep the output, show it only when the command fails.
  const output: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => output.push(b));
  child.stderr?.on('data', (b: Buffer) => output.push(b));
  if (child.pid !== undefined) liveGroups.add(child.pid);
  const unregister = onCleanup(() => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  });
  try {
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    if (code !== 0) {
      if (quiet) process.stderr.write(Buffer.concat(output));
      throw new Error(`${label ?? command} failed (${code !== null ? `exit code ${code}` : `signal ${signal}`})`);
    }
  } finally {
    unregister();
    if (child.pid !== undefined) liveGroups.delete(child.pid);
  }
}
