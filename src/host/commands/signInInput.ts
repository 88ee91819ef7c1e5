// The parts of sign-in that need no editor: what the argument object may hold, the VOICESMS_*
// import, which single request verifies the credentials, and which step a failed verification
// sends the user back to. Pure (no vscode), unit-tested in plain Node.
import { fullSettingKey, SETTINGS } from '../../shared/ids.js';

/** The argument form of voiceSms.signIn (docs/commands.md). */
export interface SignInArgs {
  name: string;
  baseUrl: string;
  accessKeyId: string;
  secretAccessKey: string;
  accountId?: string;
  voiceInstanceId?: string;
}

/** The step ids of the interactive flow, also the field names of SignInArgs. */
export type SignInField = keyof SignInArgs;

const ENV_VARS = {
  baseUrl: 'VOICESMS_BASE_URL',
  accessKeyId: 'VOICESMS_ACCESS_KEY_ID',
  secretAccessKey: 'VOICESMS_SECRET_ACCESS_KEY',
} as const;

export interface EnvCredentials {
  baseUrl: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The three VOICESMS_* values, only when all three are present and non-blank. */
export function credentialsFromEnv(env: Record<string, string | undefined>): EnvCredentials | undefined {
  const baseUrl = env[ENV_VARS.baseUrl]?.trim();
  const accessKeyId = env[ENV_VARS.accessKeyId]?.trim();
  const secretAccessKey = env[ENV_VARS.secretAccessKey]?.trim();
  if (!baseUrl || !accessKeyId || !secretAccessKey) return undefined;
  return { baseUrl, accessKeyId, secretAccessKey };
}

/**
 * Reads the argument object: undefined when the command was run without one (the UI flow), the
 * typed arguments otherwise. Throws naming the first field that is not a string; the values are
 * validated afterwards by the same rules as the interactive steps.
 */
export function readSignInArgs(arg: unknown): SignInArgs | undefined {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined;
  const a = arg as Record<string, unknown>;
  const text = (field: SignInField, required: boolean): string | undefined => {
    const v = a[field];
    if (v === undefined || v === null) {
      if (required) throw new Error(`Sign in: "${field}" is required.`);
      return undefined;
    }
    if (typeof v !== 'string') throw new Error(`Sign in: "${field}" must be a string.`);
    return v;
  };
  const accountId = text('accountId', false)?.trim();
  const voiceInstanceId = text('voiceInstanceId', false)?.trim();
  return {
    name: text('name', true) ?? '',
    baseUrl: text('baseUrl', true) ?? '',
    accessKeyId: text('accessKeyId', true) ?? '',
    secretAccessKey: text('secretAccessKey', true) ?? '',
    ...(accountId ? { accountId } : {}),
    ...(voiceInstanceId ? { voiceInstanceId } : {}),
  };
}

/** The one request that proves the credentials: the account's balance, else the instance's current month. */
export type VerificationCall =
  { operation: 'balance'; accountId: string } | { operation: 'monthView'; instanceId: string; monthId: string };

export function verificationCall(
  input: Pick<SignInArgs, 'accountId' | 'voiceInstanceId'>,
  currentMonthId: string,
): VerificationCall | undefined {
  if (input.accountId) return { operation: 'balance', accountId: input.accountId };
  if (input.voiceInstanceId) return { operation: 'monthView', instanceId: input.voiceInstanceId, monthId: currentMonthId };
  return undefined;
}

/**
 * The step most likely to hold the mistake behind a failed verification: refused credentials ->
 * the secret (Back reaches the key id); unreachable or not our service -> the base URL; an unknown
 * account or instance -> that id.
 */
export function stepToFix(error: unknown, operation: VerificationCall['operation']): SignInField {
  const e = error as { kind?: unknown; details?: { httpStatus?: unknown; field?: unknown } } | undefined;
  const idStep: SignInField = operation === 'balance' ? 'accountId' : 'voiceInstanceId';
  switch (e?.kind) {
    case 'auth':
      return 'secretAccessKey';
    case 'validation': {
      const field = e.details?.field;
      // The CA file setting is refused when the client for the base URL is built: a connection matter.
      if (field === 'baseUrl' || field === fullSettingKey(SETTINGS.tlsCaFile)) return 'baseUrl';
      if (field === 'accountId' || field === 'instanceId') return idStep;
      return 'accessKeyId';
    }
    case 'http': {
      const status = e.details?.httpStatus;
      if (status === 401 || status === 403) return 'secretAccessKey';
      if (status === 404) return idStep;
      return 'baseUrl';
    }
    case 'service':
      return idStep;
    default:
      // network, timeout, parse (an answer that is not this service), anything unexpected.
      return 'baseUrl';
  }
}
