// Large answers are read on a thread of their own. Scrubbing and parsing an answer is synchronous: a month view of
// a few KB costs well under a millisecond, but one near the caps (hundreds of KB of tags or escaped text) held the
// host's thread for 60–120 ms (npm run bench, "answer blocks"), during which no editor event is handled. Answers of
// OFF_THREAD_CHARS or more go to one shared worker (worker.ts) that does the very same work; smaller ones, and any
// answer when the worker cannot start, fails or hangs, are read by the caller as before.
//
// The worker keeps the process alive only while a job is pending (ref'd then, unref'd when idle), so a script or
// the MCP server exits as soon as its own work is done; it stops after IDLE_MS without work. Every job is bounded by
// the request's signal (its deadline and the caller's cancel), and a worker that answers nothing for HUNG_MS is
// terminated and replaced on the next large answer. Each start, stop and fallback is said once in the log.
import { Worker } from 'node:worker_threads';
import type { KnownSecrets } from '../../shared/redact.js';
import type { ReadEnvelope } from '../api/response.js';
import type { HttpResponse } from '../http/transport.js';
import { coreL10nBundle } from '../l10n.js';
import { nullLogger, type Logger } from '../log.js';
import type { AnswerDone, AnswerJob, AnswerThreadData } from './job.js';

/** Answers this long or longer are read off the host's thread: below it the work costs at most ~20 ms. */
export const OFF_THREAD_CHARS = 128 * 1024;
const IDLE_MS = 60_000;
/** The costliest answer under the caps takes ~50 ms on the thread; ten seconds without any answer is a hung thread. */
const DEFAULT_HUNG_MS = 10_000;
/** After this many failures (errors, hangs) in one process the thread is not started again. */
const MAX_FAILURES = 3;

export interface ReadOffThread {
  res: HttpResponse;
  read: ReadEnvelope;
}

/** How one job is bounded and where the thread's life is said. */
export interface OffThreadOptions {
  /** The request's deadline and cancel: when it aborts, the job is given up and the caller gets its reason. */
  signal?: AbortSignal;
  log?: Logger;
}

/** A job's caller: given the answer read, or undefined to read it itself. */
interface Pending {
  settle: (done: ReadOffThread | undefined) => void;
}

/** Test seam: another worker file (one that never answers, say) and a shorter wait before a silent thread is hung. */
interface ThreadConfig {
  workerFile?: string;
  hungMs?: number;
}

let config: ThreadConfig = {};
let worker: Worker | undefined;
let failures = 0;
let nextId = 1;
const pending = new Map<number, Pending>();
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let hungTimer: ReturnType<typeof setTimeout> | undefined;
/** The log of the last job's client: where the thread's stop is said. */
let threadLog: Logger = nullLogger;

/** The worker's file: beside this bundle (dist/answerThread.js), or its source when run from src. */
function workerFile(): string {
  return config.workerFile ?? require.resolve('./worker.js');
}

/** Every pending caller reads its answer itself. */
function settleAll(): void {
  const waiting = [...pending.values()];
  pending.clear();
  for (const p of waiting) p.settle(undefined);
}

function clearTimers(): void {
  if (idleTimer) clearTimeout(idleTimer);
  if (hungTimer) clearTimeout(hungTimer);
  idleTimer = hungTimer = undefined;
}

/** Drops the worker (after an error, a hang or an idle minute); the next large answer starts a new one. */
function drop(w: Worker, why: string, failed: boolean): void {
  if (worker !== w) return;
  worker = undefined;
  clearTimers();
  if (failed) failures++;
  const after =
    failed && failures >= MAX_FAILURES ? ` It failed ${failures} times: large answers are read on this thread from now on.` : '';
  const line = `Answer thread stopped: ${why}.${after}`;
  if (failed) threadLog.warn(line);
  else threadLog.info(line);
  settleAll();
  void w.terminate().catch(() => undefined);
}

/** While a job is pending the worker holds the process (its caller awaits it); idle, it holds nothing. */
function busyChanged(w: Worker): void {
  if (pending.size > 0) {
    w.ref();
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    armHung(w);
    return;
  }
  w.unref();
  if (hungTimer) clearTimeout(hungTimer);
  hungTimer = undefined;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => drop(w, `idle for ${IDLE_MS / 1000} s`, false), IDLE_MS);
  idleTimer.unref?.();
}

/** Restarted on every answer: a thread silent for hungMs while work waits is stuck. */
function armHung(w: Worker): void {
  if (hungTimer) clearTimeout(hungTimer);
  const ms = config.hungMs ?? DEFAULT_HUNG_MS;
  hungTimer = setTimeout(() => drop(w, `no answer within ${ms} ms (terminated; the callers read their answers themselves)`, true), ms);
  hungTimer.unref?.();
}

function start(log: Logger): Worker | undefined {
  if (worker) return worker;
  if (failures >= MAX_FAILURES) return undefined;
  try {
    const l10n = coreL10nBundle();
    const data: AnswerThreadData = l10n ? { l10n } : {};
    const w = new Worker(workerFile(), { workerData: data });
    // Listeners first, then unref: a 'message' listener added later refs the worker again.
    w.on('message', (done: AnswerDone) => {
      const p = pending.get(done.id);
      if (p) {
        pending.delete(done.id);
        p.settle('failed' in done ? undefined : { res: done.res, read: done.read });
      }
      if (worker === w) busyChanged(w);
    });
    w.on('error', (e) =>
      drop(w, `it failed (${e instanceof Error ? e.message : String(e)}); the callers read their answers themselves`, true),
    );
    w.on('exit', (code) => drop(w, `it exited with code ${code}`, true));
    w.unref();
    worker = w;
    threadLog = log;
    log.info('Answer thread started (answers of 128 KiB or more are read on it).');
  } catch (e) {
    failures = MAX_FAILURES;
    log.warn(`Answer thread could not start (${e instanceof Error ? e.message : String(e)}); large answers are read on this thread.`);
  }
  return worker;
}

/**
 * `raw` scrubbed and its envelope read on the answer thread, or undefined when the caller should do it itself: the
 * answer is short, the host's mask is not a KnownSecrets set, or the thread is unavailable, failed or hung. Rejects
 * with the signal's reason when the request's deadline or the caller's cancel comes first.
 */
export async function readOffThread(
  raw: HttpResponse,
  carried: string[],
  credentials: { accessKeyId: string; secretAccessKey: string },
  known: KnownSecrets | undefined | false,
  options: OffThreadOptions = {},
): Promise<ReadOffThread | undefined> {
  if (raw.body.length < OFF_THREAD_CHARS || known === false) return undefined;
  const { signal } = options;
  signal?.throwIfAborted();
  const log = options.log ?? nullLogger;
  const w = start(log);
  if (!w) return undefined;
  threadLog = log;
  const job: AnswerJob = {
    id: nextId++,
    raw: { ...raw, headers: { ...raw.headers } },
    carried,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    ...(known ? { known: known.written() } : {}),
  };
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      if (!pending.delete(job.id)) return;
      if (worker === w) busyChanged(w);
      reject(signal?.reason as Error);
    };
    const done = (): void => signal?.removeEventListener('abort', onAbort);
    pending.set(job.id, {
      settle: (r) => {
        done();
        resolve(r);
      },
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      w.postMessage(job);
      busyChanged(w);
    } catch {
      pending.delete(job.id);
      done();
      busyChanged(w);
      resolve(undefined);
    }
  });
}

/** Stops the answer thread now. Answers still pending are read by their callers; the next large answer starts it again. */
export async function stopAnswerThread(): Promise<void> {
  const w = worker;
  worker = undefined;
  clearTimers();
  settleAll();
  if (w) await w.terminate();
}

/** Test seam: another worker file or hang limit (undefined: the defaults), and the failure count reset. */
export async function configureAnswerThreadForTests(next: ThreadConfig): Promise<void> {
  await stopAnswerThread();
  config = { ...next };
  failures = 0;
}
