// Typed, validated settings. Pure (no vscode) so the rules are unit-tested: the editor hands us
// whatever JSON a user typed, and a wrong type must fall back to the default with a note in the
// log, never reach the client as `undefined` or a string where a number belongs.
import type { AuthForm, SignatureMode } from '../../core/auth/headers.js';
import { fullSettingKey, SETTINGS, type SettingKey } from '../../shared/ids.js';
import { idKey } from '../../shared/idRules.js';

export interface ProfileSettings {
  name: string;
  baseUrl: string;
  accountId?: string;
  voiceInstances: string[];
  senderIds: string[];
}

export interface Settings {
  profiles: ProfileSettings[];
  activeProfile: string;
  /** Instances pinned by the open workspace (all folders), in addition to the profile's own. */
  workspaceInstances: string[];
  requestTimeoutSeconds: number;
  /** GETs one profile may have in flight at once; the scheduler lowers it by itself on 429/503. */
  maxConcurrentRequests: number;
  monthsInTree: number;
  lowBalanceThreshold: number;
  statusBarShowBalance: boolean;
  smsDefaultRegion: string;
  smsMaxSegments: number;
  smsConfirmBeforeSend: boolean;
  authScheme: string;
  authForm: AuthForm;
  authSignature: SignatureMode;
  /** Absolute path of a CA file trusted besides the OS store; '' for none. */
  tlsCaFile: string;
  /** Finished months kept on disk across windows (core/store/monthStore.ts). */
  storeFinishedMonths: boolean;
  /** Month files kept at most, the least recently stored dropped first. */
  storedMonthsLimit: number;
  /** Month-end projections shown (shared/projection.ts): month view, overview, watch tooltip, tools, exports. */
  forecastShow: boolean;
  watchIntervalSeconds: number;
  watchBalanceMinutes: number;
  alertsCallLegsAbove: number;
  alertsUnusualDay: boolean;
  alertsLowBalance: boolean;
}

/** Must equal the defaults in package.json (test/unit/shared/manifest.test.ts checks). */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  profiles: [],
  activeProfile: '',
  workspaceInstances: [],
  requestTimeoutSeconds: 30,
  maxConcurrentRequests: 6,
  monthsInTree: 12,
  lowBalanceThreshold: 5,
  statusBarShowBalance: true,
  smsDefaultRegion: '',
  smsMaxSegments: 3,
  smsConfirmBeforeSend: true,
  authScheme: 'CLOUD-V1',
  authForm: 'seed',
  authSignature: 'hmac-sha256',
  tlsCaFile: '',
  storeFinishedMonths: true,
  storedMonthsLimit: 5000,
  forecastShow: true,
  watchIntervalSeconds: 30,
  watchBalanceMinutes: 5,
  alertsCallLegsAbove: 0,
  alertsUnusualDay: false,
  alertsLowBalance: true,
});

/** Numeric bounds, the same as `minimum` / `maximum` in package.json. */
export const NUMBER_BOUNDS = {
  requestTimeoutSeconds: { min: 1, max: 300, integer: false },
  maxConcurrentRequests: { min: 1, max: 32, integer: true },
  monthsInTree: { min: 1, max: 60, integer: true },
  lowBalanceThreshold: { min: 0, max: Number.MAX_SAFE_INTEGER, integer: false },
  smsMaxSegments: { min: 1, max: 10, integer: true },
  storedMonthsLimit: { min: 0, max: 1_000_000, integer: true },
  watchIntervalSeconds: { min: 10, max: 3600, integer: true },
  watchBalanceMinutes: { min: 1, max: 1440, integer: true },
  alertsCallLegsAbove: { min: 0, max: Number.MAX_SAFE_INTEGER, integer: true },
} as const;

const AUTH_FORMS: readonly AuthForm[] = ['seed', 'signed', 'basic'];
const SIGNATURE_MODES: readonly SignatureMode[] = ['hmac-sha256', 'empty'];
/** The scheme goes into the Authorization header: a token, no spaces or line breaks. */
const SCHEME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const REGION_PATTERN = /^[A-Z]{2}$/;

export interface ReadResult {
  settings: Settings;
  /** One line per value that was ignored, for the log. Names keys and profiles, never secrets. */
  problems: string[];
}

/** `get(key)` returns the effective value of `voiceSms.<key>` (undefined when unset). */
export function readSettings(get: (key: SettingKey) => unknown, workspaceInstanceLists: unknown[] = []): ReadResult {
  const problems: string[] = [];
  const note = (key: SettingKey, why: string): void => {
    problems.push(`Setting ${fullSettingKey(key)} ${why}; using the default.`);
  };

  const num = (field: keyof typeof NUMBER_BOUNDS): number => {
    const raw = get(SETTINGS[field]);
    const fallback = DEFAULT_SETTINGS[field];
    if (raw === undefined || raw === null) return fallback;
    const { min, max, integer } = NUMBER_BOUNDS[field];
    if (typeof raw !== 'number' || !Number.isFinite(raw) || (integer && !Number.isInteger(raw)) || raw < min || raw > max) {
      note(
        SETTINGS[field],
        `must be ${integer ? 'an integer' : 'a number'} from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`,
      );
      return fallback;
    }
    return raw;
  };
  const bool = (
    field:
      'statusBarShowBalance' | 'smsConfirmBeforeSend' | 'storeFinishedMonths' | 'forecastShow' | 'alertsUnusualDay' | 'alertsLowBalance',
  ): boolean => {
    const raw = get(SETTINGS[field]);
    if (raw === undefined || raw === null) return DEFAULT_SETTINGS[field];
    if (typeof raw !== 'boolean') {
      note(SETTINGS[field], 'must be true or false');
      return DEFAULT_SETTINGS[field];
    }
    return raw;
  };
  const oneOf = <T extends string>(key: SettingKey, allowed: readonly T[], fallback: T): T => {
    const raw = get(key);
    if (raw === undefined || raw === null) return fallback;
    if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T;
    note(key, `must be one of ${allowed.join(', ')}`);
    return fallback;
  };

  const settings: Settings = {
    profiles: readProfiles(get(SETTINGS.profiles), problems),
    activeProfile: readString(get(SETTINGS.activeProfile)),
    workspaceInstances: uniqueStrings([get(SETTINGS.workspaceInstances), ...workspaceInstanceLists].flatMap(stringList)),
    requestTimeoutSeconds: num('requestTimeoutSeconds'),
    maxConcurrentRequests: num('maxConcurrentRequests'),
    monthsInTree: num('monthsInTree'),
    lowBalanceThreshold: num('lowBalanceThreshold'),
    statusBarShowBalance: bool('statusBarShowBalance'),
    smsDefaultRegion: readRegion(get(SETTINGS.smsDefaultRegion), () =>
      note(SETTINGS.smsDefaultRegion, 'must be a two-letter country code or empty'),
    ),
    smsMaxSegments: num('smsMaxSegments'),
    smsConfirmBeforeSend: bool('smsConfirmBeforeSend'),
    authScheme: readScheme(get(SETTINGS.authScheme), () => note(SETTINGS.authScheme, 'must be a single token such as CLOUD-V1')),
    authForm: oneOf(SETTINGS.authForm, AUTH_FORMS, DEFAULT_SETTINGS.authForm),
    authSignature: oneOf(SETTINGS.authSignature, SIGNATURE_MODES, DEFAULT_SETTINGS.authSignature),
    tlsCaFile: readString(get(SETTINGS.tlsCaFile)),
    storeFinishedMonths: bool('storeFinishedMonths'),
    storedMonthsLimit: num('storedMonthsLimit'),
    forecastShow: bool('forecastShow'),
    watchIntervalSeconds: num('watchIntervalSeconds'),
    watchBalanceMinutes: num('watchBalanceMinutes'),
    alertsCallLegsAbove: num('alertsCallLegsAbove'),
    alertsUnusualDay: bool('alertsUnusualDay'),
    alertsLowBalance: bool('alertsLowBalance'),
  };
  return { settings, problems };
}

/**
 * The profile in use: the one named by `activeProfile`; with no name set, the first profile
 * (a single profile needs no extra step). Undefined when the name matches no profile.
 */
export function activeProfileOf(s: Pick<Settings, 'profiles' | 'activeProfile'>): ProfileSettings | undefined {
  if (s.activeProfile === '') return s.profiles[0];
  return s.profiles.find((p) => p.name === s.activeProfile);
}

/** The profile's instances followed by the workspace's pinned ones, without duplicates. */
export function visibleInstances(s: Pick<Settings, 'profiles' | 'activeProfile' | 'workspaceInstances'>): string[] {
  return distinctIds([...(activeProfileOf(s)?.voiceInstances ?? []), ...s.workspaceInstances], () => undefined);
}

function readProfiles(raw: unknown, problems: string[]): ProfileSettings[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push(`Setting ${fullSettingKey(SETTINGS.profiles)} must be a list of profiles; ignoring it.`);
    return [];
  }
  const out: ProfileSettings[] = [];
  raw.forEach((item: unknown, index) => {
    const where = `Profile #${index + 1} in ${fullSettingKey(SETTINGS.profiles)}`;
    if (typeof item !== 'object' || item === null) {
      problems.push(`${where} is not an object; skipped.`);
      return;
    }
    const p = item as Record<string, unknown>;
    const name = readString(p.name);
    const baseUrl = readString(p.baseUrl);
    if (name === '' || baseUrl === '') {
      problems.push(`${where} needs a name and a baseUrl; skipped.`);
      return;
    }
    if (out.some((o) => o.name === name)) {
      problems.push(`${where} repeats the name "${name}"; only the first one is used.`);
      return;
    }
    const accountId = readString(p.accountId);
    out.push({
      name,
      baseUrl,
      ...(accountId ? { accountId } : {}),
      voiceInstances: distinctIds(stringList(p.voiceInstances), (id, like) =>
        problems.push(`${where} lists the voice instance "${id}", which looks the same as "${like}"; only "${like}" is used.`),
      ),
      senderIds: distinctIds(stringList(p.senderIds), (id, like) =>
        problems.push(`${where} lists the sender id "${id}", which looks the same as "${like}"; only "${like}" is used.`),
      ),
    });
  });
  return out;
}

function readString(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim() : '';
}

function stringList(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function uniqueStrings(values: string[]): string[] {
  return [...new Set(values)];
}

/** Once each, compared by NFKC form (shared/idRules.ts): a look-alike of an earlier id is left out and reported. */
function distinctIds(values: string[], lookAlike: (id: string, like: string) => void): string[] {
  const byKey = new Map<string, string>();
  for (const id of values) {
    const like = byKey.get(idKey(id));
    if (like === undefined) byKey.set(idKey(id), id);
    else if (like !== id) lookAlike(id, like);
  }
  return [...byKey.values()];
}

function readRegion(raw: unknown, problem: () => void): string {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_SETTINGS.smsDefaultRegion;
  const region = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (REGION_PATTERN.test(region)) return region;
  problem();
  return DEFAULT_SETTINGS.smsDefaultRegion;
}

function readScheme(raw: unknown, problem: () => void): string {
  if (raw === undefined || raw === null) return DEFAULT_SETTINGS.authScheme;
  if (typeof raw === 'string' && SCHEME_PATTERN.test(raw.trim())) return raw.trim();
  problem();
  return DEFAULT_SETTINGS.authScheme;
}
