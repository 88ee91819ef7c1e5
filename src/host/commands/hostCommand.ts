// The spec every command file exports as its table entry (commands/table.ts): how it runs, bound to this
// extension's services and context, and what package.json declares about it (npm run commands:manifest writes
// that from here). Apart from table.ts, so command files do not import the table back.
import type * as vscode from 'vscode';
import type { HostServices } from '../services.js';
import type { CommandManifest } from './manifest.js';
import type { CommandSpec } from './runCommand.js';

export type HostCommand<Arg = unknown> = CommandSpec<HostServices, vscode.ExtensionContext, Arg> & { manifest: CommandManifest };
