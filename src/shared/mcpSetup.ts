// The configuration snippets "Set Up MCP Server for Another Client…" shows: the runtime and the stable server
// path (src/host/mcp/), the active profile's non-secret values, for the common agents' own formats. The access key
// id and the secret are never written: each snippet takes them the way its client can without a file holding them
// (VS Code's password input, Cursor's and Claude Code's ${…} expansion of their own environment). Each profile
// has its own server key, input ids and variable names, so several profiles live side by side in one file.
// Pure, so the formats are unit-tested; the command (src/host/commands/setUpMcpServer.ts) only shows them.

export const MCP_SERVER_NAME = 'voice-sms-toolkit';

export const MCP_CLIENTS = ['vscode', 'cursor', 'claudeCode', 'claudeDesktop'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** How the client starts the server: the runtime, the stable launcher, and what the runtime needs in its environment. */
export interface McpRuntime {
  command: string;
  args: string[];
  /** ELECTRON_RUN_AS_NODE=1 when the runtime is the editor's own Electron binary. */
  env: Record<string, string>;
  /** 'path': a Node.js found on PATH; 'editor': the editor's own runtime (no suitable Node.js on PATH). */
  source: 'path' | 'editor';
}

export interface McpSetupInput {
  server: McpRuntime;
  profile: {
    name: string;
    baseUrl: string;
    accountId?: string | undefined;
    voiceInstances: readonly string[];
    senderIds: readonly string[];
  };
  /** Every profile name, so that two names with the same slug still get different keys. */
  profileNames?: readonly string[];
  /** The editor's settings that travel; defaults are left out (the server has the same ones). */
  settings: {
    authForm: string;
    authSignature: string;
    authScheme: string;
    caFile: string;
    defaultRegion: string;
  };
  /** http.proxy and http.noProxy. */
  network: { proxy: string; noProxy: readonly string[] };
  /** The user's home folder: paths below it are named in the note on workspace files. */
  home: string;
}

export interface McpSnippet {
  client: McpClient;
  /** The key of this profile's server in the client's file: voice-sms-<profile slug>. */
  key: string;
  /** Where the snippet goes, for the message beside it. */
  file: string;
  /** JSON (JSONC for VS Code) to paste as is. */
  text: string;
  /** How the two credentials reach the server with this client. */
  secretNote: string;
  /** Other things the user must know (paths into the home folder, proxy credentials left out); may be empty. */
  notes: string[];
}

const KEY_ID = 'VOICESMS_ACCESS_KEY_ID';
const SECRET = 'VOICESMS_SECRET_ACCESS_KEY';

/** The server's own defaults (src/mcp/config.ts, the voiceSms.auth.* defaults): not written. */
const DEFAULTS = { authForm: 'seed', authSignature: 'hmac-sha256', authScheme: 'CLOUD-V1' } as const;

/** A short stable hash (FNV-1a, 32 bit) for names whose slug is empty or shared. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function plainSlug(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return ascii
    .split(/[^a-z0-9]+/)
    .filter((p) => p !== '')
    .join('-')
    .slice(0, 40);
}

/**
 * Lowercase letters, digits and dashes from the profile name ("Demo (offline)" → "demo-offline"); a name with
 * none of those, or whose slug another profile shares, gets a hash of its own name appended.
 */
export function profileSlug(name: string, allNames: readonly string[] = []): string {
  const slug = plainSlug(name);
  const shared = allNames.some((other) => other !== name && plainSlug(other) === slug);
  if (slug === '') return `profile-${shortHash(name)}`;
  return shared ? `${slug}-${shortHash(name)}` : slug;
}

/** http.proxy without a user name or password (those are secrets); undefined when unset or unusable. */
function proxyWithoutCredentials(raw: string): { url: string; hadCredentials: boolean } | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  let u: URL;
  try {
    u = new URL(value.includes('://') ? value : `http://${value}`);
  } catch {
    return undefined;
  }
  const hadCredentials = u.username !== '' || u.password !== '';
  return { url: `${u.protocol}//${u.host}`, hadCredentials };
}

/** The variables that are not secret, in the order the server documents them. */
function publicEnv(input: McpSetupInput): Record<string, string> {
  const { profile: p, settings: s } = input;
  const proxy = proxyWithoutCredentials(input.network.proxy);
  const noProxy = input.network.noProxy.map((h) => h.trim()).filter((h) => h !== '');
  return {
    VOICESMS_BASE_URL: p.baseUrl,
    ...(p.accountId ? { VOICESMS_ACCOUNT_ID: p.accountId } : {}),
    ...(p.voiceInstances.length > 0 ? { VOICESMS_VOICE_INSTANCES: p.voiceInstances.join(',') } : {}),
    ...(p.senderIds.length > 0 ? { VOICESMS_SENDER_IDS: p.senderIds.join(',') } : {}),
    VOICESMS_PROFILE: p.name,
    ...(s.authForm !== DEFAULTS.authForm ? { VOICESMS_AUTH_FORM: s.authForm } : {}),
    ...(s.authSignature !== DEFAULTS.authSignature ? { VOICESMS_AUTH_SIGNATURE: s.authSignature } : {}),
    ...(s.authScheme !== DEFAULTS.authScheme ? { VOICESMS_AUTH_SCHEME: s.authScheme } : {}),
    ...(s.caFile.trim() !== '' ? { VOICESMS_CA_FILE: s.caFile.trim() } : {}),
    ...(s.defaultRegion.trim() !== '' ? { VOICESMS_DEFAULT_REGION: s.defaultRegion.trim().toUpperCase() } : {}),
    ...(proxy ? { HTTPS_PROXY: proxy.url } : {}),
    ...(noProxy.length > 0 ? { NO_PROXY: noProxy.join(',') } : {}),
    ...input.server.env,
  };
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Absolute paths the snippet names inside the home folder (the runtime, the launcher, the CA file). */
function homePaths(input: McpSetupInput): string[] {
  const home = input.home;
  if (home === '') return [];
  const inHome = (p: string): boolean => p.startsWith(`${home}/`) || p.startsWith(`${home}\\`);
  return [input.server.command, ...input.server.args, input.settings.caFile].filter((p) => p !== '' && inHome(p));
}

function notesFor(client: McpClient, input: McpSetupInput): string[] {
  const notes: string[] = [];
  const inHome = homePaths(input);
  if (inHome.length > 0 && client !== 'claudeDesktop') {
    notes.push(
      `The snippet names files in your home folder (${inHome.join(', ')}): keep it in your user configuration; in a workspace or project file it works only for you on this machine, so do not commit it.`,
    );
  }
  if (proxyWithoutCredentials(input.network.proxy)?.hadCredentials) {
    notes.push(
      'The proxy of http.proxy is written without its user name and password: if it asks for them (407), give them as HTTPS_PROXY in the environment the client starts from, never in this file.',
    );
  }
  if (input.server.source === 'editor') {
    notes.push(
      `No Node.js 20.18 or newer was found on PATH, so the server runs with the editor's own runtime (${input.server.command}); if an editor update moves it, run this command again.`,
    );
  }
  return notes;
}

/** SLUG in upper case with underscores, for per-profile environment variable names. */
function envInfix(slug: string): string {
  return slug.toUpperCase().replace(/-/g, '_');
}

export function mcpSnippet(client: McpClient, input: McpSetupInput): McpSnippet {
  const slug = profileSlug(input.profile.name, input.profileNames);
  const key = `voice-sms-${slug}`;
  const server = { command: input.server.command, args: input.server.args };
  const env = publicEnv(input);
  const notes = notesFor(client, input);
  // Per-profile variable names for the clients that expand the environment: two profiles in one file need two secrets.
  const idVar = `VOICESMS_${envInfix(slug)}_ACCESS_KEY_ID`;
  const secretVar = `VOICESMS_${envInfix(slug)}_SECRET_ACCESS_KEY`;
  switch (client) {
    case 'vscode': {
      const idInput = `voicesms-${slug}-access-key-id`;
      const secretInput = `voicesms-${slug}-secret-access-key`;
      return {
        client,
        key,
        file: 'the user mcp.json ("MCP: Open User Configuration"), or .vscode/mcp.json in a workspace',
        text: json({
          inputs: [
            {
              type: 'promptString',
              id: idInput,
              description: `Voice & SMS access key id (profile ${input.profile.name})`,
              password: true,
            },
            {
              type: 'promptString',
              id: secretInput,
              description: `Voice & SMS secret access key (profile ${input.profile.name})`,
              password: true,
            },
          ],
          servers: {
            [key]: {
              type: 'stdio',
              ...server,
              env: { ...env, [KEY_ID]: `\${input:${idInput}}`, [SECRET]: `\${input:${secretInput}}` },
            },
          },
        }),
        secretNote:
          'VS Code asks for the access key id and the secret the first time it starts the server (password inputs) and keeps them in its own secret storage; nothing secret is in the file.',
        notes,
      };
    }
    case 'cursor':
      return {
        client,
        key,
        file: '~/.cursor/mcp.json (or .cursor/mcp.json in a project)',
        text: json({
          mcpServers: {
            [key]: { ...server, env: { ...env, [KEY_ID]: `\${env:${idVar}}`, [SECRET]: `\${env:${secretVar}}` } },
          },
        }),
        secretNote: `Cursor fills \${env:…} from its own environment: set ${idVar} and ${secretVar} where Cursor is started (your shell profile or the OS's user environment), never in the file.`,
        notes,
      };
    case 'claudeCode':
      return {
        client,
        key,
        file: '"mcpServers" in ~/.claude.json (every project), or .mcp.json in a project (Claude Code)',
        text: json({
          mcpServers: {
            [key]: { type: 'stdio', ...server, env: { ...env, [KEY_ID]: `\${${idVar}}`, [SECRET]: `\${${secretVar}}` } },
          },
        }),
        secretNote: `Claude Code expands \${…} from the environment it runs in: export ${idVar} and ${secretVar} in the shell that starts it, never in the file.`,
        notes,
      };
    case 'claudeDesktop':
      return {
        client,
        key,
        file: 'claude_desktop_config.json (Claude Desktop: Settings → Developer → Edit Config)',
        text: json({ mcpServers: { [key]: { ...server, env } } }),
        secretNote: `Claude Desktop has no password input and no expansion: it gives the server only the variables listed. Prefer the one-click bundle (voice-sms-toolkit-<version>.mcpb), which keeps the secret in the OS keychain; otherwise add ${KEY_ID} and ${SECRET} to "env" yourself only if that file is as private as a password store.`,
        notes,
      };
  }
}
