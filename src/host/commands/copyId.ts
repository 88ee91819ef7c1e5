// voiceSms.copyId (tree rows' context menu): copies the row's id — the instance id of an instance row,
// YYYYMM of a month row. Returns the copied text.
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { showError } from '../platform/errors.js';
import { readPanelArgs } from './panelArgs.js';
import { registerCommand, type RegisterCommand } from './register.js';

export const register: RegisterCommand = (ctx, services) => {
  registerCommand(ctx, COMMANDS.copyId, async (arg?: unknown) => {
    try {
      const { instanceId, monthId } = readPanelArgs(arg);
      const text = monthId ?? instanceId;
      if (!text) return undefined;
      await vscode.env.clipboard.writeText(text);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', text), 3000);
      return text;
    } catch (e) {
      void showError(services.log, vscode.l10n.t('Copy ID'), e);
      return undefined;
    }
  });
};
