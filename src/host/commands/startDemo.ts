// voiceSms.startDemo: runs the simulator inside the extension host and switches to the
// "Demo (offline)" profile (src/host/demo/demoMode.ts). No prompts; returns the demo profile's name.
// Running it again while the demo runs starts nothing new and returns the same name.
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { showError } from '../platform/errors.js';
import { registerCommand, type RegisterCommand } from './register.js';

export const register: RegisterCommand = (ctx, services) => {
  registerCommand(ctx, COMMANDS.startDemo, async () => {
    try {
      return await services.demo.start();
    } catch (e) {
      void showError(services.log, vscode.l10n.t('Starting the offline demo'), e);
      // Shown once here; rethrowing would add the editor's own "command failed" toast.
      return undefined;
    }
  });
};
