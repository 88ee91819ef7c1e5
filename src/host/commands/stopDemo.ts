// voiceSms.stopDemo: stops the in-editor simulator, removes the demo profile and its secret, and
// makes the previously active profile active again. Returns that profile's name (or undefined).
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { showError } from '../platform/errors.js';
import { registerCommand, type RegisterCommand } from './register.js';

export const register: RegisterCommand = (ctx, services) => {
  registerCommand(ctx, COMMANDS.stopDemo, async () => {
    try {
      return await services.demo.stop();
    } catch (e) {
      void showError(services.log, vscode.l10n.t('Stopping the offline demo'), e);
      // Shown once here; rethrowing would add the editor's own "command failed" toast.
      return undefined;
    }
  });
};
