// Writes one voice instance into (or out of) the active profile's list in the user settings, and waits
// until the session has seen the change, so the tree and the `hasInstances` key are current on return.
// A list goes in with one write (addProfileInstances), never one write per id.
import * as vscode from 'vscode';
import { SETTINGS, SETTINGS_SECTION } from '../../shared/ids.js';
import { NotSignedInError } from '../profile/clients.js';
import { addInstances, editInstances, type InstanceEdit } from '../profile/instanceList.js';
import type { HostServices } from '../services.js';

export async function changeProfileInstances(services: HostServices, instanceId: string, op: 'add' | 'remove'): Promise<InstanceEdit> {
  const profile = services.config.activeProfile;
  if (!profile) throw new NotSignedInError();
  // Profiles are machine-scoped: only the user (global) value holds them.
  const raw = vscode.workspace.getConfiguration(SETTINGS_SECTION).inspect<unknown>(SETTINGS.profiles)?.globalValue;
  const { list, result } = editInstances(raw, profile.name, instanceId, op);
  if (result === 'added' || result === 'removed') {
    await services.config.update(SETTINGS.profiles, list, vscode.ConfigurationTarget.Global);
  }
  await services.session.refresh();
  return result;
}

/** Appends the ids the active profile lacks, in one settings write; returns those it wrote, or 'noProfile'. */
export async function addProfileInstances(services: HostServices, ids: readonly string[]): Promise<string[] | 'noProfile'> {
  const profile = services.config.activeProfile;
  if (!profile) throw new NotSignedInError();
  const raw = vscode.workspace.getConfiguration(SETTINGS_SECTION).inspect<unknown>(SETTINGS.profiles)?.globalValue;
  const { list, added } = addInstances(raw, profile.name, ids);
  if (added !== 'noProfile' && added.length > 0) {
    await services.config.update(SETTINGS.profiles, list, vscode.ConfigurationTarget.Global);
  }
  await services.session.refresh();
  return added;
}
