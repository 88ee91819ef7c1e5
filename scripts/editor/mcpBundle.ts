// The MCP Bundle (`voice-sms-toolkit-<version>.mcpb`) that `npm run package` writes next to the VSIX: the server
// (dist/mcp.js and the bundles it requires, src/shared/mcpServerFiles.ts) under server/, the icon, and a manifest
// whose user configuration the desktop assistant asks for at install. The access key id and the secret are
// `sensitive`, so the assistant keeps them in the OS keychain; the rest maps to the VOICESMS_* variables the server
// reads. Built and validated with the format's own tool (@anthropic-ai/mcpb: `mcpb validate`, `mcpb pack`), offline.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BUNDLE_MANIFEST_ENV } from '../../src/mcp/settingNames.js';
import { mcpServerFiles } from '../../src/shared/mcpServerFiles.js';
import { pathWithProjectNode, projectBin, repoRoot } from './paths.js';
import { runToEnd } from './processes.js';

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

export function mcpbManifest(pkg: { version: string; publisher: string; license?: string }): Record<string, unknown> {
  return {
    manifest_version: '0.2',
    name: 'voice-sms-toolkit',
    display_name: 'Voice & SMS Toolkit',
    version: pkg.version,
    description: 'Call analytics, trends, day activities, the balance and the voice instances of a Voice & SMS account.',
    long_description:
      'The MCP server of the Voice & SMS Toolkit VS Code extension: read-only tools over the account the configuration names. ' +
      'Sending test SMS is off in this bundle (see docs/mcp.md to enable it with a configuration snippet).',
    author: { name: pkg.publisher },
    license: pkg.license ?? 'MIT',
    icon: 'icon.png',
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
    // The server lists its tools itself (without --allow-send, send_test_sms is not among them).
    tools_generated: true,
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: '>=20.18.1' } },
    user_config: USER_CONFIG,
  };
}

function mcpb(args: string[], label: string): Promise<void> {
  return runToEnd(path.join(projectBin, 'mcpb'), args, {
    env: { ...process.env, PATH: pathWithProjectNode() },
    // Its report is shown only when it fails.
    quiet: true,
    label,
  });
}

/** Lays out the bundle from `distDir` in a temp folder, validates it and packs it to `out`; returns the files packed. */
export async function writeMcpBundle(distDir: string, out: string): Promise<string[]> {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
    publisher: string;
    license?: string;
  };
  const stage = mkdtempSync(path.join(os.tmpdir(), 'vstk-mcpb-'));
  try {
    const files = mcpServerFiles((name) => readFileSync(path.join(distDir, name), 'utf8'));
    mkdirSync(path.join(stage, 'server'));
    for (const f of files) copyFileSync(path.join(distDir, f), path.join(stage, 'server', f));
    // The assistant unpacks the bundle into its own folder; no package.json above it may make .js files ES modules.
    writeFileSync(path.join(stage, 'server', 'package.json'), '{ "type": "commonjs", "private": true }\n');
    copyFileSync(path.join(repoRoot, 'media', 'icon.png'), path.join(stage, 'icon.png'));
    copyFileSync(path.join(repoRoot, 'LICENSE'), path.join(stage, 'LICENSE'));
    writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(mcpbManifest(pkg), null, 2)}\n`);
    await mcpb(['validate', path.join(stage, 'manifest.json')], 'mcpb validate');
    rmSync(out, { force: true });
    await mcpb(['pack', stage, out], 'mcpb pack');
    return ['manifest.json', 'icon.png', 'LICENSE', 'server/package.json', ...files.map((f) => `server/${f}`)];
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
