// Registers the language-model tools (contributes.languageModelTools) with thin wrappers: activation
// only records six names; the implementations (tools.ts and what it pulls in, in dist/features.js)
// load on the first invocation. An editor without the language-model API simply gets no tools.
import * as vscode from 'vscode';
import { CHAT_TOOLS } from '../../shared/ids.js';
import type { HostServices } from '../services.js';
import { loadCommandFeatures } from '../bundles/commandsContract.js';
import type { ChatTools } from './tools.js';

export function registerChatTools(ctx: vscode.ExtensionContext, services: HostServices): void {
  if (typeof vscode.lm?.registerTool !== 'function') return;
  let loaded: Promise<ChatTools> | undefined;
  const tools = (): Promise<ChatTools> => (loaded ??= Promise.resolve().then(() => loadCommandFeatures().createChatTools(services)));
  for (const name of Object.values(CHAT_TOOLS)) {
    ctx.subscriptions.push(
      vscode.lm.registerTool<Record<string, unknown>>(name, {
        invoke: async (options, token) => (await tools())[name].invoke(options, token),
        prepareInvocation: async (options, token) => (await tools())[name].prepareInvocation?.(options, token),
      }),
    );
  }
}
