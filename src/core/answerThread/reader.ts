// Large answers are read on a thread of their own. Scrubbing and parsing an answer is synchronous: a month view of
// a few KB costs well under a millisecond, but one near the caps (hundreds of KB of tags or escaped text) held the
// host's thread for 60–120 ms (npm run bench, "answer blocks"), during which no editor event is handled. Answers of
// OFF_THREAD_CHARS or more go to one shared worker (worker.ts) that does the very same work; smaller ones, and any
// answer when the worker cannot start or fails, are read here as before. The worker is started on the first large
// answer, never keeps the process alive, and stops after IDLE_MS without work.
import { Worker } from 'node:worker_threads';
import type { KnownSecrets } from '../../shared/redact.js';
import type { ReadEnvelope } from '../api/response.js';
import type { HttpResponse } from '../http/transport.js';
import { coreL10nBundle } from '../l10n.js';
import type { AnswerDone, AnswerJob, AnswerThreadData } from './job.js';

/** Answers this long or longer are read off the host's thread: below it the work costs at most ~20 ms. */
export const OFF_THREAD_CHARS = 128 * 1024;
const IDLE_MS = 60_000;

export interface ReadOffThread {
  res: HttpResponse;
  read: ReadEnvelope;
}

let worker: Worker | undefined;
/** Set when the worker could not start or died: every answer is then read on the host's thread. */
let unavailable = false;
let nextId = 1;
/** Each job's caller, by job id: given the answer read, or undefined to read it itself. */
const pending = new Map<number, (done: ReadOffThread | undefined) => void>();
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** The worker's file: beside this bundle (dist/answerThread.js), or its source when run from src. */
function workerFile(): string {
  return require.resolve('./worker.js');
}

function settleAll(): void {
  for (const resolve of pending.values()) resolve(undefined);
  pending.clear();
}

function start(): Worker | undefined {
  if (worker || unavailable) return worker;
  try {
    const l10n = coreL10nBundle();
    const data: AnswerThreadData = l10n ? { l10n } : {};
    const w = new Worker(workerFile(), { workerData: data });
    w.unref();
    w.on('message', (done: AnswerDone) => {
      const resolve = pending.get(done.id);
      if (!resolve) return;
      pending.delete(done.id);
      resolve('failed' in done ? undefined : { res: done.res, read: done.read });
      if (pending.size === 0) idle();
    });
    const gone = (): void => {
      if (worker === w) worker = undefined;
      settleAll();
    };
    w.on('error', () => {
      unavailable = true;
      gone();
    });
    w.on('exit', gone);
    worker = w;
  } catch {
    unavailable = true;
  }
  return worker;
}

function idle(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = undefined;
    if (pending.size === 0 && worker) void worker.terminate();
  }, IDLE_MS);
  idleTimer.unref?.();
}

/**
 * `raw` scrubbed and its envelope read on the answer thread, or undefined when the caller should do it itself: the
 * answer is short, the host's mask is not a KnownSecrets set, or the thread is unavailable.
 */
export async function readOffThread(
  raw: HttpResponse,
  carried: string[],
  credentials: { accessKeyId: string; secretAccessKey: string },
  known: KnownSecrets | undefined | false,
): Promise<ReadOffThread | undefined> {
  if (raw.body.length < OFF_THREAD_CHARS || known === false) return undefined;
  const w = start();
  if (!w) return undefined;
  if (idleTimer) clearTimeout(idleTimer);
  const job: AnswerJob = {
    id: nextId++,
    raw: { ...raw, headers: { ...raw.headers } },
    carried,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    ...(known ? { known: known.written() } : {}),
  };
  return new Promise((resolve) => {
    pending.set(job.id, resolve);
    try {
      w.postMessage(job);
    } catch {
      pending.delete(job.id);
      resolve(undefined);
    }
  });
}

/** Stops the answer thread now (tests: a thread gone mid-answer). Answers still pending are read by their callers. */
export async function stopAnswerThread(): Promise<void> {
  const w = worker;
  worker = undefined;
  settleAll();
  if (w) await w.terminate();
}
