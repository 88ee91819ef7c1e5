// voiceSms.addVoiceInstance { instanceId? }: adds a voice instance to the active profile (user settings)
// so it shows in the Voice Instances view. Asks for the id when none is given. Returns the instance id
// (also when it was already listed), or undefined when the user backed out or it was refused (shown).
import * as vscode from 'vscode';
import { validateId } from '../../core/model/ids.js';
import { errorMessage } from '../platform/errors.js';
import type { HostCommand } from './hostCommand.js';
import { changeProfileInstances } from './instanceSettings.js';
import { readPanelArgs, type PanelArgs } from './panelArgs.js';
import { isArgObject } from './runCommand.js';

const title = (): string => vscode.l10n.t('Add Voice Instance');

export const command: HostCommand<PanelArgs> = {
  parseArg: readPanelArgs,
  // Given an instance id (a program, a test): the failure is shown and also thrown back.
  failure: { title, throwBack: (raw) => (isArgObject(raw) && raw.instanceId != null ? 'shown' : false) },
  async run(services, args) {
    await services.clients.active();
    const listed = services.config.instances;
    const instanceId =
      args.instanceId ??
      (await vscode.window
        .showInputBox({
          title: title(),
          prompt: vscode.l10n.t('ID of the voice instance (the {0} part of /v1/vvoice/{0}/calls)', '{VVINS}'),
          placeHolder: 'VI-…',
          ignoreFocusOut: true,
          validateInput: (v) => {
            try {
              const id = validateId('instanceId', v);
              return listed.includes(id)
                ? { message: vscode.l10n.t('{0} is already listed.', id), severity: vscode.InputBoxValidationSeverity.Info }
                : undefined;
            } catch (e) {
              return errorMessage(e);
            }
          },
        })
        .then((v) => (v === undefined ? undefined : validateId('instanceId', v))));
    if (!instanceId) return undefined;
    const result = await changeProfileInstances(services, instanceId, 'add');
    services.log.info(`voice instance ${instanceId}: ${result === 'added' ? 'added to' : 'already in'} the active profile`);
    if (result === 'noProfile') {
      throw new Error(vscode.l10n.t('The active profile is not in your user settings, so its voice instances cannot be changed here.'));
    }
    return instanceId;
  },
};
