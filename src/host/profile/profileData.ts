// Everything the editor keeps about one profile besides its settings entry and its credentials, listed in one
// place. Removing a profile (Sign Out and Remove, Replace Profile over its name, Stop Offline Demo) walks this
// list, so a later profile of the same name inherits none of another account's messages, drafts or spending.
// A store added later joins the list with registerProfileData (a finished-months cache, for instance); the
// integration test test/integration/profileData.test.ts lists every storage key before and after a removal.
// The list is a plain array built at activation; walking it (forgetProfileData) is in the features bundle.
// No vscode import: unit-tested. The stores are named by what removal needs of them (structurally), so this
// room imports none of the rooms that keep them.

/** One kind of per-profile data and how to delete it. */
export interface ProfileStorage {
  /** What it keeps, as the log and the docs name it. */
  readonly what: string;
  /** Deletes what it keeps for `profile`, and nothing of any other profile. */
  forget(profile: string): Promise<void>;
}

/** The stores every window has from activation on. */
export interface ProfileStores {
  /** sms/history.ts */
  smsHistory: { clear(profile: string): Promise<void> };
  /** sms/draft.ts */
  drafts: { forget(profile: string): Promise<void> };
  /** balance/model.ts */
  balance: { forgetReadings(profile: string): Promise<void> };
  /** The finished months kept on disk (months/storedMonths.ts). */
  storedMonths?: { clearProfile(name: string): Promise<unknown> };
}

/**
 * Today's per-profile data (all in globalState, keyed by the profile's name): the Sent SMS history, the unsent
 * draft and the last sent SMS (full number and text), the balance readings behind the days-left estimate, and the
 * finished months kept on disk (global storage, one folder per profile hash).
 * Not here: the credentials (SecretStorage; Sign Out deletes them whether or not the profile goes), the settings
 * entry (removed by the command itself), the demo's "profile to return to" (a name only, cleared when the demo
 * stops), and what lives in memory only (raw SMS answers, the month cache), gone with the window.
 */
export function profileDataOf(stores: ProfileStores): ProfileStorage[] {
  const { storedMonths } = stores;
  return [
    { what: 'Sent SMS history', forget: (p) => stores.smsHistory.clear(p) },
    { what: 'SMS draft and last sent SMS', forget: (p) => stores.drafts.forget(p) },
    { what: 'balance readings', forget: (p) => stores.balance.forgetReadings(p) },
    ...(storedMonths
      ? [{ what: 'finished months stored on disk', forget: async (p: string) => void (await storedMonths.clearProfile(p)) }]
      : []),
  ];
}

/** Adds a store to the list removal walks (services.profileData); dispose() takes it off again. */
export function registerProfileData(list: ProfileStorage[], storage: ProfileStorage): { dispose(): void } {
  list.push(storage);
  return {
    dispose: () => {
      const i = list.indexOf(storage);
      if (i >= 0) list.splice(i, 1);
    },
  };
}

export interface ProfileDataStores {
  readonly profileData: readonly ProfileStorage[];
}

/**
 * Deletes everything kept for profile `name`: every store of the list. A store that fails does not spare the
 * others; the first failure is thrown after.
 */
export async function forgetProfileData(stores: ProfileDataStores, name: string): Promise<void> {
  const failures: unknown[] = [];
  for (const storage of [...stores.profileData]) {
    try {
      await storage.forget(name);
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length > 0) throw failures[0];
}
