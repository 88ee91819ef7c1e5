// The watch itself: every interval, while the window is focused, today's figures of each watched instance are
// read again — through the month cache (so every view of the month follows from its change event), at low
// priority behind whatever the user opened — and the balance every few minutes. Failures hold the next read
// back (doubling, capped, and never shorter than the service's Retry-After). An answer whose current day this
// computer's clock does not allow (the store's rule, shared/serviceDay.ts) is left out: it changes no figure and
// raises no alert, and the status bar says why. No vscode import: the host hands it the clock, the focus and the
// settings (watch/runner.ts), and plain-Node unit tests drive it against the simulator.
import * as l10n from '@vscode/l10n';
import { doubtedServiceDay, doubtInWords, type DoubtedDay } from '../../shared/serviceDay.js';
import type { MonthState } from '../months/monthCache.js';
import type { WatchClock, TimerHandle } from './clock.js';
import { applyReading, type Baseline, type InstanceReading } from './readings.js';
import { backoffMs, nextReadAt } from './schedule.js';

/** The month cache as the watch uses it (services.months). */
interface WatchMonths {
  currentMonth(): string;
  state(instanceId: string, monthId: string): MonthState;
  ensure(instanceId: string, monthId: string): Promise<MonthState>;
  reload(instanceId: string, monthId: string, priority?: 'high' | 'normal' | 'low'): Promise<MonthState>;
}

export interface WatchEngineOptions {
  months: WatchMonths;
  /** Asked on every use, so the test seam can swap in a clock it moves by hand. */
  clock(): WatchClock;
  focused(): boolean;
  intervalMs(): number;
  balanceIntervalMs(): number;
  /** Reads the balance again (the balance controller's model; its own listeners update the views). */
  readBalance(): Promise<unknown>;
  /**
   * This computer's clock, against which the service's day is judged (default Date.now). Not `clock`: that one is
   * the watch's schedule, which the test seam moves by hand while the service keeps real time.
   */
  wallNow?(): number;
  log: { info(message: string): void; warn(message: string): void };
}

export interface WatchSnapshot {
  readings: readonly InstanceReading[];
  /** A read is under way. */
  reading: boolean;
  /** Reads started since the watch began (each reads every watched instance once). */
  readsStarted: number;
  lastAttemptAt?: number;
  /** Failed reads in a row. */
  failures: number;
  /** No read before this (backoff or Retry-After). */
  heldUntil?: number;
  /** Why the last read failed, until one succeeds. */
  problem?: string;
  /** Why the last read's answer for an instance was left out (a service day the clock does not allow). */
  doubt?: string;
}

/** What a finished read hands the alerts: each instance's month view of today, as read. */
export interface ReadOutcome {
  monthId: string;
  loaded: { instanceId: string; state: Extract<MonthState, { status: 'loaded' }> }[];
}

export class WatchEngine {
  private readings: InstanceReading[];
  private timer: TimerHandle | undefined;
  private balanceTimer: TimerHandle | undefined;
  private running = false;
  private reading: Promise<void> | undefined;
  private readsStarted = 0;
  private lastAttemptAt: number | undefined;
  private lastBalanceAt: number | undefined;
  private failures = 0;
  private heldUntil: number | undefined;
  private problem: string | undefined;
  private doubt: string | undefined;
  /** Service days already logged as not believed, per instance (one line each, not one per interval). */
  private readonly doubtsLogged = new Set<string>();
  /** Bumped on stop and on a change of instances: a read that began before ignores its own result. */
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  private readonly readListeners = new Set<(outcome: ReadOutcome) => void>();

  constructor(
    private readonly o: WatchEngineOptions,
    instanceIds: readonly string[],
    baselines: Readonly<Record<string, Baseline>> = {},
  ) {
    this.readings = instanceIds.map((instanceId) => ({
      instanceId,
      ...(baselines[instanceId] ? { baseline: baselines[instanceId] } : {}),
    }));
  }

  get instanceIds(): string[] {
    return this.readings.map((r) => r.instanceId);
  }

  get snapshot(): WatchSnapshot {
    return {
      readings: this.readings,
      reading: this.reading !== undefined,
      readsStarted: this.readsStarted,
      failures: this.failures,
      ...(this.lastAttemptAt !== undefined ? { lastAttemptAt: this.lastAttemptAt } : {}),
      ...(this.heldUntil !== undefined ? { heldUntil: this.heldUntil } : {}),
      ...(this.problem !== undefined ? { problem: this.problem } : {}),
      ...(this.doubt !== undefined ? { doubt: this.doubt } : {}),
    };
  }

  /** Baselines to store, so "since the watch began" survives a window reload. */
  get baselines(): Record<string, Baseline> {
    const out: Record<string, Baseline> = {};
    for (const r of this.readings) if (r.baseline) out[r.instanceId] = r.baseline;
    return out;
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** After every successful read of an instance (the alerts look at it). */
  onDidRead(listener: (outcome: ReadOutcome) => void): { dispose(): void } {
    this.readListeners.add(listener);
    return { dispose: () => this.readListeners.delete(listener) };
  }

  start(): void {
    this.running = true;
    this.reschedule();
  }

  stop(): void {
    this.running = false;
    this.generation++;
    this.timer?.dispose();
    this.balanceTimer?.dispose();
    this.timer = this.balanceTimer = undefined;
    this.fire();
  }

  /** Another set of instances (the user picked again, or one was removed from the profile): known readings stay. */
  setInstances(instanceIds: readonly string[]): void {
    const known = new Map(this.readings.map((r) => [r.instanceId, r]));
    this.readings = instanceIds.map((id) => known.get(id) ?? { instanceId: id });
    this.fire();
  }

  /**
   * Looks at the time again: the window gained or lost focus, a setting changed, or the seam swapped the clock.
   * A window gaining focus reads at once when its last read is older than the interval.
   */
  reschedule(): void {
    this.timer?.dispose();
    this.balanceTimer?.dispose();
    this.timer = this.balanceTimer = undefined;
    if (!this.running) return;
    const clock = this.o.clock();
    const focused = this.o.focused();
    if (!this.reading) {
      const at = nextReadAt({
        intervalMs: this.o.intervalMs(),
        focused,
        ...(this.lastAttemptAt !== undefined ? { lastAttemptAt: this.lastAttemptAt } : {}),
        ...(this.heldUntil !== undefined ? { heldUntil: this.heldUntil } : {}),
      });
      if (at !== undefined) this.timer = clock.after(at - clock.now(), () => void this.read());
    }
    const balanceAt = nextReadAt({
      intervalMs: this.o.balanceIntervalMs(),
      focused,
      ...(this.lastBalanceAt !== undefined ? { lastAttemptAt: this.lastBalanceAt } : {}),
    });
    if (balanceAt !== undefined) this.balanceTimer = clock.after(balanceAt - clock.now(), () => this.readBalance());
  }

  /** Resolves when no read is under way. */
  async settled(): Promise<void> {
    while (this.reading) await this.reading;
  }

  private readBalance(): void {
    this.balanceTimer = undefined;
    if (!this.running) return;
    this.lastBalanceAt = this.o.clock().now();
    void this.o.readBalance().catch((e: unknown) => this.o.log.warn(`Watch: the balance could not be read: ${String(e)}`));
    this.reschedule();
  }

  /** One read: today's month of every watched instance, together. */
  private read(): Promise<void> {
    this.timer = undefined;
    if (!this.running || this.reading) return this.reading ?? Promise.resolve();
    const generation = this.generation;
    const clock = this.o.clock();
    this.lastAttemptAt = clock.now();
    this.readsStarted++;
    const ids = this.instanceIds;
    const run = async (): Promise<void> => {
      const monthId = this.o.months.currentMonth();
      const states = await Promise.all(
        ids.map(async (instanceId) => {
          // A load the user started (a month view opening) is fresh enough and is not cancelled: wait for it.
          const now = this.o.months.state(instanceId, monthId);
          const state =
            now.status === 'loading'
              ? await this.o.months.ensure(instanceId, monthId)
              : await this.o.months.reload(instanceId, monthId, 'low');
          return { instanceId, state };
        }),
      );
      if (generation !== this.generation) return;
      const at = this.o.clock().now();
      const wall = (this.o.wallNow ?? Date.now)();
      const loaded: ReadOutcome['loaded'] = [];
      const errors: unknown[] = [];
      let doubt: string | undefined;
      for (const { instanceId, state } of states) {
        const i = this.readings.findIndex((r) => r.instanceId === instanceId);
        if (state.status === 'loaded') {
          const doubted = doubtedServiceDay(state.view, wall);
          if (doubted !== undefined) {
            doubt ??= doubtedDaySentence(instanceId, doubted);
            this.logDoubt(instanceId, doubted);
            continue;
          }
          loaded.push({ instanceId, state });
          if (i >= 0) this.readings[i] = applyReading(this.readings[i]!, state.view, at);
        } else if (state.status === 'error') errors.push(state.error);
      }
      if (errors.length > 0) {
        this.failures++;
        const retryAfter = Math.max(0, ...errors.map(retryAfterOf));
        const hold = backoffMs(this.failures, this.o.intervalMs(), retryAfter || undefined);
        this.heldUntil = at + hold;
        this.problem = messageOf(errors[0]);
        this.o.log.warn(
          `Watch: ${errors.length} of ${ids.length} read(s) failed (${this.failures} in a row); next read in ${Math.round(hold / 1000)} s${retryAfter ? ` (the service asked to wait ${Math.round(retryAfter / 1000)} s)` : ''}: ${this.problem}`,
        );
      } else {
        if (this.failures > 0) this.o.log.info('Watch: reading again after the failures.');
        this.failures = 0;
        this.heldUntil = undefined;
        this.problem = undefined;
      }
      this.doubt = doubt;
      if (loaded.length > 0) for (const l of [...this.readListeners]) l({ monthId, loaded });
    };
    this.reading = run()
      .catch((e: unknown) => this.o.log.warn(`Watch: a read failed unexpectedly: ${String(e)}`))
      .finally(() => {
        this.reading = undefined;
        if (generation === this.generation) {
          this.fire();
          this.reschedule();
        }
      });
    this.fire();
    return this.reading;
  }

  private logDoubt(instanceId: string, d: DoubtedDay): void {
    const key = JSON.stringify([instanceId, d.currentDateId]);
    if (this.doubtsLogged.has(key)) return;
    if (this.doubtsLogged.size < 100) this.doubtsLogged.add(key);
    this.o.log.warn(`Watch: the reading of ${instanceId} is left out: ${doubtInWords(d)}.`);
  }

  private fire(): void {
    for (const l of [...this.listeners]) {
      try {
        l();
      } catch {
        // A failing listener must not stop the watch.
      }
    }
  }
}

/** What the status bar says of an answer whose current day is not believed (shared/serviceDay.ts). */
function doubtedDaySentence(instanceId: string, d: DoubtedDay): string {
  if (d.reason === 'notADate') {
    return l10n.t("{0}: the service's current day {1} is not a date. This reading is left out.", instanceId, d.currentDateId);
  }
  const day = `${d.currentDateId.slice(0, 4)}-${d.currentDateId.slice(4, 6)}-${d.currentDateId.slice(6, 8)}`;
  return d.reason === 'ahead'
    ? l10n.t(
        "{0}: the service says today is {1}, {2} days ahead of this computer's clock ({3} UTC). Not believed: this reading is left out and raises no alert.",
        instanceId,
        day,
        d.days,
        d.today,
      )
    : l10n.t(
        "{0}: the service says today is {1}, {2} days behind this computer's clock ({3} UTC). Not believed: this reading is left out and raises no alert.",
        instanceId,
        day,
        d.days,
        d.today,
      );
}

/** The service's Retry-After carried by a core error (details.retryAfterMs), in ms; 0 when none. */
function retryAfterOf(e: unknown): number {
  const ms = (e as { details?: { retryAfterMs?: unknown } } | undefined)?.details?.retryAfterMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : 0;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
