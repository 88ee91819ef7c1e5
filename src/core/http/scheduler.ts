// One request scheduler per profile: every GET of every view (tree, month panel, trend, balance, chat)
// waits here for a slot. The limit is the user's `maxConcurrentRequests`; it halves when the service
// answers 429/503 (it is overloaded) and grows back by one slot per `recoverAfter` successes, never past
// the configured maximum. Higher priority starts first, first come first served within a priority.
// A Retry-After pauses new starts for the whole profile, not only the request that received it.
// The SMS POST never comes here: a send must not wait behind a stalled month view.

export type RequestPriority = 'high' | 'normal' | 'low';

const RANK: Readonly<Record<RequestPriority, number>> = { high: 2, normal: 1, low: 0 };

/** How a scheduled attempt ended, for the adaptive limit. */
export type AttemptOutcome = 'ok' | 'overloaded' | 'failed';

export interface SchedulerOptions {
  /** Most attempts in flight at once (the setting). */
  maxConcurrent: number;
  /** Successes needed to grow the lowered limit by one slot (default 8). */
  recoverAfter?: number;
  now?: () => number;
}

export const DEFAULT_MAX_CONCURRENT_REQUESTS = 6;
const DEFAULT_RECOVER_AFTER = 8;
/** A Retry-After longer than this does not hold back the whole profile (the request itself still obeys it). */
const MAX_PAUSE_MS = 30_000;

/** Release of a slot, telling the scheduler how the attempt went. Idempotent. */
export type Release = (outcome: AttemptOutcome) => void;

interface Waiter {
  rank: number;
  seq: number;
  start: () => void;
}

export class RequestScheduler {
  private max: number;
  private current: number;
  private readonly recoverAfter: number;
  private readonly now: () => number;
  private running = 0;
  private successes = 0;
  private seq = 0;
  private pausedUntil = 0;
  /** Bumped at each halving: answers to attempts started before it belong to the same overload. */
  private epoch = 0;
  private pauseTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly waiting: Waiter[] = [];

  constructor(o: SchedulerOptions) {
    this.max = wholeAtLeastOne(o.maxConcurrent);
    this.current = this.max;
    this.recoverAfter = wholeAtLeastOne(o.recoverAfter ?? DEFAULT_RECOVER_AFTER);
    this.now = o.now ?? Date.now;
  }

  /** The configured maximum. */
  get maxConcurrent(): number {
    return this.max;
  }

  /** The limit in force now (lowered after overload answers). */
  get limit(): number {
    return this.current;
  }

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** A new setting value: the limit restarts from it (a user raising it means it). */
  setMaxConcurrent(n: number): void {
    this.max = wholeAtLeastOne(n);
    this.current = this.max;
    this.successes = 0;
    this.pump();
  }

  /** Holds back new starts for `ms` (a Retry-After from the service); capped, never shortens a longer pause. */
  pauseFor(ms: number): void {
    if (!(ms > 0)) return;
    const until = this.now() + Math.min(ms, MAX_PAUSE_MS);
    if (until <= this.pausedUntil) return;
    this.pausedUntil = until;
  }

  /**
   * Waits for a slot. Rejects with the signal's reason if it aborts while queued (the queue forgets it at
   * once). The returned release must be called exactly once when the attempt is over.
   */
  acquire(priority: RequestPriority = 'normal', signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.waiting.length === 0 && this.canStart()) return Promise.resolve(this.take());
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        rank: RANK[priority],
        seq: this.seq++,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.take());
        },
      };
      const onAbort = (): void => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.insert(waiter);
      // A waiter held back by a pause arms the timer (an earlier one may have fired with nobody waiting).
      this.armPauseTimer();
    });
  }

  /** Runs `task` in a slot; a thrown error counts as 'failed' unless `outcomeOf` says otherwise. */
  async run<T>(
    task: () => Promise<T>,
    priority: RequestPriority = 'normal',
    signal?: AbortSignal,
    outcomeOf?: (value: T) => AttemptOutcome,
  ): Promise<T> {
    const release = await this.acquire(priority, signal);
    try {
      const value = await task();
      release(outcomeOf ? outcomeOf(value) : 'ok');
      return value;
    } catch (e) {
      release('failed');
      throw e;
    }
  }

  private canStart(): boolean {
    return this.running < this.current && this.now() >= this.pausedUntil;
  }

  private take(): Release {
    this.running++;
    const epoch = this.epoch;
    let done = false;
    return (outcome) => {
      if (done) return;
      done = true;
      this.running--;
      this.record(outcome, epoch);
      this.pump();
    };
  }

  private record(outcome: AttemptOutcome, epoch: number): void {
    if (outcome === 'overloaded') {
      // Six answers of one burst saying "overloaded" are one signal, not six: halve once per burst.
      if (epoch === this.epoch) {
        this.current = Math.max(1, Math.floor(this.current / 2));
        this.epoch++;
      }
      this.successes = 0;
    } else if (outcome === 'ok' && this.current < this.max && ++this.successes >= this.recoverAfter) {
      this.current++;
      this.successes = 0;
    }
  }

  /** Sorted by rank (high first), then arrival. */
  private insert(w: Waiter): void {
    let i = this.waiting.length;
    while (i > 0 && this.waiting[i - 1]!.rank < w.rank) i--;
    this.waiting.splice(i, 0, w);
  }

  private pump(): void {
    while (this.waiting.length > 0 && this.canStart()) this.waiting.shift()!.start();
    if (this.waiting.length > 0) this.armPauseTimer();
  }

  /**
   * With free slots, only the pause can hold back a waiter: look again when it ends. Also when it has just
   * ended (0 ms): the clock may have ticked since the waiter was told "paused", and no release may come.
   * Without free slots a release pumps.
   */
  private armPauseTimer(): void {
    if (this.pauseTimer || this.waiting.length === 0 || this.running >= this.current) return;
    this.pauseTimer = setTimeout(
      () => {
        this.pauseTimer = undefined;
        this.pump();
      },
      Math.max(0, this.pausedUntil - this.now()),
    );
  }
}

function wholeAtLeastOne(n: number): number {
  return Number.isFinite(n) ? Math.max(1, Math.floor(n)) : 1;
}
