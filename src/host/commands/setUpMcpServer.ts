// voiceSms.setUpMcpServer: the configuration another agent needs to run this extension's MCP server with the
// active profile's non-secret settings. The server is first copied to a path that survives extension updates
// (mcp/stableServer.ts) and run by a runtime found on this machine (mcp/runtime.ts). Shown in an untitled editor
// and copied; the message says where it goes, how the secret gets there without being written to a file, and
// what else the user must know. Inside VS Code the chat tools are the way in, so nothing is registered here.
// Argument object: { client?: 'vscode' | 'cursor' | 'claudeCode' | 'claudeDesktop', show?: boolean }
// (show false: only copy) → the snippet shown, or undefined when cancelled or signed out.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { MCP_CLIENTS, mcpSnippet, type McpClient, type McpSnippet } from '../../shared/mcpSetup.js';
import { mcpRuntime } from '../mcp/runtime.js';
import { copyMcpServer } from '../mcp/refreshCopy.js';
import type { HostCommand } from './hostCommand.js';

function clientLabel(c: McpClient): string {
  switch (c) {
    case 'vscode':
      return vscode.l10n.t('VS Code (mcp.json)');
    case 'cursor':
      return vscode.l10n.t('Cursor');
    case 'claudeCode':
      return vscode.l10n.t('Claude Code');
    case 'claudeDesktop':
      return vscode.l10n.t('Claude Desktop');
  }
}

function readArg(arg: unknown): { client?: McpClient; show: boolean } {
  const o = typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>) : {};
  const client = MCP_CLIENTS.find((c) => c === o['client']);
  return { ...(client ? { client } : {}), show: o['show'] !== false };
}

export const command: HostCommand<{ client?: McpClient; show: boolean }> = {
  parseArg: readArg,
  failure: { title: () => vscode.l10n.t('Set Up MCP Server') },
  async run(services, options, ctx): Promise<McpSnippet | undefined> {
    const profile = services.config.activeProfile;
    if (!profile) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t("Sign in first: the MCP server configuration uses the active profile's base URL, account and voice instances."),
      );
      return undefined;
    }
    const client =
      options.client ??
      (
        await vscode.window.showQuickPick(
          MCP_CLIENTS.map((c) => ({ label: clientLabel(c), client: c })),
          {
            title: vscode.l10n.t('Set Up MCP Server for Another Client'),
            placeHolder: vscode.l10n.t('Which agent should run the Voice & SMS tools?'),
          },
        )
      )?.client;
    if (!client) return undefined;
    // Activation refreshes this copy after an update, since one now exists (extension.ts).
    const launcher = await copyMcpServer(ctx);
    const s = services.config.settings;
    const http = vscode.workspace.getConfiguration('http');
    const noProxy = http.get<unknown>('noProxy');
    const snippet = mcpSnippet(client, {
      server: await mcpRuntime(launcher),
      profile: {
        name: profile.name,
        baseUrl: profile.baseUrl,
        accountId: profile.accountId,
        voiceInstances: services.config.instances,
        senderIds: profile.senderIds,
      },
      profileNames: s.profiles.map((p) => p.name),
      settings: {
        authForm: s.authForm,
        authSignature: s.authSignature,
        authScheme: s.authScheme,
        caFile: s.tlsCaFile,
        defaultRegion: s.smsDefaultRegion,
      },
      network: {
        proxy: http.get<string>('proxy') ?? '',
        noProxy: Array.isArray(noProxy) ? noProxy.filter((x): x is string => typeof x === 'string') : [],
      },
      home: os.homedir(),
    });
    await vscode.env.clipboard.writeText(snippet.text);
    if (options.show) {
      const doc = await vscode.workspace.openTextDocument({ language: client === 'vscode' ? 'jsonc' : 'json', content: snippet.text });
      await vscode.window.showTextDocument(doc, { preview: false });
    }
    void vscode.window.showInformationMessage(
      [
        vscode.l10n.t(
          'Copied the {0} configuration of the Voice & SMS MCP server (key "{1}"); paste it into {2}. {3}',
          clientLabel(client),
          snippet.key,
          snippet.file,
          snippet.secretNote,
        ),
        ...snippet.notes,
      ].join(' '),
    );
    return snippet;
  },
};
