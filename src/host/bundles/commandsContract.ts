// What dist/features.js offers the command stubs and the chat-tool wrappers: the handlers and the
// tools take every service, so this half of the contract lives apart from featuresContract.ts,
// which the services' own modules (panels, demo handle) load through.
import type * as vscode from 'vscode';
import type { CommandId } from '../../shared/ids.js';
import type { ChatTools } from '../chat/tools.js';
import type { HostServices } from '../services.js';
import { loadFeatures } from './featuresLoader.js';
import type { FeaturesContract } from './featuresContract.js';

export interface CommandsContract {
  /** Runs command `id` through the one wrapper (commands/table.ts, commands/runCommand.ts). */
  runTableCommand(ctx: vscode.ExtensionContext, services: HostServices, id: CommandId, raw: unknown): Promise<unknown>;
  /** The ids the command table has an entry for (test/integration/commandTable.test.ts). */
  commandTableIds(): string[];
  /** The language-model tools' implementations (chat/register.ts loads them on the first invocation). */
  createChatTools(services: HostServices): ChatTools;
}

/** dist/features.js with its command half typed; bundles/contractCheck.ts checks that it keeps this contract. */
export function loadCommandFeatures(): FeaturesContract & CommandsContract {
  return loadFeatures() as FeaturesContract & CommandsContract;
}
