// voiceSms.signOut: deletes a profile's credentials from SecretStorage after a modal confirmation,
// keeping its settings (base URL, account, instances) unless the user also removes the profile.
// `{ name?, removeProfile? }` names the profile and the choice (default: the active profile), but
// still asks first: a command link in a notification or hover could carry those arguments.
// Returns `{ profile, profileRemoved }`, or undefined when cancelled or nobody is signed in.
import * as vscode from 'vscode';
import { CONTEXT_KEYS, SETTINGS, SETTINGS_SECTION } from '../../shared/ids.js';
import { forgetProfileData } from '../profile/profileData.js';
import { profileNames, withoutProfile } from '../profile/profileList.js';
import type { HostServices } from '../services.js';
import type { HostCommand } from './hostCommand.js';
import { VIEW } from './menuWhen.js';
import { readProfileArg, type ProfileArg } from './profileArg.js';

interface SignOutResult {
  profile: string;
  profileRemoved: boolean;
}

// No `failure`: an unknown profile name is thrown back to the caller that passed it.
export const command: HostCommand<ProfileArg | undefined> = {
  manifest: {
    title: 'Sign Out',
    palette: CONTEXT_KEYS.signedIn,
    menus: [{ menu: 'view/title', when: `${VIEW.account} && ${CONTEXT_KEYS.signedIn}`, group: '1_profile@2' }],
  },
  parseArg: readProfileArg,
  async run(services, a): Promise<SignOutResult | undefined> {
    if (a) {
      const name = a.name ?? services.config.activeProfile?.name;
      if (name === undefined) throw new Error(vscode.l10n.t('There is no active profile to sign out of.'));
      if (!services.config.settings.profiles.some((p) => p.name === name)) {
        throw new Error(vscode.l10n.t('There is no profile named "{0}".', name));
      }
      if (!(await confirmArgumentSignOut(services, name, a.removeProfile))) return undefined;
      return signOut(services, name, a.removeProfile);
    }
    return signOutInteractively(services);
  },
};

async function signOutInteractively(services: HostServices): Promise<SignOutResult | undefined> {
  const profile = services.config.activeProfile;
  if (!profile) {
    void vscode.window.showInformationMessage(vscode.l10n.t('You are not signed in.'));
    return undefined;
  }
  const signOutOnly = vscode.l10n.t('Sign Out');
  const andRemove = vscode.l10n.t('Sign Out and Remove Profile');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Sign out of profile "{0}"?', profile.name),
    {
      modal: true,
      detail: vscode.l10n.t(
        'Its access key id and secret access key are deleted from the editor\'s secret storage. Its settings (base URL, account ID, voice instances) are kept, so signing in again with the same name restores them. Choose "{0}" to delete those too.',
        andRemove,
      ),
    },
    signOutOnly,
    andRemove,
  );
  if (choice === undefined) return undefined;
  const result = await signOut(services, profile.name, choice === andRemove);
  void vscode.window.showInformationMessage(
    result.profileRemoved
      ? vscode.l10n.t('Signed out; profile "{0}" and its credentials were removed.', result.profile)
      : vscode.l10n.t(
          'Signed out of profile "{0}". Its settings (base URL, account ID, voice instances) are kept; only the credentials were deleted.',
          result.profile,
        ),
  );
  return result;
}

/** The modal for an argument-driven sign-out; true only when the user chose the action the arguments asked for. */
async function confirmArgumentSignOut(services: HostServices, name: string, removeProfile: boolean): Promise<boolean> {
  const button = removeProfile ? vscode.l10n.t('Sign Out and Remove Profile') : vscode.l10n.t('Sign Out');
  const detail = removeProfile
    ? vscode.l10n.t(
        'Its credentials, its settings (base URL, account ID, voice instances), its Sent SMS history, SMS draft and balance readings are deleted.',
      )
    : vscode.l10n.t("Its access key id and secret access key are deleted from the editor's secret storage. Its settings are kept.");
  return (await services.confirmations.ask(vscode.l10n.t('Sign out of profile "{0}"?', name), detail, button)) === button;
}

async function signOut(services: HostServices, name: string, removeProfile: boolean): Promise<SignOutResult> {
  await services.secrets.delete(name);
  // Its finished months go with the credentials: whoever signs in next under this name may be another account.
  if (!removeProfile) await services.storedMonths.clearProfile(name);
  if (removeProfile) {
    await forgetProfileData(services, name);
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const remaining = withoutProfile(config.inspect<unknown>(SETTINGS.profiles)?.globalValue, name);
    await services.config.update(SETTINGS.profiles, remaining);
    if (config.inspect<string>(SETTINGS.activeProfile)?.globalValue === name) {
      // Another profile that can still talk to the service, if there is one; else the default (first).
      let next = '';
      for (const candidate of profileNames(remaining)) {
        if (await services.secrets.get(candidate)) {
          next = candidate;
          break;
        }
      }
      await services.config.update(SETTINGS.activeProfile, next);
    }
  }
  await services.session.refresh();
  services.log.info(`Signed out of profile "${name}"${removeProfile ? ' and removed it' : '; its settings are kept'}.`);
  return { profile: name, profileRemoved: removeProfile };
}
