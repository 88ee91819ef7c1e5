// Every agent's own way to add the MCP server, each generated from the one description in mcpSetup.ts: VS Code
// (mcp.json with password inputs, and its install link), Cursor (mcp.json and its install link), Claude Code (a
// `claude mcp add-json` command line), Claude Desktop (the bundle, or its config file), Windsurf (mcp_config.json),
// Codex CLI (config.toml) and Gemini CLI (settings.json). No output holds a credential: each names where the agent
// reads it from (a password input, or a variable of the agent's own environment), so neither a file nor the shell's
// history holds it. In a remote window, agents that run on the user's own computer get what works there instead.
import {
  describeMcpServer,
  setupNotes,
  type McpClient,
  type McpSecret,
  type McpServerDescription,
  type McpSetupInput,
  type McpSnippet,
} from './mcpSetup.js';

/** Where an agent runs: the editor itself, the user's own computer (a desktop app), or wherever its CLI is started. */
export const AGENT_PLACE: Record<McpClient, 'editor' | 'desktop' | 'cli'> = {
  vscode: 'editor',
  cursor: 'desktop',
  claudeDesktop: 'desktop',
  windsurf: 'desktop',
  claudeCode: 'cli',
  codex: 'cli',
  gemini: 'cli',
};

/** The agents' names as their makers write them (notes are English, like the server's own texts). */
const AGENT_NAME: Record<McpClient, string> = {
  vscode: 'VS Code',
  cursor: 'Cursor',
  claudeCode: 'Claude Code',
  claudeDesktop: 'Claude Desktop',
  windsurf: 'Windsurf',
  codex: 'Codex CLI',
  gemini: 'Gemini CLI',
};

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The env block with each credential given as `ref(secret)`. */
function envWith(d: McpServerDescription, ref: (s: McpSecret) => string): Record<string, string> {
  return { ...d.env, ...Object.fromEntries(d.secrets.map((s) => [s.name, ref(s)])) };
}

function variables(d: McpServerDescription): string {
  return d.secrets.map((s) => s.variable).join(' and ');
}

/** A POSIX shell word: single-quoted, a quote inside written as '\'' . */
function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** UTF-8 bytes in base64, without Node's Buffer (this module is vscode- and platform-free). */
function base64(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** A TOML basic string (the escapes TOML 1.0 defines for basic strings). */
function tomlString(value: string): string {
  let out = '"';
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c === 0x7f) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A TOML key: bare when TOML allows it, else quoted. */
function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}

type Generated = Pick<McpSnippet, 'file' | 'format' | 'text' | 'secretNote'> & { link?: string; workspaceFiles: boolean };

function vscodeConfig(d: McpServerDescription, remote: boolean): Generated {
  const inputs = d.secrets.map((s) => ({ type: 'promptString', id: s.inputId, description: s.description, password: true }));
  const server = { type: 'stdio', command: d.command, args: d.args, env: envWith(d, (s) => `\${input:${s.inputId}}`) };
  return {
    file: remote
      ? 'the remote user mcp.json ("MCP: Open Remote User Configuration"), or .vscode/mcp.json in this workspace: VS Code then starts the server on the remote machine, where its path is'
      : 'the user mcp.json ("MCP: Open User Configuration"), or .vscode/mcp.json in a workspace',
    format: 'jsonc',
    text: json({ inputs, servers: { [d.key]: server } }),
    // The link adds the server to the local user profile, which a remote window's path does not fit.
    ...(remote ? {} : { link: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: d.key, ...server, inputs }))}` }),
    secretNote:
      'VS Code asks for the access key id and the secret the first time it starts the server (password inputs) and keeps them in its own secret storage; nothing secret is in the file or the link.',
    workspaceFiles: true,
  };
}

function cursorConfig(d: McpServerDescription): Generated {
  const server = { command: d.command, args: d.args, env: envWith(d, (s) => `\${env:${s.variable}}`) };
  return {
    file: '~/.cursor/mcp.json (or .cursor/mcp.json in a project)',
    format: 'json',
    text: json({ mcpServers: { [d.key]: server } }),
    link: `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(d.key)}&config=${encodeURIComponent(base64(JSON.stringify(server)))}`,
    secretNote: `Cursor fills \${env:…} from its own environment: set ${variables(d)} where Cursor is started (your shell profile or the OS's user environment), never in the file.`,
    workspaceFiles: true,
  };
}

function windsurfConfig(d: McpServerDescription): Generated {
  const server = { command: d.command, args: d.args, env: envWith(d, (s) => `\${env:${s.variable}}`) };
  return {
    file: '~/.codeium/windsurf/mcp_config.json (Windsurf: Settings → Cascade → MCP Servers → View raw config)',
    format: 'json',
    text: json({ mcpServers: { [d.key]: server } }),
    secretNote: `Windsurf fills \${env:…} from its own environment: set ${variables(d)} where Windsurf is started (your shell profile or the OS's user environment), never in the file.`,
    workspaceFiles: false,
  };
}

function claudeCodeCommand(d: McpServerDescription): Generated {
  const server = { type: 'stdio', command: d.command, args: d.args, env: envWith(d, (s) => `\${${s.variable}}`) };
  const words = ['claude', 'mcp', 'add-json', d.key, JSON.stringify(server), '--scope', 'user'];
  return {
    file: 'a terminal (a POSIX shell such as bash or zsh): Claude Code adds it to your user configuration, for every project',
    format: 'shell',
    text: `${words.map(shellQuote).join(' ')}\n`,
    secretNote: `The command holds no secret, so the shell's history holds none: it names ${variables(d)}, which Claude Code passes to the server from the environment it runs in. Export them in your shell profile (or the OS's user environment) before starting claude, not on the command line.`,
    workspaceFiles: false,
  };
}

function claudeDesktopConfig(d: McpServerDescription): Generated {
  return {
    file: 'claude_desktop_config.json (Claude Desktop: Settings → Developer → Edit Config)',
    format: 'json',
    text: json({ mcpServers: { [d.key]: { command: d.command, args: d.args, env: d.env } } }),
    secretNote: `Claude Desktop has no password input and no expansion: it gives the server only the variables listed. Prefer the one-click bundle (voice-sms-toolkit-<version>.mcpb), which keeps the secret in the OS keychain; otherwise add ${d.secrets[0].name} and ${d.secrets[1].name} to "env" yourself only if that file is as private as a password store.`,
    workspaceFiles: false,
  };
}

function codexConfig(d: McpServerDescription): Generated {
  const env = envWith(d, (s) => `\${${s.variable}}`);
  const table = `mcp_servers.${tomlKey(d.key)}`;
  const lines = [
    `[${table}]`,
    `command = ${tomlString(d.command)}`,
    `args = [${d.args.map(tomlString).join(', ')}]`,
    // Codex passes only the variables listed here from its own environment; the server reads each ${…} below from them.
    `env_vars = [${d.secrets.map((s) => tomlString(s.variable)).join(', ')}]`,
    '',
    `[${table}.env]`,
    ...Object.entries(env).map(([k, v]) => `${tomlKey(k)} = ${tomlString(v)}`),
  ];
  return {
    file: '~/.codex/config.toml (Codex CLI; or .codex/config.toml in a trusted project)',
    format: 'toml',
    text: `${lines.join('\n')}\n`,
    secretNote: `Codex CLI passes ${variables(d)} from the environment it runs in (env_vars), and the server reads the two credentials from them; export them in your shell profile, never in the file.`,
    workspaceFiles: true,
  };
}

function geminiConfig(d: McpServerDescription): Generated {
  const server = { command: d.command, args: d.args, env: envWith(d, (s) => `\${${s.variable}}`) };
  return {
    file: '"mcpServers" in ~/.gemini/settings.json (Gemini CLI; or .gemini/settings.json in a project)',
    format: 'json',
    text: json({ mcpServers: { [d.key]: server } }),
    secretNote: `Gemini CLI fills \${…} from the environment it runs in: export ${variables(d)} in your shell profile before starting gemini, never in the file.`,
    workspaceFiles: true,
  };
}

const GENERATORS: Record<McpClient, (d: McpServerDescription, remote: boolean) => Generated> = {
  vscode: vscodeConfig,
  cursor: cursorConfig,
  claudeCode: claudeCodeCommand,
  claudeDesktop: claudeDesktopConfig,
  windsurf: windsurfConfig,
  codex: codexConfig,
  gemini: geminiConfig,
};

/** A desktop agent seen from a remote window: what works from the user's own computer instead. */
function elsewhere(client: McpClient, d: McpServerDescription, remoteName: string): McpSnippet {
  const name = AGENT_NAME[client];
  const why = `This window runs on a remote machine (${remoteName}): the server's path and runtime are there, and ${name} runs on your own computer, where they do not exist.`;
  const instead =
    client === 'claudeDesktop'
      ? "Install the MCP Bundle (voice-sms-toolkit-<version>.mcpb) in Claude Desktop instead: it brings its own copy of the server, runs it with Claude Desktop's Node.js, and keeps the credentials in the OS keychain."
      : `Set it up from your own computer instead: install this extension in a local editor window there, sign in, and run Set Up MCP Server for Another Client… for ${name} in that window.`;
  return { client, key: d.key, file: '', format: 'json', text: '', offer: 'elsewhere', secretNote: '', notes: [why, instead] };
}

export function mcpSnippet(client: McpClient, input: McpSetupInput): McpSnippet {
  const d = describeMcpServer(input);
  const remote = input.remoteName !== undefined && input.remoteName !== '';
  if (remote && AGENT_PLACE[client] === 'desktop') return elsewhere(client, d, input.remoteName!);
  const g = GENERATORS[client](d, remote);
  const notes = setupNotes(input, g.workspaceFiles);
  if (remote && AGENT_PLACE[client] === 'cli') {
    notes.unshift(
      `This window runs on a remote machine (${input.remoteName}): this works for ${AGENT_NAME[client]} started there (in this window's terminal, for example), where the server's path is; on your own computer, set it up from a local window.`,
    );
  }
  return {
    client,
    key: d.key,
    file: g.file,
    format: g.format,
    text: g.text,
    ...(g.link ? { link: g.link } : {}),
    offer: 'config',
    secretNote: g.secretNote,
    notes,
  };
}
