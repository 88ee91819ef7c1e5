// Everything the editor keeps about one profile besides its settings entry and its credentials, listed in one
// place. Removing a profile (Sign Out and Remove, Replace Profile over its name, Stop Offline Demo) walks this
// list, so a later profile of the same name inherits none of another account's messages, drafts or spending.
// A store added later registers itself here with `register` (a finished-months cache, for instance); the
// integration test test/integration/profileData.test.ts lists every storage key before and after a removal.
// No vscode import: the list is unit-tested.
import type { BalanceModel } from '../balance/model.js';
import type { SmsDrafts } from '../sms/draft.js';
import type { SmsHistory } from '../sms/history.js';

/** One kind of per-profile data and how to delete it. */
export interface ProfileStorage {
  /** What it keeps, as the log and the docs name it. */
  readonly what: string;
  /** Deletes what it keeps for `profile`, and nothing of any other profile. */
  forget(profile: string): Promise<void>;
}

export class ProfileData {
  private readonly storages: ProfileStorage[] = [];

  /** Adds a store to the list removal walks; dispose() takes it off again. */
  register(storage: ProfileStorage): { dispose(): void } {
    this.storages.push(storage);
    return {
      dispose: () => {
        const i = this.storages.indexOf(storage);
        if (i >= 0) this.storages.splice(i, 1);
      },
    };
  }

  /** What is registered, in order. */
  get kinds(): string[] {
    return this.storages.map((s) => s.what);
  }

  /** Deletes everything registered for `profile`. A store that fails does not spare the others; the first failure is thrown after. */
  async forget(profile: string): Promise<void> {
    const failures: unknown[] = [];
    for (const storage of [...this.storages]) {
      try {
        await storage.forget(profile);
      } catch (e) {
        failures.push(e);
      }
    }
    if (failures.length > 0) throw failures[0];
  }
}

/** The stores every window has from activation on: the list. */
export interface ProfileStores {
  smsHistory: Pick<SmsHistory, 'clear'>;
  drafts: Pick<SmsDrafts, 'forget'>;
  balance: Pick<BalanceModel, 'forgetReadings'>;
}

/**
 * Today's per-profile data (all in globalState, keyed by the profile's name): the Sent SMS history, the unsent
 * draft and the last sent SMS (full number and text), and the balance readings behind the days-left estimate.
 * Not here: the credentials (SecretStorage; Sign Out deletes them whether or not the profile goes), the settings
 * entry (removed by the command itself), the demo's "profile to return to" (a name only, cleared when the demo
 * stops), and what lives in memory only (raw SMS answers, the month cache), gone with the window.
 */
export function profileDataOf(stores: ProfileStores): ProfileData {
  const data = new ProfileData();
  data.register({ what: 'Sent SMS history', forget: (p) => stores.smsHistory.clear(p) });
  data.register({ what: 'SMS draft and last sent SMS', forget: (p) => stores.drafts.forget(p) });
  data.register({ what: 'balance readings', forget: (p) => stores.balance.forgetReadings(p) });
  return data;
}

export interface ProfileDataStores {
  readonly profileData: Pick<ProfileData, 'forget'>;
}

/** Deletes everything kept for profile `name` (the registered list above). */
export async function forgetProfileData(stores: ProfileDataStores, name: string): Promise<void> {
  await stores.profileData.forget(name);
}
