// The active profile's balance: loads it through the profile's client, keeps the last answer, its
// time and the last error, records readings for the days-left estimate, and tells listeners. No
// vscode import (the host passes the client lookup and a Memento), so it is unit-tested against the
// simulator. A profile switch resets it (reset()); a load started for an older profile is ignored.
// The readings live in global state, which every window shares: a window that starts shortly after
// another read the balance shows that reading (showRecent) instead of asking again.
import type { Balance } from '../../core/index.js';
import { addReading, estimate, type BalanceEstimate, type BalanceReading } from './estimate.js';
import { flattenResult } from '../../shared/flattenResult.js';
import { amountOf, formatBalance } from './format.js';

export interface BalanceSource {
  /** The active profile and its client; throws (NotSignedInError) when signed out. */
  active(): Promise<{
    profile: { name: string; accountId?: string };
    client: { getBalance(accountId: string, signal?: AbortSignal): Promise<{ balance?: Balance; result: unknown; rawXml?: string }> };
  }>;
}

/** The part of vscode.Memento the model uses (globalState). */
export interface ReadingStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export interface LoadedBalance {
  profile: string;
  accountId: string;
  /** Undefined when the answer had no recognisable amount; `rows` then shows it. */
  balance?: Balance;
  /** What the UI shows: "123.45 EUR", or the raw answer flattened to one line. */
  shown: string;
  /** The answer's leaves, for the Account view's subtree when the amount was not recognised. */
  rows: Array<{ key: string; value: string }>;
  at: number;
  estimate?: BalanceEstimate;
  /** The service's answer as sent, for "Show raw answer". */
  rawXml?: string;
}

export interface BalanceState {
  loading: boolean;
  /** Set once a load found no usable profile. */
  signedOut?: boolean;
  /** The active profile has no accountId. */
  noAccount?: boolean;
  /** The last successful load for the current profile (kept when a later load fails). */
  loaded?: LoadedBalance;
  /** The last load's failure, cleared by the next success; `kind` is the core error's kind when it had one. */
  error?: { message: string; at: number; kind?: string };
}

interface StoredReadings {
  accountId: string;
  currency: string;
  readings: BalanceReading[];
  /** The newest reading's amount exactly as sent ("100.50"), so it is shown again as it was. */
  amount?: string;
}

export const READINGS_KEY_PREFIX = 'voiceSms.balanceReadings.';

export class BalanceModel {
  private state: BalanceState = { loading: false };
  private generation = 0;
  private inFlight: Promise<BalanceState> | undefined;
  private readonly listeners = new Set<(s: BalanceState) => void>();

  constructor(
    private readonly source: BalanceSource,
    private readonly store: ReadingStore,
    private readonly options: { now?: () => number; locale?: () => string } = {},
  ) {}

  get current(): BalanceState {
    return this.state;
  }

  /** Listens for every change; returns the unsubscribe function. */
  onDidChange(listener: (s: BalanceState) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Forgets everything (profile switch, sign-out); a load under way is ignored when it settles. */
  reset(): void {
    this.generation++;
    this.inFlight = undefined;
    this.set({ loading: false });
  }

  /** Deletes the readings kept for `profile` (the profile is being removed). */
  async forgetReadings(profile: string): Promise<void> {
    await this.store.update(READINGS_KEY_PREFIX + profile, undefined);
  }

  /** How many readings are stored for `profile` (0 when none). */
  readingCount(profile: string): number {
    const stored = this.store.get<StoredReadings>(READINGS_KEY_PREFIX + profile);
    return Array.isArray(stored?.readings) ? stored.readings.length : 0;
  }

  /**
   * Shows the newest stored reading of `profile`'s account `accountId` (any window's) when it is younger than
   * `maxAgeMs`, without a request and without loading the client; false (nothing changed) when there is none.
   */
  showRecent(profile: string, accountId: string, maxAgeMs: number, now = (this.options.now ?? Date.now)()): boolean {
    const stored = this.store.get<StoredReadings>(READINGS_KEY_PREFIX + profile);
    if (!stored || stored.accountId !== accountId || !Array.isArray(stored.readings) || typeof stored.amount !== 'string') return false;
    const newest = stored.readings.at(-1);
    // A reading from the future (another machine's clock, a clock set back) is not trusted to be recent.
    if (!newest || !(now - newest.at >= 0 && now - newest.at < maxAgeMs)) return false;
    const balance: Balance = { amount: stored.amount, ...(stored.currency ? { currency: stored.currency } : {}) };
    if (amountOf(balance) !== newest.amount) return false;
    const est = estimate(stored.readings, newest.at);
    this.set({
      loading: false,
      loaded: {
        profile,
        accountId,
        balance,
        shown: formatBalance(balance, this.options.locale?.() ?? 'en'),
        rows: [],
        at: newest.at,
        ...(est ? { estimate: est } : {}),
      },
    });
    return true;
  }

  /** Whether anything was loaded or tried since the last reset. */
  get started(): boolean {
    return (
      this.inFlight !== undefined ||
      this.state.loaded !== undefined ||
      this.state.error !== undefined ||
      this.state.noAccount === true ||
      this.state.signedOut === true
    );
  }

  /** Loads now; concurrent calls share one request. Never rejects: failures land in `error`. */
  reload(signal?: AbortSignal): Promise<BalanceState> {
    if (!this.inFlight) {
      const load: Promise<BalanceState> = this.load(this.generation, signal).finally(() => {
        // reset() may have started another load meanwhile; that one stays shared.
        if (this.inFlight === load) this.inFlight = undefined;
      });
      this.inFlight = load;
    }
    return this.inFlight;
  }

  private async load(generation: number, signal?: AbortSignal): Promise<BalanceState> {
    const now = this.options.now ?? Date.now;
    this.set({ ...this.state, loading: true });
    let next: BalanceState;
    try {
      const { profile, client } = await this.source.active();
      if (!profile.accountId) {
        next = { loading: false, noAccount: true };
      } else {
        const answer = await client.getBalance(profile.accountId, signal);
        const at = now();
        const rows = flattenResult(answer.result);
        const loaded: LoadedBalance = {
          profile: profile.name,
          accountId: profile.accountId,
          ...(answer.balance ? { balance: answer.balance } : {}),
          shown: answer.balance
            ? formatBalance(answer.balance, this.options.locale?.() ?? 'en')
            : rows.map((r) => `${r.key}: ${r.value}`).join('; '),
          rows,
          at,
          rawXml: answer.rawXml,
        };
        const est = await this.record(loaded, generation);
        next = { loading: false, loaded: est ? { ...loaded, estimate: est } : loaded };
      }
    } catch (e) {
      const signedOut = e instanceof Error && e.name === 'NotSignedInError';
      // Cancelled by the user: nothing failed, the previous value stays.
      next = signal?.aborted
        ? { ...this.state, loading: false }
        : signedOut
          ? { loading: false, signedOut: true }
          : { ...this.state, loading: false, error: { message: e instanceof Error ? e.message : String(e), at: now(), ...kindOf(e) } };
    }
    // Overtaken by a profile switch: the caller asked for the balance, so answer for the profile active now
    // (joining a load the switch may already have started) instead of with the reset, empty state.
    if (generation !== this.generation) return this.reload(signal);
    this.set(next);
    return next;
  }

  /** Stores the reading (per profile, per account + currency) and returns the estimate it allows. */
  private async record(loaded: LoadedBalance, generation: number): Promise<BalanceEstimate | undefined> {
    const amount = amountOf(loaded.balance);
    if (amount === undefined || generation !== this.generation) return undefined;
    const key = READINGS_KEY_PREFIX + loaded.profile;
    const currency = loaded.balance?.currency ?? '';
    const old = this.store.get<StoredReadings>(key);
    const same = old && old.accountId === loaded.accountId && old.currency === currency && Array.isArray(old.readings);
    const readings = addReading(same ? old.readings : [], { at: loaded.at, amount });
    const stored: StoredReadings = {
      accountId: loaded.accountId,
      currency,
      readings,
      ...(loaded.balance ? { amount: loaded.balance.amount } : {}),
    };
    await this.store.update(key, stored);
    return estimate(readings, loaded.at);
  }

  private set(next: BalanceState): void {
    this.state = next;
    for (const l of [...this.listeners]) l(next);
  }
}

function kindOf(e: unknown): { kind?: string } {
  const kind = (e as { kind?: unknown } | undefined)?.kind;
  return typeof kind === 'string' ? { kind } : {};
}
