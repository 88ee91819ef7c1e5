// Activation's half of the commands: every id of product.md registered with a stub that loads
// dist/features.js on first use and calls the handler its file binds (commands/index.ts, register.ts).
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { loadCommandFeatures } from '../bundles/commandsContract.js';
import type { HostServices } from '../services.js';

export function registerLazyCommands(ctx: vscode.ExtensionContext, services: HostServices): void {
  for (const id of Object.values(COMMANDS)) {
    ctx.subscriptions.push(
      vscode.commands.registerCommand(id, (...args: unknown[]) => {
        // Always defined: commands/index.ts has a registrar for every CommandId (the type requires it).
        return loadCommandFeatures().commandHandler(ctx, services, id)?.(...args);
      }),
    );
  }
}
