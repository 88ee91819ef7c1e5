// Activation's half of the commands: every command package.json contributes (npm run commands:manifest writes
// them from the command table) registered with a stub that loads dist/features.js on first use and runs the
// id's entry of the command table there (commands/table.ts). The ids come from the manifest the editor has
// already read, so activation loads no command code and a new command needs no line here.
import * as vscode from 'vscode';
import { loadFeatures } from './featuresLoader.js';
import type { HostServices } from '../host/services.js';

export function registerLazyCommands(ctx: vscode.ExtensionContext, services: HostServices): void {
  const { contributes } = ctx.extension.packageJSON as { contributes: { commands: { command: string }[] } };
  for (const { command: id } of contributes.commands) {
    ctx.subscriptions.push(vscode.commands.registerCommand(id, (arg?: unknown) => loadFeatures().runTableCommand(ctx, services, id, arg)));
  }
}
