// Adds or removes one voice instance in the raw `voiceSms.profiles` array of the user settings. Pure
// (no vscode) so it is unit-tested: every other profile and every other field is written back as it was.

import { idKey } from '../../shared/idRules.js';

export type InstanceEdit = 'added' | 'removed' | 'unchanged' | 'noProfile';

function isNamed(item: unknown, name: string): item is Record<string, unknown> {
  return typeof item === 'object' && item !== null && (item as Record<string, unknown>).name === name;
}

/** The list with `instanceId` added to (or removed from) the profile named `profile`'s voiceInstances. */
export function editInstances(
  raw: unknown,
  profile: string,
  instanceId: string,
  op: 'add' | 'remove',
): { list: unknown[]; result: InstanceEdit } {
  const list: unknown[] = Array.isArray(raw) ? [...(raw as unknown[])] : [];
  const index = list.findIndex((item) => isNamed(item, profile));
  const entry = list[index];
  if (index < 0 || !isNamed(entry, profile)) return { list, result: 'noProfile' };
  const current = Array.isArray(entry.voiceInstances) ? (entry.voiceInstances as unknown[]) : [];
  const has = current.some((v) => typeof v === 'string' && v.trim() === instanceId);
  // Never written beside a look-alike (the command refuses it first, naming which).
  if (op === 'add' && !has && current.some((v) => typeof v === 'string' && idKey(v) === idKey(instanceId)))
    return { list, result: 'unchanged' };
  if (op === 'add' && has) return { list, result: 'unchanged' };
  if (op === 'remove' && !has) return { list, result: 'unchanged' };
  const voiceInstances =
    op === 'add' ? [...current, instanceId] : current.filter((v) => !(typeof v === 'string' && v.trim() === instanceId));
  list[index] = { ...entry, voiceInstances };
  return { list, result: op === 'add' ? 'added' : 'removed' };
}

/**
 * The list with every id of `ids` the profile named `profile` lacks appended to its voiceInstances, in one
 * edit (a bulk add is one settings write, whatever its length); `added` names them in order.
 */
export function addInstances(raw: unknown, profile: string, ids: readonly string[]): { list: unknown[]; added: string[] | 'noProfile' } {
  const list: unknown[] = Array.isArray(raw) ? [...(raw as unknown[])] : [];
  const index = list.findIndex((item) => isNamed(item, profile));
  const entry = list[index];
  if (index < 0 || !isNamed(entry, profile)) return { list, added: 'noProfile' };
  const current = Array.isArray(entry.voiceInstances) ? (entry.voiceInstances as unknown[]) : [];
  // By NFKC form: a look-alike of a listed id is never written beside it (the planner refuses it, naming which).
  const have = new Set(current.filter((v): v is string => typeof v === 'string').map(idKey));
  const added: string[] = [];
  for (const id of ids) {
    if (have.has(idKey(id))) continue;
    have.add(idKey(id));
    added.push(id);
  }
  if (added.length > 0) list[index] = { ...entry, voiceInstances: [...current, ...added] };
  return { list, added };
}
