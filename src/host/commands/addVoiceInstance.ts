// voiceSms.addVoiceInstance { instanceId? }: adds a voice instance to the active profile (user settings)
// so it shows in the Voice Instances view. Asks for the id when none is given. Returns the instance id
// (also when it was already listed), or undefined when the user backed out or it was refused (shown).
import * as vscode from 'vscode';
import { validateId } from '../../core/model/ids.js';
import { COMMANDS } from '../../shared/ids.js';
import { errorMessage, showError } from '../platform/errors.js';
import { changeProfileInstances } from './instanceSettings.js';
import { readPanelArgs } from './panelArgs.js';
import { registerCommand, type RegisterCommand } from './register.js';

export const register: RegisterCommand = (ctx, services) => {
  registerCommand(ctx, COMMANDS.addVoiceInstance, async (arg?: unknown) => {
    const title = vscode.l10n.t('Add Voice Instance');
    const prompted = readPanelArgs(arg).instanceId === undefined;
    try {
      await services.clients.active();
      const listed = services.config.instances;
      const instanceId =
        readPanelArgs(arg).instanceId ??
        (await vscode.window
          .showInputBox({
            title,
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
    } catch (e) {
      void showError(services.log, title, e);
      if (!prompted) throw e;
      return undefined;
    }
  });
};
