// When the watch reads next: pure arithmetic over the interval, the last attempt, the focus and any hold
// (a backoff or the service's Retry-After), unit-tested in plain Node (test/unit/host/watch/rules.test.ts).

/** The longest a failing watch waits between attempts: errors double the wait up to this. */
export const MAX_BACKOFF_MS = 15 * 60_000;
/** The settings' floor (package.json `minimum`): no watch reads more often than this. */
const MIN_INTERVAL_SECONDS = 10;

export interface ScheduleState {
  intervalMs: number;
  focused: boolean;
  /** When the last read started; undefined before the first. */
  lastAttemptAt?: number;
  /** No read before this (backoff after an error, or a Retry-After). */
  heldUntil?: number;
}

/**
 * The time of the next read, or undefined while the window is unfocused (nobody looks: no request). A window
 * that gains focus reads at once when its last read is older than the interval, else when the interval is up.
 */
export function nextReadAt(s: ScheduleState): number | undefined {
  if (!s.focused) return undefined;
  const byInterval = s.lastAttemptAt === undefined ? Number.NEGATIVE_INFINITY : s.lastAttemptAt + s.intervalMs;
  return Math.max(byInterval, s.heldUntil ?? Number.NEGATIVE_INFINITY);
}

/**
 * How long to hold after the `failures`-th failure in a row (1 = the first): the interval doubled per failure
 * (2×, 4×, …), capped at MAX_BACKOFF_MS, and never shorter than the service's Retry-After when it sent one.
 */
export function backoffMs(failures: number, intervalMs: number, retryAfterMs?: number): number {
  const doubled = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.max(1, Math.min(failures, 20)));
  return Math.max(doubled, retryAfterMs ?? 0);
}

/** The interval setting as used: whole seconds, never below the floor (a hand-edited value cannot bypass it). */
export function intervalMsOf(seconds: number): number {
  const s = Number.isFinite(seconds) ? Math.max(MIN_INTERVAL_SECONDS, seconds) : 30;
  return Math.round(s * 1000);
}
