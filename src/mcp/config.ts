// The server's settings, from the environment only (credentials never come from the command line, where
// every process on the machine can read them). Missing or unusable values are one problem sentence: the
// server still starts and answers every tool with it, so an agent can tell the user what to fix.
import * as l10n from '@vscode/l10n';

export const ENV = {
  baseUrl: 'VOICESMS_BASE_URL',
  accessKeyId: 'VOICESMS_ACCESS_KEY_ID',
  secretAccessKey: 'VOICESMS_SECRET_ACCESS_KEY',
  accountId: 'VOICESMS_ACCOUNT_ID',
  voiceInstances: 'VOICESMS_VOICE_INSTANCES',
} as const;

/** The one command-line flag: without it send_test_sms refuses. */
export const ALLOW_SEND_FLAG = '--allow-send';

export interface McpSettings {
  baseUrl: string;
  accessKeyId: string;
  secretAccessKey: string;
  accountId?: string;
  /** What list_instances returns, as configured (ids are checked by the core on use). */
  instances: string[];
}

export type SettingsResult = { ok: true; settings: McpSettings } | { ok: false; problem: string };

function value(env: Record<string, string | undefined>, name: string): string {
  return (env[name] ?? '').trim();
}

/** Reads the VOICESMS_* variables; says which required ones are missing, by name only (never a value). */
export function readSettings(env: Record<string, string | undefined>): SettingsResult {
  const missing = [ENV.baseUrl, ENV.accessKeyId, ENV.secretAccessKey].filter((n) => value(env, n) === '');
  if (missing.length > 0) {
    return {
      ok: false,
      problem: l10n.t(
        "The Voice & SMS MCP server is not configured: set {0} in the environment of the MCP server (the agent's server configuration).",
        missing.join(', '),
      ),
    };
  }
  const accountId = value(env, ENV.accountId);
  const instances = [
    ...new Set(
      value(env, ENV.voiceInstances)
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
  return {
    ok: true,
    settings: {
      baseUrl: value(env, ENV.baseUrl),
      accessKeyId: value(env, ENV.accessKeyId),
      // Not trimmed: a secret is used exactly as given (the core refuses line breaks).
      secretAccessKey: env[ENV.secretAccessKey] ?? '',
      ...(accountId !== '' ? { accountId } : {}),
      instances,
    },
  };
}

export interface Flags {
  allowSend: boolean;
  /** Arguments the server does not know; reported on stderr, never echoed (one might be a pasted secret). */
  unknown: number;
}

export function readFlags(argv: readonly string[]): Flags {
  return { allowSend: argv.includes(ALLOW_SEND_FLAG), unknown: argv.filter((a) => a !== ALLOW_SEND_FLAG).length };
}
