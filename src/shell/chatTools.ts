// Registers the language-model tools (contributes.languageModelTools) with thin wrappers: activation
// only reads their names from the manifest (written from the tool specs by npm run tools:manifest); the
// implementations (tools.ts and what it pulls in, in dist/features.js) load on the first invocation. An
// editor without the language-model API simply gets no tools.
import * as vscode from 'vscode';
import type { HostServices } from '../host/services.js';
import { loadFeatures } from './featuresLoader.js';
import type { ChatTools } from '../host/chat/tools.js';

export function registerChatTools(ctx: vscode.ExtensionContext, services: HostServices): void {
  if (typeof vscode.lm?.registerTool !== 'function') return;
  let loaded: Promise<ChatTools> | undefined;
  const tools = (): Promise<ChatTools> => (loaded ??= Promise.resolve().then(() => loadFeatures().createChatTools(services)));
  for (const name of chatToolNames(ctx.extension.packageJSON)) {
    const tool = async (): Promise<vscode.LanguageModelTool<Record<string, unknown>>> => {
      const t = (await tools())[name];
      if (!t) throw new Error(vscode.l10n.t('No tool of this extension is named {0}.', name));
      return t;
    };
    ctx.subscriptions.push(
      vscode.lm.registerTool<Record<string, unknown>>(name, {
        invoke: async (options, token) => (await tool()).invoke(options, token),
        prepareInvocation: async (options, token) => (await tool()).prepareInvocation?.(options, token),
      }),
    );
  }
}

/** The tool names package.json contributes (the specs' chat names; test/unit/tools/manifest.test.ts keeps them equal). */
function chatToolNames(packageJSON: unknown): string[] {
  const tools = (packageJSON as { contributes?: { languageModelTools?: unknown } }).contributes?.languageModelTools;
  return Array.isArray(tools) ? tools.flatMap((t: { name?: unknown }) => (typeof t.name === 'string' ? [t.name] : [])) : [];
}
