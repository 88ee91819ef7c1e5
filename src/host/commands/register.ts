// The shape every command file exports, and the one place a handler is bound to its id.
import * as vscode from 'vscode';
import type { CommandId } from '../../shared/ids.js';
import type { HostServices } from '../services.js';

export type RegisterCommand = (ctx: vscode.ExtensionContext, services: HostServices) => void;

/** Registers `handler` under `id` for the lifetime of the extension. */
export function registerCommand(
  ctx: vscode.ExtensionContext,
  id: CommandId,
  handler: (...args: unknown[]) => unknown,
): void {
  ctx.subscriptions.push(vscode.commands.registerCommand(id, handler));
}
