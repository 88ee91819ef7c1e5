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
  senderIds: 'VOICESMS_SENDER_IDS',
  profile: 'VOICESMS_PROFILE',
  authForm: 'VOICESMS_AUTH_FORM',
  authSignature: 'VOICESMS_AUTH_SIGNATURE',
  authScheme: 'VOICESMS_AUTH_SCHEME',
  caFile: 'VOICESMS_CA_FILE',
  defaultRegion: 'VOICESMS_DEFAULT_REGION',
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
  /** Sender ids the profile may use (VOICESMS_SENDER_IDS); list_instances returns them, send_test_sms defaults to the first. */
  senderIds: string[];
  /** ISO country for national-format destination numbers (VOICESMS_DEFAULT_REGION). */
  defaultRegion?: string;
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
  const instances = list(value(env, ENV.voiceInstances));
  const senderIds = list(value(env, ENV.senderIds));
  const defaultRegion = value(env, ENV.defaultRegion).toUpperCase();
  return {
    ok: true,
    settings: {
      baseUrl: value(env, ENV.baseUrl),
      accessKeyId: value(env, ENV.accessKeyId),
      // Not trimmed: a secret is used exactly as given (the core refuses line breaks).
      secretAccessKey: env[ENV.secretAccessKey] ?? '',
      ...(accountId !== '' ? { accountId } : {}),
      instances,
      senderIds,
      ...(defaultRegion !== '' ? { defaultRegion } : {}),
    },
  };
}

/** A comma-separated list, trimmed, without empties or repeats. */
function list(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

export const DEFAULT_MAX_SENDS_PER_HOUR = 10;

export interface Flags {
  allowSend: boolean;
  /** --max-sends-per-hour N (default 10): sends one server process makes per rolling hour. */
  maxSendsPerHour: number;
  /** --demo: the built-in simulator in this process, no account. */
  demo: boolean;
  /** Arguments the server does not know; reported on stderr, never echoed (one might be a pasted secret). */
  unknown: number;
}

export function readFlags(argv: readonly string[]): Flags {
  // Interim: the strict parser (unknown flag = start-up error) replaces this.
  return {
    allowSend: argv.includes(ALLOW_SEND_FLAG),
    maxSendsPerHour: DEFAULT_MAX_SENDS_PER_HOUR,
    demo: argv.includes('--demo'),
    unknown: argv.filter((a) => a !== ALLOW_SEND_FLAG && a !== '--demo').length,
  };
}
