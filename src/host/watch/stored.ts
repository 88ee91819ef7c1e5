// What is watched, as kept in the window's workspace state: it survives a window reload (the watch resumes) but
// belongs to this window — another window of the same user watches what it was told to, and an unfocused window
// reads nothing anyway. A folder opened again later (a new window, days on) does not poll by itself: the time the
// watch was last known running tells a reload from a reopening, and a reopening asks first (shell/watchHandle.ts).
// Pure, so a hand-edited or older stored value is checked here before anything trusts it.
import type { Baseline } from './readings.js';

/** workspaceState key. */
export const WATCH_STATE_KEY = 'voiceSms.watch';
/** The most instances one watch reads (each costs one request per interval). */
export const MAX_WATCHED = 10;

export interface StoredWatch {
  profile: string;
  instanceIds: string[];
  /** Today's figure per instance when the watch began, so "since the watch began" survives a reload. */
  baselines: Record<string, Baseline>;
  /** When a window last held this watch running (the watch's clock, ms); refreshed every HEARTBEAT_MS. */
  aliveAt?: number;
}

/** How often a running watch notes that it is alive. */
export const HEARTBEAT_MS = 60_000;
/**
 * A watch last alive this recently was left by a window reload (seconds; a heartbeat missed at most): it carries on.
 * Older, the folder was closed and opened again later, and the user is asked before anything is read.
 */
export const RELOAD_GRACE_MS = 3 * HEARTBEAT_MS;

/** Whether a stored watch left at `aliveAt` resumes by itself at `now` (a reload) or waits for the user's Resume. */
export function resumesSilently(watch: StoredWatch, now: number, graceMs = RELOAD_GRACE_MS): boolean {
  const grace = Math.min(RELOAD_GRACE_MS, graceMs);
  return watch.aliveAt !== undefined && now - watch.aliveAt >= 0 && now - watch.aliveAt <= grace;
}

/** The grace an environment variable asks for (WATCH_RELOAD_GRACE_ENV, e2e only), in ms; the default otherwise. */
export function reloadGraceMs(raw: string | undefined): number {
  const seconds = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(RELOAD_GRACE_MS, seconds * 1000) : RELOAD_GRACE_MS;
}

export function parseStoredWatch(raw: unknown): StoredWatch | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.profile !== 'string' || r.profile === '' || !Array.isArray(r.instanceIds)) return undefined;
  const instanceIds = [...new Set(r.instanceIds.filter((x): x is string => typeof x === 'string' && x !== ''))].slice(0, MAX_WATCHED);
  if (instanceIds.length === 0) return undefined;
  const baselines: Record<string, Baseline> = {};
  const rawBaselines = typeof r.baselines === 'object' && r.baselines !== null ? (r.baselines as Record<string, unknown>) : {};
  for (const id of instanceIds) {
    const b = rawBaselines[id] as { dateId?: unknown; legs?: unknown } | undefined;
    if (b && typeof b.dateId === 'string' && /^\d{8}$/.test(b.dateId) && typeof b.legs === 'number' && Number.isFinite(b.legs))
      baselines[id] = { dateId: b.dateId, legs: b.legs };
  }
  const aliveAt = typeof r.aliveAt === 'number' && Number.isFinite(r.aliveAt) ? { aliveAt: r.aliveAt } : {};
  return { profile: r.profile, instanceIds, baselines, ...aliveAt };
}
