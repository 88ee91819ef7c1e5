// Every agent's own way to add the MCP server, each generated from the one description in mcpSetup.ts: VS Code
// (mcp.json with password inputs, and its install link), Cursor (mcp.json and its install link), Claude Code (a
// `claude mcp add-json` command line), Claude Desktop (the bundle, or its config file), Windsurf (mcp_config.json),
// Codex CLI (config.toml) and Gemini CLI (settings.json). No output holds a credential: each names where the agent
// reads it from (a password input, or a variable of the agent's own environment), so neither a file nor the shell's
// history holds it. In a remote window, agents that run on the user's own computer get what works there instead.
// In the offline demo every agent gets the server's own --demo: no account, so no credential to name at all.
import {
  describeMcpServer,
  setupNotes,
  type McpClient,
  type McpSecret,
  type McpServerDescription,
  type McpSetupInput,
  type McpSnippet,
} from './mcpSetup.js';
import { posixWord, powershellWord } from './shellWords.js';

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

/** command, args and env, the env left out when empty (the demo's entry needs none). */
function entry(d: McpServerDescription, env: Record<string, string>): { command: string; args: string[]; env?: Record<string, string> } {
  return { command: d.command, args: d.args, ...(Object.keys(env).length > 0 ? { env } : {}) };
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

/** Where the snippet is used: a remote window's machine, and whether a command line is for PowerShell (Windows). */
interface Place {
  remote: boolean;
  powershell: boolean;
}

function vscodeConfig(d: McpServerDescription, { remote }: Place): Generated {
  const inputs = d.secrets.map((s) => ({ type: 'promptString', id: s.inputId, description: s.description, password: true }));
  const server = {
    type: 'stdio',
    ...entry(
      d,
      envWith(d, (s) => `\${input:${s.inputId}}`),
    ),
  };
  const withInputs = inputs.length > 0 ? { inputs } : {};
  return {
    file: remote
      ? 'the remote user mcp.json ("MCP: Open Remote User Configuration"), or .vscode/mcp.json in this workspace: VS Code then starts the server on the remote machine, where its path is'
      : 'the user mcp.json ("MCP: Open User Configuration"), or .vscode/mcp.json in a workspace',
    format: 'jsonc',
    text: json({ ...withInputs, servers: { [d.key]: server } }),
    // The link adds the server to the local user profile, which a remote window's path does not fit.
    ...(remote ? {} : { link: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: d.key, ...server, ...withInputs }))}` }),
    secretNote:
      'VS Code asks for the access key id and the secret the first time it starts the server (password inputs) and keeps them in its own secret storage; nothing secret is in the file or the link.',
    workspaceFiles: true,
  };
}

function cursorConfig(d: McpServerDescription): Generated {
  const server = entry(
    d,
    envWith(d, (s) => `\${env:${s.variable}}`),
  );
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
  const server = entry(
    d,
    envWith(d, (s) => `\${env:${s.variable}}`),
  );
  return {
    file: '~/.codeium/windsurf/mcp_config.json (Windsurf: Settings → Cascade → MCP Servers → View raw config)',
    format: 'json',
    text: json({ mcpServers: { [d.key]: server } }),
    secretNote: `Windsurf fills \${env:…} from its own environment: set ${variables(d)} where Windsurf is started (your shell profile or the OS's user environment), never in the file.`,
    workspaceFiles: false,
  };
}

/**
 * The JSON of `claude mcp add-json` for PowerShell, with no whitespace and no cmd.exe metacharacter left raw (each
 * written as a \u escape, which JSON reads back as the same character): Windows PowerShell 5.1 wraps an argument
 * in quotes by where it sees spaces, and npm's claude.cmd passes it through cmd.exe, so neither may find any.
 */
function argumentJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\s&|<>^%]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The PowerShell variable the command line keeps the JSON in (a name no one else uses). */
const PS_VARIABLE = '$voiceSmsMcp';

/**
 * PowerShell 7.3 and newer pass an argument's double quotes to a program as they are ($PSNativeCommandArgumentPassing
 * 'Standard', or 'Windows' for an .exe); Windows PowerShell 5.1 and 'Legacy' drop them unless each is written \"
 * (with the backslashes before it doubled, as Windows programs read their command line). The line escapes them only
 * where they would be dropped, so one paste works in either.
 */
function powershellLines(key: string, json: string): string[] {
  return [
    `${PS_VARIABLE} = ${powershellWord(json)}`,
    `if ($PSNativeCommandArgumentPassing -notin 'Standard', 'Windows') { ${PS_VARIABLE} = ${PS_VARIABLE} -replace '(\\\\*)"', '$1$1\\"' }`,
    `claude mcp add-json ${powershellWord(key)} ${PS_VARIABLE} --scope user`,
  ];
}

function claudeCodeCommand(d: McpServerDescription, { powershell }: Place): Generated {
  const server = {
    type: 'stdio',
    ...entry(
      d,
      envWith(d, (s) => `\${${s.variable}}`),
    ),
  };
  const shell = powershell ? 'PowerShell' : 'a POSIX shell such as bash or zsh';
  const profile = powershell ? 'your PowerShell profile ($PROFILE)' : 'your shell profile';
  const text = powershell
    ? powershellLines(d.key, argumentJson(server)).join('\n')
    : ['claude', 'mcp', 'add-json', d.key, JSON.stringify(server), '--scope', 'user'].map(posixWord).join(' ');
  return {
    file: `a terminal (${shell}): Claude Code adds it to your user configuration, for every project`,
    format: powershell ? 'powershell' : 'shell',
    text: `${text}\n`,
    secretNote: `The command holds no secret, so the shell's history holds none: it names ${variables(d)}, which Claude Code passes to the server from the environment it runs in. Set them in ${profile} (or the OS's user environment) before starting claude, not on the command line.`,
    workspaceFiles: false,
  };
}

function claudeDesktopConfig(d: McpServerDescription): Generated {
  return {
    file: 'claude_desktop_config.json (Claude Desktop: Settings → Developer → Edit Config)',
    format: 'json',
    text: json({ mcpServers: { [d.key]: entry(d, d.env) } }),
    secretNote: `Claude Desktop has no password input and no expansion: it gives the server only the variables listed. Prefer the one-click bundle (voice-sms-toolkit-<version>.mcpb), which keeps the secret in the OS keychain; otherwise add ${d.secrets.map((s) => s.name).join(' and ')} to "env" yourself only if that file is as private as a password store.`,
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
    ...(d.secrets.length > 0 ? [`env_vars = [${d.secrets.map((s) => tomlString(s.variable)).join(', ')}]`] : []),
    ...(Object.keys(env).length > 0
      ? ['', `[${table}.env]`, ...Object.entries(env).map(([k, v]) => `${tomlKey(k)} = ${tomlString(v)}`)]
      : []),
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
  const server = entry(
    d,
    envWith(d, (s) => `\${${s.variable}}`),
  );
  return {
    file: '"mcpServers" in ~/.gemini/settings.json (Gemini CLI; or .gemini/settings.json in a project)',
    format: 'json',
    text: json({ mcpServers: { [d.key]: server } }),
    secretNote: `Gemini CLI fills \${…} from the environment it runs in: export ${variables(d)} in your shell profile before starting gemini, never in the file.`,
    workspaceFiles: true,
  };
}

const GENERATORS: Record<McpClient, (d: McpServerDescription, place: Place) => Generated> = {
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
  const g = GENERATORS[client](d, { remote, powershell: input.platform === 'win32' });
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
    secretNote: d.demo ? DEMO_SECRET_NOTE : g.secretNote,
    notes,
  };
}

const DEMO_SECRET_NOTE = 'The demo needs no credentials: --demo starts a simulator inside the server, with fresh credentials of its own.';
