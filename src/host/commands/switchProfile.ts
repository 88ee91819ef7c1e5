// voiceSms.switchProfile: a quick pick of the profiles (the active one marked) that switches in
// one click; `{ name }` switches without UI. Returns the active profile's name. The session,
// client and views follow through the settings change (session.onDidChange).
import * as vscode from 'vscode';
import { COMMANDS, SETTINGS } from '../../shared/ids.js';
import type { HostServices } from '../services.js';
import type { HostCommand } from './hostCommand.js';
import { VIEW } from './menuWhen.js';
import { readProfileArg, type ProfileArg } from './profileArg.js';

// No `failure`: an unknown profile name is thrown back to the caller that passed it.
export const command: HostCommand<ProfileArg | undefined> = {
  manifest: {
    title: 'Switch Profile…',
    menus: [{ menu: 'view/title', when: VIEW.account, group: '1_profile@1' }],
  },
  parseArg: readProfileArg,
  run: (services, a) => (a?.name !== undefined ? switchTo(services, a.name, false) : pickAndSwitch(services)),
};

/** Throws for an unknown name; otherwise makes it active and waits for the session to follow. */
async function switchTo(services: HostServices, name: string, interactive: boolean): Promise<string> {
  if (!services.config.settings.profiles.some((p) => p.name === name)) {
    throw new Error(vscode.l10n.t('There is no profile named "{0}".', name));
  }
  if (services.config.activeProfile?.name !== name) await services.config.update(SETTINGS.activeProfile, name);
  const snapshot = await services.session.refresh();
  services.log.info(`Switched to profile "${name}"${snapshot.signedIn ? '' : ' (no stored credentials)'}.`);
  if (interactive && !snapshot.signedIn) {
    const signIn = vscode.l10n.t('Sign In');
    void vscode.window
      .showWarningMessage(vscode.l10n.t('Profile "{0}" has no stored credentials. Sign in again with this name to use it.', name), signIn)
      .then((choice) => (choice === signIn ? vscode.commands.executeCommand(COMMANDS.signIn) : undefined));
  }
  return name;
}

interface ProfileItem extends vscode.QuickPickItem {
  profile?: string;
}

async function pickAndSwitch(services: HostServices): Promise<string | undefined> {
  const { profiles } = services.config.settings;
  const active = services.config.activeProfile?.name;
  const items: ProfileItem[] = [];
  for (const p of profiles) {
    const signedIn = (await services.secrets.get(p.name)) !== undefined;
    const notes = [p.name === active ? vscode.l10n.t('active') : '', signedIn ? '' : vscode.l10n.t('signed out')].filter(Boolean);
    items.push({
      label: p.name,
      iconPath: new vscode.ThemeIcon(p.name === active ? 'check' : 'blank'),
      description: notes.join(' · '),
      detail: [p.baseUrl, p.accountId].filter(Boolean).join(' · '),
      profile: p.name,
    });
  }
  if (items.length > 0) items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push({ label: vscode.l10n.t('$(add) Sign in with a new profile…') });

  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Switch Profile'),
    placeHolder: profiles.length > 0 ? vscode.l10n.t('Choose the profile to use') : vscode.l10n.t('No profiles yet'),
    matchOnDetail: true,
  });
  if (!picked) return undefined;
  if (picked.profile === undefined) return vscode.commands.executeCommand<string | undefined>(COMMANDS.signIn);
  return switchTo(services, picked.profile, true);
}
