// The `{ name }` argument of switchProfile and signOut. Pure (no vscode).

export interface ProfileArg {
  name?: string;
  removeProfile: boolean;
}

/** undefined when the command ran without an argument object (the UI form). */
export function readProfileArg(arg: unknown): ProfileArg | undefined {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined;
  const a = arg as Record<string, unknown>;
  if (a.name !== undefined && typeof a.name !== 'string') throw new Error('"name" must be a string.');
  if (a.removeProfile !== undefined && typeof a.removeProfile !== 'boolean') throw new Error('"removeProfile" must be true or false.');
  const name = a.name?.trim();
  return { ...(name ? { name } : {}), removeProfile: a.removeProfile === true };
}
