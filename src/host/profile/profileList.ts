// Edits of the raw `voiceSms.profiles` array as the user settings hold it. Pure (no vscode) so the
// rules are unit-tested: entries we do not touch are written back exactly as they were (including
// ones our reader skips as invalid), and nothing secret can enter through here.

import { idKey } from '../../shared/idRules.js';

export interface ProfileEntry {
  name: string;
  baseUrl: string;
  accountId?: string;
  /** Added to the profile's list (kept first-in order, no duplicates). */
  voiceInstanceId?: string;
}

function nameOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const name = (item as Record<string, unknown>).name;
  return typeof name === 'string' ? name.trim() : undefined;
}

function strings(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The list with `entry` saved: an existing profile of that name keeps its voice instances and
 * sender ids (signing in again after a sign-out restores them) and gets the new base URL and
 * account; otherwise the profile is appended.
 */
export function upsertProfile(raw: unknown, entry: ProfileEntry): unknown[] {
  const list: unknown[] = Array.isArray(raw) ? [...(raw as unknown[])] : [];
  const index = list.findIndex((item) => nameOf(item) === entry.name);
  const old = index >= 0 ? (list[index] as Record<string, unknown>) : undefined;
  const voiceInstances = strings(old?.voiceInstances);
  // Compared by NFKC form: never beside a look-alike (Sign In refuses one first, naming it).
  const id = entry.voiceInstanceId;
  if (id && !voiceInstances.some((v) => idKey(v) === idKey(id))) voiceInstances.push(id);
  // Only the known, non-secret fields: an old entry's stray keys (say, a pasted secret) are dropped.
  const accountId = entry.accountId ?? (typeof old?.accountId === 'string' ? old.accountId : undefined);
  const next: Record<string, unknown> = {
    name: entry.name,
    baseUrl: entry.baseUrl,
    ...(accountId ? { accountId } : {}),
    voiceInstances,
    senderIds: strings(old?.senderIds),
  };
  if (index >= 0) list[index] = next;
  else list.push(next);
  return list;
}

/** The list without the profile named `name`. */
export function withoutProfile(raw: unknown, name: string): unknown[] {
  return Array.isArray(raw) ? (raw as unknown[]).filter((item) => nameOf(item) !== name) : [];
}

/** Names of the profiles in `raw`, in order. */
export function profileNames(raw: unknown): string[] {
  return Array.isArray(raw) ? (raw as unknown[]).map(nameOf).filter((n): n is string => !!n) : [];
}
