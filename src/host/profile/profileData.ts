// What the editor keeps about a profile outside settings and SecretStorage: its Sent SMS history and the
// balance readings behind the days-left estimate (both in globalState), and its finished months on disk. Removing the profile removes them
// too, so a later profile of the same name does not inherit another account's messages or spending.
import type { BalanceModel } from '../balance/model.js';
import type { SmsHistory } from '../sms/history.js';
import type { StoredMonths } from '../views/storedMonths.js';

export interface ProfileDataStores {
  sms: { history: Pick<SmsHistory, 'clear'> };
  balance: { model: Pick<BalanceModel, 'forgetReadings'> };
  /** The finished months kept on disk (views/storedMonths.ts). */
  storedMonths?: Pick<StoredMonths, 'clearProfile'>;
}

/** Deletes the SMS history, balance readings and stored months kept for profile `name`. */
export async function forgetProfileData(stores: ProfileDataStores, name: string): Promise<void> {
  await stores.sms.history.clear(name);
  await stores.balance.model.forgetReadings(name);
  await stores.storedMonths?.clearProfile(name);
}
