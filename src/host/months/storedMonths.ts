// The host's handle on the finished-months store (core/store/monthStore.ts, in dist/core.js): built on first use,
// so activation loads nothing; the month cache reads and offers months through it, and a profile's data goes
// with it (profile/profileData.ts). Whose month a load is: the profile's name, base URL and account.
import type { MonthViewResult } from '../../core/client.js';
import type { MonthScope, MonthStore } from '../../core/store/monthStore.js';

/** The profile fields a stored month is filed under. */
export interface ScopeProfile {
  name: string;
  baseUrl: string;
  accountId?: string;
}

function monthScope(profile: ScopeProfile, instanceId: string): MonthScope {
  return { profile: profile.name, baseUrl: profile.baseUrl, account: profile.accountId ?? '', instanceId };
}

export interface StoredMonths {
  /** The store's directory (tests). */
  readonly dir: string;
  /** The stored month, or undefined (off, not stored, or unreadable: the store logs and deletes the latter). */
  read(profile: ScopeProfile, instanceId: string, monthId: string): Promise<MonthViewResult | undefined>;
  /** Keeps the answer if the service reports its month as finished; written later, in a batch. */
  offer(profile: ScopeProfile, instanceId: string, monthId: string, result: MonthViewResult): void;
  /** Deletes every stored month of profile `name` (sign-out, removal, Replace Profile, Stop Demo). */
  clearProfile(name: string): Promise<unknown>;
  /** Deletes every stored month; resolves with how many. */
  clearAll(): Promise<number>;
  /** Writes what is waiting for its batch. */
  flush(): Promise<void>;
  /** Month files on disk now (tests). */
  files(): Promise<string[]>;
  dispose(): void;
}

/** `create` builds the store (loading dist/core.js) the first time a month is read, offered or cleared. */
export function lazyStoredMonths(dir: string, create: () => MonthStore): StoredMonths {
  let store: MonthStore | undefined;
  const s = (): MonthStore => (store ??= create());
  return {
    dir,
    read: (p, i, m) => s().get(monthScope(p, i), m),
    offer: (p, i, m, r) => void s().put(monthScope(p, i), m, r),
    clearProfile: (name) => s().clearProfile(name),
    clearAll: () => s().clearAll(),
    flush: async () => store?.flush(),
    files: () => s().files(),
    dispose: () => void store?.dispose(),
  };
}
