// The month cache: one month view per (profile, instance, month), loaded on demand with bounded concurrency,
// cached, and announced through a change event. The Voice Instances tree, the panels, the account overview,
// exports, the watch and the chat tools all read months through it. No vscode import on purpose: the caching
// rules are unit-tested in plain Node against the simulator; the tree provider only renders.
import type { MonthViewResult } from '../../core/client.js';
import type { RequestPriority } from '../../core/http/scheduler.js';
import type { MonthView } from '../../shared/monthModel.js';
import { lastMonths, monthIdOf } from '../../core/model/month.js';
import { abortError, untilAborted } from './abort.js';

export type MonthState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly previous?: MonthView }
  | { readonly status: 'loaded'; readonly view: MonthView; readonly loadedAt: number; readonly result: MonthViewResult }
  | { readonly status: 'error'; readonly error: unknown };

export interface MonthKey {
  instanceId: string;
  monthId: string;
}

/** The whole answer is kept (not only the view): the month view panel shows its details and raw XML. */
export type LoadMonth = (instanceId: string, monthId: string, signal: AbortSignal, priority?: RequestPriority) => Promise<MonthViewResult>;

export interface MonthCacheOptions {
  load: LoadMonth;
  /** Milliseconds since the epoch; the current UTC month and cache ages follow it. */
  now?: () => number;
  /** Loads in flight at once (default 3): a 12-month tree must not open 12 connections. */
  concurrency?: number;
  /** The current month is reloaded when requested longer than this after its load (default 5 min). */
  currentMonthMaxAgeMs?: number;
  /**
   * Months kept beyond those the tree shows (panels, trends, exports, months browsed with ‹ ›), least
   * recently used dropped first (default 36). The tree's own months are never dropped, so its past months
   * never reload.
   */
  maxExtraMonths?: number;
}

const DEFAULT_CONCURRENCY = 3;
const CURRENT_MONTH_MAX_AGE_MS = 5 * 60_000;
const DEFAULT_MAX_EXTRA_MONTHS = 36;

interface Entry {
  state: MonthState;
  controller?: AbortController;
  settled?: Promise<MonthState>;
}

type Listener = (changed: MonthKey | undefined) => void;

const IDLE: MonthState = Object.freeze({ status: 'idle' });

/** The error a cancelled load rejects with (isAbort in webviews/payload.ts knows it); never shown. */

export class MonthCache {
  private readonly load: LoadMonth;
  private readonly now: () => number;
  private readonly concurrency: number;
  private readonly maxAgeMs: number;
  private readonly maxExtra: number;
  /** In least-recently-used order: a use moves the entry to the end. */
  private readonly entries = new Map<string, Entry>();
  /** Per instance, the months the tree lists (its last request()): kept whatever the bound. */
  private readonly shown = new Map<string, ReadonlySet<string>>();
  private readonly listeners = new Set<Listener>();
  private readonly queue: (() => void)[] = [];
  private running = 0;
  private profile = '';

  constructor(options: MonthCacheOptions) {
    this.load = options.load;
    this.now = options.now ?? Date.now;
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    this.maxAgeMs = options.currentMonthMaxAgeMs ?? CURRENT_MONTH_MAX_AGE_MS;
    this.maxExtra = Math.max(0, options.maxExtraMonths ?? DEFAULT_MAX_EXTRA_MONTHS);
  }

  /** `changed` is the month whose state moved, or undefined when everything may have. */
  onDidChange(listener: Listener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Names the profile (and credentials generation) the cache belongs to. A different key drops the whole
   * cache and aborts what is loading: another profile sees other data.
   */
  setProfile(profileKey: string): void {
    if (profileKey === this.profile) return;
    this.profile = profileKey;
    this.reset();
  }

  get profileKey(): string {
    return this.profile;
  }

  /** The current UTC month (YYYYMM) by the model's clock. */
  currentMonth(): string {
    return monthIdOf(new Date(this.now()));
  }

  /** The `count` months the tree lists, newest (the current month) first. */
  months(count: number): string[] {
    return lastMonths(count, this.currentMonth());
  }

  /** What is known now; never starts a load. */
  state(instanceId: string, monthId: string): MonthState {
    return this.entries.get(this.key(instanceId, monthId))?.state ?? IDLE;
  }

  /**
   * Starts loading each month that is not cached (or is the current month and older than the limit), and
   * returns at once. Changes arrive through onDidChange.
   */
  request(instanceId: string, monthIds: readonly string[]): void {
    this.shown.set(instanceId, new Set(monthIds));
    for (const monthId of monthIds) void this.ensure(instanceId, monthId).catch(() => undefined);
  }

  /**
   * Resolves with the month's settled state (loaded or error), loading it if needed. `priority`: the request's
   * place in the profile's queue when this call starts the load (default: the client's, the current month first).
   */
  ensure(instanceId: string, monthId: string, priority?: RequestPriority): Promise<MonthState> {
    const key = this.key(instanceId, monthId);
    const entry = this.entries.get(key);
    if (entry) this.touch(key, entry);
    if (entry?.state.status === 'loading' && entry.settled) return entry.settled;
    if (entry?.state.status === 'loaded' && !this.isStale(monthId, entry.state.loadedAt)) return Promise.resolve(entry.state);
    if (entry?.state.status === 'error') return Promise.resolve(entry.state);
    return this.start(key, { instanceId, monthId }, entry?.state.status === 'loaded' ? entry.state.view : undefined, priority);
  }

  /**
   * The month for a caller that cancels (the account overview): a loaded month from the cache, else one load
   * under the caller's signal — an abort stops it, queued or on the wire — whose answer joins the cache.
   */
  async fetch(instanceId: string, monthId: string, signal: AbortSignal, priority?: RequestPriority): Promise<MonthViewResult> {
    const key = this.key(instanceId, monthId);
    const entry = this.entries.get(key);
    if (entry?.state.status === 'loaded' && !this.isStale(monthId, entry.state.loadedAt)) {
      this.touch(key, entry);
      return entry.state.result;
    }
    if (entry?.state.status === 'loading' && entry.settled) {
      const settled = await untilAborted(entry.settled, signal);
      if (settled.status === 'loaded') return settled.result;
    }
    const profile = this.profile;
    const result = await this.load(instanceId, monthId, signal, priority);
    if (signal.aborted) throw abortError();
    const now = this.entries.get(key);
    if (this.profile === profile && now?.state.status !== 'loading') {
      this.entries.delete(key);
      this.entries.set(key, { state: { status: 'loaded', view: result.view, loadedAt: this.now(), result } });
      this.evict();
      this.fire({ instanceId, monthId });
    }
    return result;
  }

  /** Loads the month again whatever its state (the retry of an error node or of a panel). */
  reload(instanceId: string, monthId: string, priority?: RequestPriority): Promise<MonthState> {
    const key = this.key(instanceId, monthId);
    const entry = this.entries.get(key);
    entry?.controller?.abort();
    return this.start(key, { instanceId, monthId }, entry?.state.status === 'loaded' ? entry.state.view : undefined, priority);
  }

  /**
   * "Refresh": forgets the current month and every failed month (of one instance, or of all), so the next
   * request loads them again. Past months stay cached: they do not change.
   */
  invalidate(instanceId?: string): void {
    const current = this.currentMonth();
    for (const [key, entry] of this.entries) {
      const [, inst, month] = JSON.parse(key) as [string, string, string];
      if (instanceId !== undefined && inst !== instanceId) continue;
      if (month === current || entry.state.status === 'error') {
        entry.controller?.abort();
        this.entries.delete(key);
      }
    }
    this.fire(undefined);
  }

  /** Aborts the loads of one instance (its node was collapsed) or of all; their months go back to idle. */
  cancel(instanceId?: string): void {
    for (const [key, entry] of this.entries) {
      const [, inst] = JSON.parse(key) as [string, string, string];
      if (entry.state.status !== 'loading' || (instanceId !== undefined && inst !== instanceId)) continue;
      entry.controller?.abort();
    }
  }

  /** Drops everything an instance has cached (it was removed from the tree). */
  forget(instanceId: string): void {
    this.shown.delete(instanceId);
    for (const [key, entry] of this.entries) {
      const [, inst] = JSON.parse(key) as [string, string, string];
      if (inst !== instanceId) continue;
      entry.controller?.abort();
      this.entries.delete(key);
    }
    this.fire(undefined);
  }

  /** Drops the whole cache and aborts every load. */
  reset(): void {
    for (const entry of this.entries.values()) entry.controller?.abort();
    this.entries.clear();
    this.shown.clear();
    this.fire(undefined);
  }

  dispose(): void {
    this.reset();
    this.listeners.clear();
  }

  private key(instanceId: string, monthId: string): string {
    return JSON.stringify([this.profile, instanceId, monthId]);
  }

  /** How many months are cached (loaded or failed), the tree's included. */
  get size(): number {
    return this.entries.size;
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  /** Drops the least recently used settled months the tree does not show, down to the bound. */
  private evict(): void {
    const extra: string[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.state.status === 'loading') continue;
      const [, inst, month] = JSON.parse(key) as [string, string, string];
      if (this.shown.get(inst)?.has(month)) continue;
      extra.push(key);
    }
    for (const key of extra.slice(0, Math.max(0, extra.length - this.maxExtra))) this.entries.delete(key);
  }

  private isStale(monthId: string, loadedAt: number): boolean {
    return monthId === this.currentMonth() && this.now() - loadedAt > this.maxAgeMs;
  }

  private start(key: string, id: MonthKey, previous: MonthView | undefined, priority?: RequestPriority): Promise<MonthState> {
    const controller = new AbortController();
    const entry: Entry = { state: previous ? { status: 'loading', previous } : { status: 'loading' }, controller };
    this.entries.delete(key); // re-inserted last: the most recently used
    this.entries.set(key, entry);
    entry.settled = this.run(key, entry, id, controller.signal, priority);
    this.fire(id);
    return entry.settled;
  }

  private async run(key: string, entry: Entry, id: MonthKey, signal: AbortSignal, priority?: RequestPriority): Promise<MonthState> {
    let next: MonthState;
    try {
      await this.slot(signal);
      try {
        const result = await this.load(id.instanceId, id.monthId, signal, priority);
        if (signal.aborted) throw abortError();
        next = { status: 'loaded', view: result.view, loadedAt: this.now(), result };
      } finally {
        this.release();
      }
    } catch (error) {
      next = signal.aborted ? IDLE : { status: 'error', error };
    }
    // A reset, a reload or a cancel may have replaced or dropped this entry meanwhile: only the
    // entry's own latest load may write its state.
    if (this.entries.get(key) === entry) {
      entry.state = next;
      entry.controller = undefined;
      if (next.status === 'idle') this.entries.delete(key);
      this.evict();
      this.fire(id);
    }
    return next;
  }

  /** Waits for one of the `concurrency` slots; an abort while queued leaves the queue at once. */
  private slot(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(abortError());
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const go = (): void => {
        signal.removeEventListener('abort', onAbort);
        this.running++;
        resolve();
      };
      const onAbort = (): void => {
        const i = this.queue.indexOf(go);
        if (i >= 0) this.queue.splice(i, 1);
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(go);
    });
  }

  private release(): void {
    this.running--;
    this.queue.shift()?.();
  }

  private fire(changed: MonthKey | undefined): void {
    for (const l of [...this.listeners]) {
      try {
        l(changed);
      } catch {
        // A failing listener must not stop the others or the load.
      }
    }
  }
}
