// voiceSms.refreshBalance: loads the active profile's balance again (with a progress notification)
// and returns it as shown, e.g. "123.45 EUR" (an unrecognised answer: its key/value rows on one
// line). From the UI (no argument: palette, view title, status bar, Account row) a failure is shown
// with "Show Log" and the command returns undefined; called with an argument object ({}), as a test
// or another extension would, the failure is thrown back with the same message.
import * as vscode from 'vscode';
import { CONTEXT_KEYS, fullSettingKey, SETTINGS } from '../../shared/ids.js';
import { NotSignedInError } from '../profile/clients.js';
import { withProgress } from '../platform/errors.js';
import type { HostCommand } from './hostCommand.js';
import { VIEW } from './menuWhen.js';

export const command: HostCommand = {
  manifest: {
    title: 'Refresh Balance',
    icon: 'refresh',
    palette: CONTEXT_KEYS.signedIn,
    menus: [{ menu: 'view/title', when: `${VIEW.account} && ${CONTEXT_KEYS.signedIn}`, group: 'navigation@1' }],
  },
  failure: {
    title: () => vscode.l10n.t('Refreshing the balance'),
    throwBack: (raw) => (typeof raw === 'object' && raw !== null ? 'unshown' : false),
  },
  async run(services) {
    const state = await withProgress(vscode.l10n.t('Refreshing the balance…'), (signal) => services.balance.model.reload(signal));
    if (state.signedOut) throw new NotSignedInError();
    if (state.noAccount) {
      throw new Error(
        vscode.l10n.t('The profile has no account id; add "accountId" to it in the setting {0}.', fullSettingKey(SETTINGS.profiles)),
      );
    }
    // With the core error's kind: a network or timeout failure then offers Check Connection.
    if (state.error) throw Object.assign(new Error(state.error.message), { kind: state.error.kind });
    return state.loaded?.shown;
  },
};
