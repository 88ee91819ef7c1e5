// Retry policy for idempotent reads only (the SMS POST never comes here): network failures and
// 429/502/503/504, exponential backoff with jitter, Retry-After honoured up to a cap, abortable waits.
import { isVoiceSmsError } from '../errors.js';
import type { HttpResponse } from './transport.js';

export interface RetryPolicy {
  /** Total attempts including the first (1 = no retry). */
  attempts: number;
  baseDelayMs: number;
  /** Longest single wait, for backoff and for Retry-After alike. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUS.has(status);
}

/** Retry-After as delta-seconds or an HTTP-date, in milliseconds from `nowMs`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // Only accept something that looks like a date, so stray numbers like "1.5" are not read as years.
  if (!/[a-z]/i.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Exponential backoff with "equal jitter": half fixed, half random, so waits never collapse to zero. */
export function backoffDelay(retryNumber: number, p: RetryPolicy, random: () => number = Math.random): number {
  const exp = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** Math.max(0, retryNumber - 1));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryHooks {
  /** Called before each wait; for logging. */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
  /** Milliseconds left before the caller's overall deadline; a wait that would outlast it is not started. */
  remainingMs?: () => number;
  now?: () => number;
  random?: () => number;
}

export interface RetryOutcome {
  response: HttpResponse;
  attempts: number;
  /** Set when the last response was retryable but we stopped: the server's requested wait, in ms. */
  retryAfterMs?: number;
}

/**
 * Runs `attempt` up to `policy.attempts` times. Returns the last response (which may still be a
 * 429/5xx: the caller turns it into an error) or rethrows the last failure with details.attempts set.
 */
export async function sendWithRetry(
  attempt: (n: number) => Promise<HttpResponse>,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  hooks: RetryHooks = {},
): Promise<RetryOutcome> {
  const max = Math.max(1, Math.floor(policy.attempts));
  const now = hooks.now ?? Date.now;
  for (let n = 1; ; n++) {
    let response: HttpResponse | undefined;
    let failure: unknown;
    try {
      response = await attempt(n);
    } catch (err) {
      if (!isVoiceSmsError(err)) throw err; // an abort or a bug: never retried
      err.details.attempts = n;
      // Only a network failure may pass; one the user must fix (a certificate, proxy credentials) would only repeat.
      if (err.kind !== 'network' || err.details.problem !== undefined) throw err;
      failure = err;
    }

    let delay = backoffDelay(n, policy, hooks.random);
    let reason: string;
    let retryAfterMs: number | undefined;
    if (response) {
      if (!isRetryableStatus(response.status)) return { response, attempts: n };
      reason = `HTTP ${response.status}`;
      retryAfterMs = parseRetryAfter(response.headers['retry-after'], now());
      if (retryAfterMs !== undefined) {
        // A server asking for a longer wait than we allow is not hammered early: stop here.
        if (retryAfterMs > policy.maxDelayMs) return { response, attempts: n, retryAfterMs };
        delay = retryAfterMs;
      }
    } else {
      reason = (failure as { details: { causeCode?: string } }).details.causeCode ?? 'network error';
    }

    const remaining = hooks.remainingMs?.() ?? Infinity;
    if (n >= max || delay >= remaining) {
      if (response) return { response, attempts: n, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
      throw failure;
    }
    hooks.onRetry?.({ attempt: n, delayMs: delay, reason });
    await sleep(delay, signal);
  }
}
