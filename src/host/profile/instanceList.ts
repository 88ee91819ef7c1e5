// Adds or removes one voice instance in the raw `voiceSms.profiles` array of the user settings. Pure
// (no vscode) so it is unit-tested: every other profile and every other field is written back as it was.

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
  if (op === 'add' && has) return { list, result: 'unchanged' };
  if (op === 'remove' && !has) return { list, result: 'unchanged' };
  const voiceInstances =
    op === 'add' ? [...current, instanceId] : current.filter((v) => !(typeof v === 'string' && v.trim() === instanceId));
  list[index] = { ...entry, voiceInstances };
  return { list, result: op === 'add' ? 'added' : 'removed' };
}
