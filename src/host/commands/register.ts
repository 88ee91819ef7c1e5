// The shape every command file exports, and the one place a handler is bound to its id. Command files
// live in the lazily loaded dist/features.js: activation registers every id with a stub
// (commands/lazy.ts) and the first call loads this bundle, runs the registrars once and collects here
// the handler each one binds to its id.
import type * as vscode from 'vscode';
import type { CommandId } from '../../shared/ids.js';
import type { HostServices } from '../services.js';

export type RegisterCommand = (ctx: vscode.ExtensionContext, services: HostServices) => void;
export type CommandHandler = (...args: unknown[]) => unknown;

const handlers = new Map<CommandId, CommandHandler>();

/** Binds `handler` to `id` for the lifetime of the extension (called by the registrars, once). */
export function registerCommand(_ctx: vscode.ExtensionContext, id: CommandId, handler: CommandHandler): void {
  handlers.set(id, handler);
}

/** The handler a registrar bound to `id`, if any. */
export function registeredHandler(id: CommandId): CommandHandler | undefined {
  return handlers.get(id);
}
