// The server's settings, from the environment only (credentials never come from the command line, where
// every process on the machine can read them). Missing or unusable values are one problem sentence: the
// server still starts and answers every tool with it, so an agent can tell the user what to fix.
import * as l10n from '@vscode/l10n';
import type { AuthForm, AuthOptions, SignatureMode } from '../core/auth/headers.js';
import { idKey } from '../shared/idRules.js';
import { ENVIRONMENT_NAMES, type SettingNames } from './settingNames.js';

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
  /** VOICESMS_AUTH_FORM / _SIGNATURE / _SCHEME, as the voiceSms.auth.* settings (defaults alike). */
  auth: AuthOptions;
  /** VOICESMS_CA_FILE, as voiceSms.tls.caFile: extra trusted CAs (the core reads and checks the file). */
  caFile?: string;
}

// The values the voiceSms.auth.* settings take (package.json enums and pattern; the host checks the same).
const AUTH_FORMS: readonly AuthForm[] = ['seed', 'signed', 'basic'];
const SIGNATURE_MODES: readonly SignatureMode[] = ['hmac-sha256', 'empty'];
const SCHEME = /^[A-Za-z0-9._-]{1,64}$/;
const REGION = /^[A-Z]{2}$/;
export const DEFAULT_AUTH_SETTINGS: Readonly<AuthOptions> = Object.freeze({ scheme: 'CLOUD-V1', form: 'seed', signature: 'hmac-sha256' });

export type SettingsResult = { ok: true; settings: McpSettings } | { ok: false; problem: string };

function value(env: Record<string, string | undefined>, name: string): string {
  return (env[name] ?? '').trim();
}

/** Reads the VOICESMS_* variables; says which required ones are missing, by name only (never a value). */
export function readSettings(env: Record<string, string | undefined>, names: SettingNames = ENVIRONMENT_NAMES): SettingsResult {
  const missing = [ENV.baseUrl, ENV.accessKeyId, ENV.secretAccessKey].filter((n) => value(env, n) === '');
  if (missing.length > 0) {
    const named = missing.map((n) => names.name(n)).join(', ');
    return {
      ok: false,
      problem:
        names.door === 'bundle'
          ? l10n.t('The Voice & SMS MCP server is not configured: fill in {0} {1}.', named, names.where)
          : l10n.t(
              "The Voice & SMS MCP server is not configured: set {0} in the environment of the MCP server (the agent's server configuration).",
              named,
            ),
    };
  }
  const problems: string[] = [];
  // Values are never repeated in a problem: one of these variables may hold a secret pasted in the wrong place.
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = value(env, name);
    if (raw === '') return fallback;
    const found = allowed.find((a) => a === raw.toLowerCase());
    if (found === undefined) problems.push(l10n.t('{0} must be one of {1}.', names.name(name), allowed.join(', ')));
    return found ?? fallback;
  };
  const form = oneOf(ENV.authForm, AUTH_FORMS, DEFAULT_AUTH_SETTINGS.form);
  const signature = oneOf(ENV.authSignature, SIGNATURE_MODES, DEFAULT_AUTH_SETTINGS.signature);
  const scheme = value(env, ENV.authScheme) || DEFAULT_AUTH_SETTINGS.scheme;
  if (!SCHEME.test(scheme)) {
    problems.push(
      l10n.t('{0} must be a single token of letters, digits, dots, dashes or underscores, such as CLOUD-V1.', names.name(ENV.authScheme)),
    );
  }
  const defaultRegion = value(env, ENV.defaultRegion).toUpperCase();
  if (defaultRegion !== '' && !REGION.test(defaultRegion)) {
    problems.push(l10n.t('{0} must be a two-letter ISO country code such as DE or US.', names.name(ENV.defaultRegion)));
  }
  // Ids compared by their NFKC form, as the editor compares them: two that look the same are one mistake.
  for (const name of [ENV.voiceInstances, ENV.senderIds]) {
    const pair = lookAlikeEntries(value(env, name));
    if (pair)
      problems.push(l10n.t('{0}: entries {1} and {2} look the same (one NFKC form); keep one.', names.name(name), pair[0], pair[1]));
  }
  if (problems.length > 0) {
    return {
      ok: false,
      problem: l10n.t('The Voice & SMS MCP server is not configured correctly: {0}', problems.join(' ')),
    };
  }
  const accountId = value(env, ENV.accountId);
  const caFile = value(env, ENV.caFile);
  return {
    ok: true,
    settings: {
      baseUrl: value(env, ENV.baseUrl),
      accessKeyId: value(env, ENV.accessKeyId),
      // Not trimmed: a secret is used exactly as given (the core refuses line breaks).
      secretAccessKey: env[ENV.secretAccessKey] ?? '',
      ...(accountId !== '' ? { accountId } : {}),
      instances: list(value(env, ENV.voiceInstances)),
      senderIds: list(value(env, ENV.senderIds)),
      ...(defaultRegion !== '' ? { defaultRegion } : {}),
      auth: { form, signature, scheme },
      ...(caFile !== '' ? { caFile } : {}),
    },
  };
}

/** The 1-based positions of the first two entries of a comma-separated list that differ but look the same. */
function lookAlikeEntries(raw: string): [number, number] | undefined {
  const seen = new Map<string, { id: string; at: number }>();
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const [i, id] of entries.entries()) {
    const earlier = seen.get(idKey(id));
    if (earlier && earlier.id !== id) return [earlier.at, i + 1];
    if (!earlier) seen.set(idKey(id), { id, at: i + 1 });
  }
  return undefined;
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
export const MAX_SENDS_FLAG = '--max-sends-per-hour';
export const DEMO_FLAG = '--demo';
const FLAGS = [ALLOW_SEND_FLAG, MAX_SENDS_FLAG, DEMO_FLAG] as const;

interface Flags {
  allowSend: boolean;
  /** --max-sends-per-hour N (default 10): messages put before the user per rolling hour and profile, across restarts. */
  maxSendsPerHour: number;
  /** --demo: the built-in simulator in this process, no account. */
  demo: boolean;
}

export type FlagsResult = { ok: true; flags: Flags } | { ok: false; problem: string };

/** A flag's name as typed, when it looks like one; anything else (a pasted secret, a path) is named by position only. */
const FLAG_NAME = /^--?[A-Za-z][A-Za-z0-9-]{0,39}$/;
/** What --max-sends-per-hour takes: a positive whole number, written plainly, at most MOST_SENDS_PER_HOUR. */
const COUNT = /^[1-9]\d{0,5}$/;
/** The largest --max-sends-per-hour (six digits): what bounds the send log's size, whichever server reads it. */
export const MOST_SENDS_PER_HOUR = 999_999;

/**
 * The command line, strictly: a mistyped flag must not quietly start a server that does something else
 * (`--allowsend` would leave sending off, `--max-sends-per-hour=1O` the default cap). An argument is echoed
 * only when it looks like a flag name; anything else could be a secret pasted in the wrong place.
 */
export function readFlags(argv: readonly string[]): FlagsResult {
  const flags: Flags = { allowSend: false, maxSendsPerHour: DEFAULT_MAX_SENDS_PER_HOUR, demo: false };
  const seenAt = new Map<string, number>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = name !== arg ? arg.slice(eq + 1) : undefined;
    const misuse = flagMisuse(name, inline, i + 1, seenAt);
    if (misuse !== undefined) return { ok: false, problem: misuse };
    if (name === ALLOW_SEND_FLAG || name === DEMO_FLAG) {
      if (name === ALLOW_SEND_FLAG) flags.allowSend = true;
      else flags.demo = true;
    } else if (name === MAX_SENDS_FLAG) {
      const raw = inline ?? argv[++i];
      if (raw === undefined || !COUNT.test(raw)) {
        const example = `${MAX_SENDS_FLAG} 5`;
        return {
          ok: false,
          problem:
            raw === undefined
              ? l10n.t('{0} needs a whole number of sends from 1 to 999999 after it, for example {1}.', MAX_SENDS_FLAG, example)
              : l10n.t(
                  '{0} needs a whole number of sends from 1 to 999999, for example {1}, and argument {2} is not one.',
                  MAX_SENDS_FLAG,
                  example,
                  i + 1,
                ),
        };
      }
      flags.maxSendsPerHour = Number(raw);
    } else {
      return { ok: false, problem: unknownArgument(name, i + 1) };
    }
  }
  return { ok: true, flags };
}

/** A known flag given twice, or a switch given a value (`--allow-send=1`): which one and where, never the value. */
function flagMisuse(name: string, inline: string | undefined, position: number, seenAt: Map<string, number>): string | undefined {
  if (!(FLAGS as readonly string[]).includes(name)) return undefined;
  const first = seenAt.get(name);
  if (first !== undefined) return l10n.t('{0} is given twice (arguments {1} and {2}); give it once.', name, first, position);
  seenAt.set(name, position);
  if (inline !== undefined && name !== MAX_SENDS_FLAG) {
    return l10n.t('{0} takes no value (argument {1}); give it alone, without "=".', name, position);
  }
  return undefined;
}

/**
 * What the core refused when the server connected, as a problem the agent may relay: a setting it refused is
 * named by its variable (VOICESMS_BASE_URL …) with the reason, never with its value.
 */
export function connectProblem(e: unknown, names: SettingNames = ENVIRONMENT_NAMES): string {
  const err = e as { kind?: unknown; details?: { field?: unknown; reason?: unknown } };
  const variables: Record<string, string> = {
    baseUrl: names.name(ENV.baseUrl),
    accessKeyId: names.name(ENV.accessKeyId),
    secretAccessKey: names.name(ENV.secretAccessKey),
  };
  const field = typeof err.details?.field === 'string' ? err.details.field : '';
  const reason = typeof err.details?.reason === 'string' ? err.details.reason : '';
  const variable = Object.hasOwn(variables, field) ? variables[field] : undefined;
  if (err.kind === 'validation' && variable !== undefined && reason !== '') {
    return l10n.t('The Voice & SMS MCP server is not configured correctly: {0}: {1}.', variable, reason.replace(/\.$/, ''));
  }
  return e instanceof Error ? e.message : String(e);
}

function unknownArgument(name: string, position: number): string {
  const known = l10n.t('{0}, {1} N and {2}', ALLOW_SEND_FLAG, MAX_SENDS_FLAG, DEMO_FLAG);
  if (!FLAG_NAME.test(name)) {
    return l10n.t(
      'Argument {0} is not a flag this server knows (it takes {1}), and its settings come only from VOICESMS_* environment variables, never from the command line.',
      position,
      known,
    );
  }
  const near = FLAGS.find((f) => squash(f) === squash(name));
  return near !== undefined
    ? l10n.t('Unknown flag {0} (argument {1}), perhaps {2} was meant: the server takes {3}.', name, position, near, known)
    : l10n.t('Unknown flag {0} (argument {1}): the server takes {2}.', name, position, known);
}

/** "--Allow_Send", "-allowsend" and "--allow-send" squash alike: letters and digits, lower case. */
function squash(flag: string): string {
  return flag.toLowerCase().replace(/[^a-z0-9]/g, '');
}
