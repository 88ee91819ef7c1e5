// Commands whose feature is not built yet are still registered (the palette, menus and welcome
// buttons must never hit "command not found"); they say so honestly. Replace `pending(id)` in
// ./index.ts with the command's own file when the feature lands.
import * as vscode from 'vscode';
import type { CommandId } from '../../shared/ids.js';
import { registerCommand, type RegisterCommand } from './register.js';
import { comingLaterMessage, commandTitle } from './titles.js';

export function pending(id: CommandId): RegisterCommand {
  return (ctx, services) => {
    registerCommand(ctx, id, () => {
      const message = comingLaterMessage(commandTitle(ctx.extension.packageJSON, id));
      services.log.info(message);
      // Not awaited: the toast resolves only when dismissed, and a caller must not hang on it.
      void vscode.window.showInformationMessage(message);
      return undefined;
    });
  };
}
