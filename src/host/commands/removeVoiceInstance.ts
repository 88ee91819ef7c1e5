// voiceSms.removeVoiceInstance { instanceId? } (or the tree row): removes a voice instance from the
// active profile. Without an argument, a quick pick of the profile's instances. Returns the removed id,
// or undefined when the user backed out or nothing could be removed (said why).
import * as vscode from 'vscode';
import { changeProfileInstances } from './instanceSettings.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { ROW } from './menuWhen.js';
import { readPanelArgs, type PanelArgs } from './panelArgs.js';

const title = (): string => vscode.l10n.t('Remove Voice Instance');

export const command: HostCommand<PanelArgs> = {
  manifest: {
    title: 'Remove Voice Instance…',
    icon: 'trash',
    palette: CONTEXT_KEYS.hasInstances,
    menus: [{ menu: 'view/item/context', when: ROW.profileInstance, group: '9_remove@1' }],
  },
  parseArg: readPanelArgs,
  failure: { title },
  async run(services, { instanceId: given }) {
    const own = services.config.activeProfile?.voiceInstances ?? [];
    let instanceId = given;
    if (!instanceId) {
      if (own.length === 0) {
        void vscode.window.showInformationMessage(vscode.l10n.t('The active profile has no voice instances to remove.'));
        return undefined;
      }
      instanceId = await vscode.window.showQuickPick(own, {
        title: title(),
        placeHolder: vscode.l10n.t('Voice instance to remove'),
        ignoreFocusOut: true,
      });
      if (!instanceId) return undefined;
    }
    if (!own.includes(instanceId)) {
      // Pinned instances belong to the workspace's settings, which the user may share with a team.
      const pinned = services.config.settings.workspaceInstances.includes(instanceId);
      void vscode.window.showInformationMessage(
        pinned
          ? vscode.l10n.t('{0} is pinned by this workspace. Remove it from the setting voiceSms.workspaceInstances.', instanceId)
          : vscode.l10n.t('{0} is not a voice instance of the active profile.', instanceId),
      );
      return undefined;
    }
    await changeProfileInstances(services, instanceId, 'remove');
    services.months.forget(instanceId);
    services.log.info(`voice instance ${instanceId}: removed from the active profile`);
    return instanceId;
  },
};
