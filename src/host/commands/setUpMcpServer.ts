// voiceSms.setUpMcpServer: what another agent needs to run this extension's MCP server with the active profile's
// non-secret settings, in that agent's own way (shared/mcpAgents.ts: a config file, TOML, a command line, an install
// link). The server is first copied to a path that survives extension updates (mcp/stableServer.ts) and run by a
// runtime found on this machine (mcp/runtime.ts). Shown in an untitled editor and copied; the message says where it
// goes, how the secret gets there without being written to a file or typed on a command line, and what else the
// user must know. In a remote window (vscode.env.remoteName) that path is on the remote machine: agents started
// there get the configuration, desktop agents on the user's own computer are told what works from there instead.
// Inside VS Code the chat tools are the way in, so nothing is registered here. In the offline demo every agent gets
// the server's own --demo (this window's simulator and its credentials live only as long as the window), and the
// Claude Code command line is written for PowerShell where this window's terminals run on Windows.
// Argument object: { client?: McpClient, show?: boolean } (show false: only copy) → the snippet, or undefined when
// cancelled or signed out.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { AGENT_PLACE, mcpSnippet } from '../../shared/mcpAgents.js';
import { MCP_CLIENTS, type McpClient, type McpSnippet } from '../../shared/mcpSetup.js';
import { mcpRuntime } from '../mcp/runtime.js';
import { copyMcpServer } from '../mcp/refreshCopy.js';
import { CONTEXT_KEYS, DEMO_PROFILE_NAME } from '../../shared/ids.js';
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
    case 'windsurf':
      return vscode.l10n.t('Windsurf');
    case 'codex':
      return vscode.l10n.t('Codex CLI');
    case 'gemini':
      return vscode.l10n.t('Gemini CLI');
  }
}

/** The quick pick's second line: what this agent gets from here. */
function clientDetail(c: McpClient, remote: string | undefined): string {
  const place = AGENT_PLACE[c];
  if (remote === undefined) {
    if (c === 'claudeCode') return vscode.l10n.t('a claude mcp add-json command line');
    if (c === 'codex') return vscode.l10n.t('a config.toml table');
    if (c === 'vscode' || c === 'cursor') return vscode.l10n.t('a configuration and an install link');
    return vscode.l10n.t('a configuration file entry');
  }
  if (place === 'desktop')
    return c === 'claudeDesktop'
      ? vscode.l10n.t('runs on your own computer: install the MCP Bundle there')
      : vscode.l10n.t('runs on your own computer: set it up from a local window');
  if (place === 'editor') return vscode.l10n.t('the remote user configuration: the server runs on {0}', remote);
  return vscode.l10n.t("when started on {0}, as in this window's terminal", remote);
}

function language(s: McpSnippet): string {
  switch (s.format) {
    case 'jsonc':
      return 'jsonc';
    case 'json':
      return 'json';
    case 'toml':
      return 'toml';
    case 'shell':
      return 'shellscript';
    case 'powershell':
      return 'powershell';
  }
}

function readArg(arg: unknown): { client?: McpClient; show: boolean } {
  const o = typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>) : {};
  const client = MCP_CLIENTS.find((c) => c === o['client']);
  return { ...(client ? { client } : {}), show: o['show'] !== false };
}

export const command: HostCommand<{ client?: McpClient; show: boolean }> = {
  manifest: {
    title: 'Set Up MCP Server for Another Client…',
    palette: CONTEXT_KEYS.signedIn,
  },
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
    const remoteName = services.place.remoteName;
    const client =
      options.client ??
      (
        await vscode.window.showQuickPick(
          MCP_CLIENTS.map((c) => ({ label: clientLabel(c), detail: clientDetail(c, remoteName), client: c })),
          {
            title: vscode.l10n.t('Set Up MCP Server for Another Client'),
            placeHolder:
              remoteName === undefined
                ? vscode.l10n.t('Which agent should run the Voice & SMS tools?')
                : vscode.l10n.t('This window runs on {0}: which agent should run the Voice & SMS tools?', remoteName),
          },
        )
      )?.client;
    if (!client) return undefined;
    const s = services.config.settings;
    const http = vscode.workspace.getConfiguration('http');
    const noProxy = http.get<unknown>('noProxy');
    const elsewhere = remoteName !== undefined && AGENT_PLACE[client] === 'desktop';
    // Activation refreshes this copy after an update, since one now exists (extension.ts). A desktop agent seen
    // from a remote window gets no path of this machine, so nothing is copied for it.
    const launcher = elsewhere ? '' : await copyMcpServer(ctx);
    const snippet = mcpSnippet(client, {
      server: elsewhere ? { command: '', args: [], env: {}, source: 'path' } : await mcpRuntime(launcher),
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
      remoteName,
      platform: services.place.platform,
      demo: profile.name === DEMO_PROFILE_NAME,
    });
    if (snippet.offer === 'elsewhere') {
      void vscode.window.showInformationMessage(snippet.notes.join(' '));
      return snippet;
    }
    await vscode.env.clipboard.writeText(snippet.text);
    if (options.show) {
      const doc = await vscode.workspace.openTextDocument({ language: language(snippet), content: snippet.text });
      await vscode.window.showTextDocument(doc, { preview: false });
    }
    const copied =
      snippet.format === 'shell' || snippet.format === 'powershell'
        ? vscode.l10n.t(
            'Copied the {0} command that adds the Voice & SMS MCP server (key "{1}"); run it in {2}. {3}',
            clientLabel(client),
            snippet.key,
            snippet.file,
            snippet.secretNote,
          )
        : vscode.l10n.t(
            'Copied the {0} configuration of the Voice & SMS MCP server (key "{1}"); paste it into {2}. {3}',
            clientLabel(client),
            snippet.key,
            snippet.file,
            snippet.secretNote,
          );
    const copyLink = vscode.l10n.t('Copy Install Link');
    const link = snippet.link;
    void vscode.window.showInformationMessage([copied, ...snippet.notes].join(' '), ...(link ? [copyLink] : [])).then(async (choice) => {
      if (choice === copyLink && link) await vscode.env.clipboard.writeText(link);
    });
    return snippet;
  },
};
