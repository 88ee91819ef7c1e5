// The spec type every command file exports as its table entry (commands/table.ts), bound to this
// extension's services and context. Apart from table.ts, so command files do not import the table back.
import type * as vscode from 'vscode';
import type { HostServices } from '../services.js';
import type { CommandSpec } from './runCommand.js';

export type HostCommand<Arg = unknown> = CommandSpec<HostServices, vscode.ExtensionContext, Arg>;
