// One description of the MCP server "Set Up MCP Server for Another Client…" configures: the runtime and the stable
// server path (src/host/mcp/), the active profile's non-secret values, and the two credentials by name only (the
// variable each agent reads them from, VS Code's input id). Every agent's own format is generated from it in
// mcpAgents.ts. The access key id and the secret are never written. Each profile has its own server key, input ids
// and variable names, so several profiles live side by side in one file. Pure, so the formats are unit-tested.

export const MCP_CLIENTS = ['vscode', 'cursor', 'claudeCode', 'claudeDesktop', 'windsurf', 'codex', 'gemini'] as const;
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
  /** vscode.env.remoteName: set when this window's extension host runs on another machine (ssh-remote, wsl, …). */
  remoteName?: string | undefined;
  /**
   * process.platform of the machine the agent's command line runs on: the extension host's, which in a remote
   * window is the remote machine's. 'win32' gets the PowerShell form of a command line, any other a POSIX one.
   */
  platform?: string | undefined;
  /**
   * The offline demo's profile is active: its simulator lives only as long as this window and its credentials were
   * never shown, so the server is given its own `--demo` instead (a simulator of its own, no account, no credential).
   */
  demo?: boolean | undefined;
}

export interface McpSnippet {
  client: McpClient;
  /** The key of this profile's server in the client's file: voice-sms-<profile slug>. */
  key: string;
  /** Where the snippet goes, for the message beside it. */
  file: string;
  /** What `text` is written in: a file's JSON (JSONC for VS Code), TOML, or a command line for a POSIX shell or PowerShell. */
  format: 'json' | 'jsonc' | 'toml' | 'shell' | 'powershell';
  /** The configuration to paste as is, or the command to run; empty when this window cannot set the agent up (see `offer`). */
  text: string;
  /** The agent's own install link (VS Code, Cursor), when it has one and it works from this window. */
  link?: string;
  /**
   * 'config': `text` works where the agent runs. 'elsewhere': the agent runs on the user's own computer and this
   * window's server path is on a remote machine: `notes` say what to do instead (the bundle, or a local window).
   */
  offer: 'config' | 'elsewhere';
  /** How the two credentials reach the server with this client. */
  secretNote: string;
  /** Other things the user must know (paths into the home folder, proxy credentials left out); may be empty. */
  notes: string[];
}

const KEY_ID = 'VOICESMS_ACCESS_KEY_ID';
const SECRET = 'VOICESMS_SECRET_ACCESS_KEY';

/** One credential as the description names it: never its value, only where each agent reads it from. */
export interface McpSecret {
  /** The variable the server reads: VOICESMS_ACCESS_KEY_ID or VOICESMS_SECRET_ACCESS_KEY. */
  name: typeof KEY_ID | typeof SECRET;
  /** The profile's own variable in the agent's environment: VOICESMS_<SLUG>_ACCESS_KEY_ID. */
  variable: string;
  /** VS Code's password input id. */
  inputId: string;
  /** What the input box asks for. */
  description: string;
}

/** The server as every agent starts it: generated per agent by mcpAgents.ts. */
export interface McpServerDescription {
  /** voice-sms-<profile slug>. */
  key: string;
  command: string;
  args: string[];
  /** The non-secret variables, in the order the server documents them. */
  env: Record<string, string>;
  /** The access key id and the secret; none for the demo, whose server needs no account. */
  secrets: readonly McpSecret[];
  profileName: string;
  /** The server runs with `--demo`. */
  demo: boolean;
}

/** The server's flag for its built-in simulator (src/mcp/config.ts DEMO_FLAG; a unit test holds them equal). */
export const MCP_DEMO_FLAG = '--demo';

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

/** Absolute paths the snippet names inside the home folder (the runtime, the launcher, the CA file). */
function homePaths(input: McpSetupInput): string[] {
  const home = input.home;
  if (home === '') return [];
  const inHome = (p: string): boolean => p.startsWith(`${home}/`) || p.startsWith(`${home}\\`);
  // The demo's entry writes no CA file (its simulator is in the server's own process).
  const caFile = input.demo === true ? '' : input.settings.caFile;
  return [input.server.command, ...input.server.args, caFile].filter((p) => p !== '' && inHome(p));
}

/** What the user must know besides the snippet; `workspaceFiles`: the agent also reads project files that might be committed. */
export function setupNotes(input: McpSetupInput, workspaceFiles: boolean): string[] {
  const notes: string[] = [];
  if (input.demo === true) {
    notes.push(
      'This is the offline demo: the server starts a simulator of its own, with made-up data, and nothing leaves this computer. To use your account instead, sign in with your profile and run Set Up MCP Server for Another Client… again.',
    );
  }
  const inHome = homePaths(input);
  if (inHome.length > 0 && workspaceFiles) {
    notes.push(
      `The snippet names files in your home folder (${inHome.join(', ')}): keep it in your user configuration; in a workspace or project file it works only for you on this machine, so do not commit it.`,
    );
  }
  if (input.demo !== true && proxyWithoutCredentials(input.network.proxy)?.hadCredentials) {
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

export function describeMcpServer(input: McpSetupInput): McpServerDescription {
  const slug = profileSlug(input.profile.name, input.profileNames);
  const infix = envInfix(slug);
  const name = input.profile.name;
  if (input.demo === true) {
    // The server ignores every VOICESMS_* variable with --demo: only what the runtime itself needs is written.
    const args = [...input.server.args, MCP_DEMO_FLAG];
    return {
      key: `voice-sms-${slug}`,
      command: input.server.command,
      args,
      env: { ...input.server.env },
      secrets: [],
      profileName: name,
      demo: true,
    };
  }
  return {
    key: `voice-sms-${slug}`,
    command: input.server.command,
    args: [...input.server.args],
    env: publicEnv(input),
    secrets: [
      {
        name: KEY_ID,
        variable: `VOICESMS_${infix}_ACCESS_KEY_ID`,
        inputId: `voicesms-${slug}-access-key-id`,
        description: `Voice & SMS access key id (profile ${name})`,
      },
      {
        name: SECRET,
        variable: `VOICESMS_${infix}_SECRET_ACCESS_KEY`,
        inputId: `voicesms-${slug}-secret-access-key`,
        description: `Voice & SMS secret access key (profile ${name})`,
      },
    ],
    profileName: name,
    demo: false,
  };
}
