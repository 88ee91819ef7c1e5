// The host's side of the finished-months store (core/store/monthStore.ts): where it lives (the extension's global
// storage), whether it is on and how large it may grow (settings), what masks its text (the log's redact), and
// whose months a load is (the active profile's name, base URL and account). The store itself is in
// dist/core.js, loaded on first use like the client. No vscode import: unit-tested in plain Node.
import type { MonthViewResult } from '../../core/client.js';
import type { MonthScope, MonthStore } from '../../core/store/monthStore.js';
import type { CoreModule } from '../bundles/coreLoader.js';

export interface StoredMonthsOptions {
  /** The store's directory (under context.globalStorageUri). */
  dir: string;
  settings: () => { storeFinishedMonths: boolean; storedMonthsLimit: number };
  log: { info(message: string): void; warn(message: string): void };
  /** Masks every stored profile's credentials, as in the log. */
  redact: (text: string) => string;
  loadCore: () => Pick<CoreModule, 'MonthStore'>;
}

/** The profile fields a stored month is filed under. */
export interface ScopeProfile {
  name: string;
  baseUrl: string;
  accountId?: string;
}

export function monthScope(profile: ScopeProfile, instanceId: string): MonthScope {
  return { profile: profile.name, baseUrl: profile.baseUrl, account: profile.accountId ?? '', instanceId };
}

export class StoredMonths {
  private store: MonthStore | undefined;

  constructor(private readonly options: StoredMonthsOptions) {}

  get enabled(): boolean {
    const s = this.options.settings();
    return s.storeFinishedMonths && s.storedMonthsLimit > 0;
  }

  get dir(): string {
    return this.options.dir;
  }

  /** The stored month, or undefined (off, not stored, or unreadable: the store logs and deletes the latter). */
  async read(profile: ScopeProfile, instanceId: string, monthId: string): Promise<MonthViewResult | undefined> {
    if (!this.enabled) return undefined;
    try {
      return await this.core().get(monthScope(profile, instanceId), monthId);
    } catch (e) {
      this.options.log.warn(`Stored months: reading ${monthId} failed: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  /** Keeps the answer if the service reports its month as finished; written later, in a batch. */
  offer(profile: ScopeProfile, instanceId: string, monthId: string, result: MonthViewResult): void {
    if (!this.enabled) return;
    const store = this.core();
    store.setLimit(this.options.settings().storedMonthsLimit);
    store.put(monthScope(profile, instanceId), monthId, result);
  }

  /** Deletes every stored month of profile `name` (sign-out, removal, Replace Profile, Stop Demo). */
  async clearProfile(name: string): Promise<void> {
    const removed = await this.core().clearProfile(name);
    if (removed > 0) this.options.log.info(`Stored months of profile "${name}" deleted (${removed}).`);
  }

  /** Deletes every stored month (voiceSms.clearStoredMonths); returns how many. */
  async clearAll(): Promise<number> {
    const removed = await this.core().clearAll();
    this.options.log.info(`Stored months deleted (${removed}).`);
    return removed;
  }

  /** Writes what is waiting (tests; deactivation). */
  async flush(): Promise<void> {
    await this.store?.flush();
  }

  /** Month files on disk now (tests). */
  async files(): Promise<string[]> {
    return this.core().files();
  }

  dispose(): void {
    void this.store?.dispose();
  }

  private core(): MonthStore {
    if (!this.store) {
      const { MonthStore: Store } = this.options.loadCore();
      this.store = new Store({
        dir: this.options.dir,
        limit: this.options.settings().storedMonthsLimit,
        scrub: this.options.redact,
        log: this.options.log,
      });
    }
    return this.store;
  }
}
