// Activation's half of the commands: every id of product.md registered with a stub that loads
// dist/features.js on first use and runs the id's entry of the command table there (commands/table.ts).
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { loadFeatures } from './featuresLoader.js';
import type { HostServices } from '../services.js';

export function registerLazyCommands(ctx: vscode.ExtensionContext, services: HostServices): void {
  for (const id of Object.values(COMMANDS)) {
    ctx.subscriptions.push(vscode.commands.registerCommand(id, (arg?: unknown) => loadFeatures().runTableCommand(ctx, services, id, arg)));
  }
}
