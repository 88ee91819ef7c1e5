// The MCP Bundle (`voice-sms-toolkit-<version>.mcpb`) that `npm run package` writes next to the VSIX: the server
// (dist/mcp.js and the bundles it requires, src/shared/mcpServerFiles.ts) under server/, the 512 px icon, and a manifest
// whose user configuration the desktop assistant asks for at install. The access key id and the secret are
// `sensitive`, so the assistant keeps them in the OS keychain; the rest maps to the VOICESMS_* variables the server
// reads. The manifest says what a directory listing shows: the tools (from the specs, as the bundle's server lists
// them), a long description that stands on its own with what leaves the machine, and the project's links only where
// package.json names a real one. Built and checked with the format's own tool (@anthropic-ai/mcpb: `mcpb validate`,
// `mcpb pack`, `mcpb info`), offline; a line from either beyond the ones accepted below stops the build.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { BUNDLE_MANIFEST_ENV } from '../../src/mcp/settingNames.js';
import { mcpServerFiles } from '../../src/shared/mcpServerFiles.js';
import { MCP_DOOR, TOOL_SPECS } from '../../src/tools/index.js';
import { pathWithProjectNode, projectBin, repoRoot } from './paths.js';

/**
 * The newest manifest version the installed @anthropic-ai/mcpb validates (its LATEST_MANIFEST_VERSION; the tool
 * marks 0.4 experimental, but it differs from 0.3 only by the `uv` server type, which this bundle does not use).
 * test/unit/editor/mcpBundle.test.ts fails when the tool learns a newer one.
 */
export const MANIFEST_VERSION = '0.4';

/** The bundle's icon, rendered from assets/icon.svg by `npm run icon` (the size Claude Desktop recommends). */
export const BUNDLE_ICON = path.join('assets', 'mcpb-icon.png');
export const BUNDLE_ICON_SIZE = 512;

type UserConfig = Record<
  string,
  { type: 'string' | 'file'; title: string; description: string; required?: boolean; sensitive?: boolean; default?: string }
>;

/**
 * Optional fields declare `default: ""`: an assistant substitutes the default for a field left blank, where it
 * would otherwise hand the server the literal `${user_config.…}` text.
 */
const USER_CONFIG: UserConfig = {
  base_url: {
    type: 'string',
    title: 'Base URL',
    description: 'The Voice & SMS service base URL (https://, or http:// on loopback).',
    required: true,
  },
  access_key_id: {
    type: 'string',
    title: 'Access key id',
    description: 'Kept in the OS keychain by the assistant.',
    required: true,
    sensitive: true,
  },
  secret_access_key: {
    type: 'string',
    title: 'Secret access key',
    description: 'Kept in the OS keychain by the assistant; never written to a file or shown by the tools.',
    required: true,
    sensitive: true,
  },
  account_id: { type: 'string', title: 'Account id', description: 'The account whose balance get_balance reads.', default: '' },
  voice_instances: {
    type: 'string',
    title: 'Voice instances',
    description: 'Comma-separated voice instance ids that list_instances returns.',
    default: '',
  },
  sender_ids: { type: 'string', title: 'Sender ids', description: 'Comma-separated sender ids of the account.', default: '' },
  default_region: {
    type: 'string',
    title: 'Default region',
    description: 'Two-letter country code for phone numbers written without +country (empty: none).',
    default: '',
  },
  profile: { type: 'string', title: 'Profile name', description: 'A label shown in results (optional).', default: '' },
  auth_form: {
    type: 'string',
    title: 'Authentication form',
    description: 'seed (per operation, the default), signed or basic — as the editor setting voiceSms.auth.form.',
    default: 'seed',
  },
  auth_signature: {
    type: 'string',
    title: 'Signature',
    description: 'hmac-sha256 (default) or empty — as voiceSms.auth.signature.',
    default: 'hmac-sha256',
  },
  auth_scheme: {
    type: 'string',
    title: 'Authorization scheme',
    description: 'The scheme of signed requests (default CLOUD-V1) — as voiceSms.auth.scheme.',
    default: 'CLOUD-V1',
  },
  ca_file: {
    type: 'file',
    title: 'CA file',
    description: 'A PEM file of certificates to trust besides the system ones (a company proxy or a private CA).',
    default: '',
  },
};

/** user_config field → the server's environment variable. */
const ENV_OF: Record<string, string> = {
  base_url: 'VOICESMS_BASE_URL',
  access_key_id: 'VOICESMS_ACCESS_KEY_ID',
  secret_access_key: 'VOICESMS_SECRET_ACCESS_KEY',
  account_id: 'VOICESMS_ACCOUNT_ID',
  voice_instances: 'VOICESMS_VOICE_INSTANCES',
  sender_ids: 'VOICESMS_SENDER_IDS',
  default_region: 'VOICESMS_DEFAULT_REGION',
  profile: 'VOICESMS_PROFILE',
  auth_form: 'VOICESMS_AUTH_FORM',
  auth_signature: 'VOICESMS_AUTH_SIGNATURE',
  auth_scheme: 'VOICESMS_AUTH_SCHEME',
  ca_file: 'VOICESMS_CA_FILE',
};

/** What the manifest takes from package.json. */
export interface PackageFacts {
  version: string;
  publisher: string;
  license?: string;
  repository?: string | { type?: string; url?: string };
  homepage?: string;
  bugs?: string | { url?: string };
}

/**
 * Names reserved for examples and placeholders (RFC 2606, RFC 6761): a URL on one of them is not an address of the
 * project, and a directory must not list it.
 */
const RESERVED_HOST = /(?:^|\.)(?:example|invalid|test|localhost|example\.com|example\.net|example\.org)$/;

/** An https URL on a real host, or undefined (a placeholder, a git+ssh address, or no URL at all). */
function realUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw.replace(/^git\+/, ''));
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' && !RESERVED_HOST.test(url.hostname.toLowerCase()) ? url.href : undefined;
}

/**
 * The manifest's links, each only where package.json names a real one: `repository` from its repository, `homepage`
 * from its homepage and `support` from its bugs URL. Nothing is derived from a host's URL scheme (a documentation
 * page is not guessed). Today package.json names none of them (the project has no public address yet), so the manifest
 * has none.
 */
export function projectLinks(pkg: PackageFacts): { repository?: { type: string; url: string }; homepage?: string; support?: string } {
  const repo = typeof pkg.repository === 'string' ? { url: pkg.repository } : (pkg.repository ?? {});
  const repositoryUrl = realUrl(repo.url);
  const homepage = realUrl(pkg.homepage);
  const support = realUrl(typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url);
  return {
    ...(repositoryUrl !== undefined ? { repository: { type: repo.type ?? 'git', url: repositoryUrl } } : {}),
    ...(homepage !== undefined ? { homepage } : {}),
    ...(support !== undefined ? { support } : {}),
  };
}

/**
 * The tools the bundle's server lists, as it lists them: every spec's MCP name and the description the model reads,
 * but the send tool, which the server lists only with --allow-send (never given here). The bundle test compares this
 * list with the tools/list of the bundle's own server.
 */
export function bundleTools(): Array<{ name: string; description: string }> {
  return TOOL_SPECS.filter((spec) => spec.key !== 'sendTestSms').map((spec) => ({
    name: spec.mcpName,
    description: spec.description(MCP_DOOR),
  }));
}

/**
 * What the directory shows on the bundle's page. It names no file (the bundle carries only the server, its icon and
 * its licence) and says what leaves the machine.
 */
export const LONG_DESCRIPTION = [
  'Ask Claude about the calls and the credit of your Voice & SMS service account. For the voice instances you name, ' +
    "the tools read one month's call figures day by day (totals, the change against the month before, days that stand " +
    'out), the monthly totals over up to 24 months, the activities of one day, every instance side by side for one ' +
    'month, and the account balance.',
  "**What you need.** The service's Base URL, an Access key id and its Secret access key. The Account id (for the " +
    'balance), Voice instances and Sender ids are optional. Change the authentication fields or add a CA file only ' +
    'when your service asks for them.',
  '**Read-only.** This bundle cannot send an SMS: its server starts without the sending tool, so Claude cannot ' +
    'send a message through it, whatever a conversation or a tool result asks.',
  '**Privacy.** The server runs on your computer, started by Claude Desktop. It sends requests only to the Base URL ' +
    'you enter (through the proxy your environment names in HTTPS_PROXY, if any), and nothing anywhere else: no ' +
    'telemetry, no analytics, no update checks. Each request carries your access key id and a signature or password ' +
    'made from your secret, as the service requires. Claude Desktop keeps the access key id and the secret in the ' +
    "operating system's keychain; the server writes nothing to disk and removes both from anything it returns. What " +
    'the tools return (call figures, the balance, ids; phone numbers in day activities masked) goes to Claude as part ' +
    'of your conversation, where the terms of your Claude service apply.',
].join('\n\n');

export function mcpbManifest(pkg: PackageFacts): Record<string, unknown> {
  return {
    manifest_version: MANIFEST_VERSION,
    name: 'voice-sms-toolkit',
    display_name: 'Voice & SMS Toolkit',
    version: pkg.version,
    description:
      'Call statistics, monthly trends, day activities, an account overview and the balance of a Voice & SMS account, read-only.',
    long_description: LONG_DESCRIPTION,
    author: { name: pkg.publisher },
    ...projectLinks(pkg),
    license: pkg.license ?? 'MIT',
    icon: 'icon.png',
    icons: [{ src: 'icon.png', size: `${BUNDLE_ICON_SIZE}x${BUNDLE_ICON_SIZE}` }],
    keywords: ['sms', 'voice', 'call analytics', 'telephony'],
    server: {
      type: 'node',
      entry_point: 'server/mcp.js',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/server/mcp.js'],
        env: {
          ...Object.fromEntries(Object.entries(ENV_OF).map(([field, name]) => [name, `\${user_config.${field}}`])),
          // The server's texts then name these fields by their titles (src/mcp/settingNames.ts) instead of the variables.
          [BUNDLE_MANIFEST_ENV]: '${__dirname}/manifest.json',
        },
      },
    },
    tools: bundleTools(),
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: '>=20.18.1' } },
    user_config: USER_CONFIG,
  };
}

/** Runs the project's `mcpb` and returns what it printed; a non-zero exit throws with the output. */
async function mcpb(args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await promisify(execFile)(path.join(projectBin, 'mcpb'), args, {
      env: { ...process.env, PATH: pathWithProjectNode() },
      encoding: 'utf8',
    });
    return stdout + stderr;
  } catch (e) {
    const out = e as { stdout?: string; stderr?: string };
    throw new Error(`mcpb ${args[0]} failed:\n${out.stdout ?? ''}${out.stderr ?? ''}`);
  }
}

/**
 * The lines of `mcpb validate` and `mcpb info` that are fine. `validate` prints its 512 px recommendation for every
 * PNG icon, whatever its size (@anthropic-ai/mcpb 2.1.2, dist/node/validate.js), so it passes only beside a 512 px
 * icon; `info` says "Not signed" of every bundle without a publisher certificate, which the project does not have (a
 * self-signed signature would tell a user nothing).
 */
function acceptedLine(line: string, iconSide: number): boolean {
  return (
    /^(?:Manifest schema validation passes!|File: .+\.mcpb|Size: [\d.]+ KB|WARNING: Not signed)$/.test(line) ||
    (iconSide === BUNDLE_ICON_SIZE &&
      /^(?:Icon validation warnings:|- Icon validation passed\. Recommended size is 512×512 pixels for best display in Claude Desktop\.)$/.test(
        line,
      ))
  );
}

/** The lines of an mcpb report beyond the accepted ones: a warning or an error the build must not ship with. */
export function unexpectedMcpbLines(output: string, iconSide: number): string[] {
  return output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !acceptedLine(l, iconSide));
}

/** The width of a PNG, from its header (IHDR); the icon is square. */
export function pngWidth(png: Buffer): number {
  if (png.length < 24 || png.toString('latin1', 1, 4) !== 'PNG' || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return png.readUInt32BE(16);
}

/** Lays out the bundle from `distDir` in a temp folder, validates it, packs it to `out` and reads it back with `mcpb info`; returns the files packed. */
export async function writeMcpBundle(distDir: string, out: string): Promise<string[]> {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as PackageFacts;
  const stage = mkdtempSync(path.join(os.tmpdir(), 'vstk-mcpb-'));
  try {
    const files = mcpServerFiles((name) => readFileSync(path.join(distDir, name), 'utf8'));
    mkdirSync(path.join(stage, 'server'));
    for (const f of files) {
      // webview/ holds the panel files the Apps page inlines (src/shared/mcpServerFiles.ts).
      mkdirSync(path.dirname(path.join(stage, 'server', f)), { recursive: true });
      copyFileSync(path.join(distDir, f), path.join(stage, 'server', f));
    }
    // The assistant unpacks the bundle into its own folder; no package.json above it may make .js files ES modules.
    writeFileSync(path.join(stage, 'server', 'package.json'), '{ "type": "commonjs", "private": true }\n');
    copyFileSync(path.join(repoRoot, BUNDLE_ICON), path.join(stage, 'icon.png'));
    const iconSide = pngWidth(readFileSync(path.join(stage, 'icon.png')));
    copyFileSync(path.join(repoRoot, 'LICENSE'), path.join(stage, 'LICENSE'));
    writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(mcpbManifest(pkg), null, 2)}\n`);
    const checked = async (args: string[]): Promise<void> => {
      const unexpected = unexpectedMcpbLines(await mcpb(args), iconSide);
      if (unexpected.length > 0) throw new Error(`mcpb ${args[0]} reported:\n${unexpected.join('\n')}`);
    };
    await checked(['validate', path.join(stage, 'manifest.json')]);
    rmSync(out, { force: true });
    await mcpb(['pack', stage, out]);
    await checked(['info', out]);
    return ['manifest.json', 'icon.png', 'LICENSE', 'server/package.json', ...files.map((f) => `server/${f}`)];
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
