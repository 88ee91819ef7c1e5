// A JSON answer of unknown shape as rows of "a.b.c" = text, in document order: the balance when its
// amount was not recognised (Account view, status bar) and a day's activities as a chat tool result.
// Pure, so the host's balance and chat rooms share it without borrowing from each other.

/** The path of `key` under `prefix` ("a.b" + "c" = "a.b.c"). The answer boundary checks every such join. */
export function childPath(prefix: string, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}

/** The path of item `index` of the list at `prefix` ("a.b[3]"). */
export function itemPath(prefix: string, index: number): string {
  return `${prefix}[${index}]`;
}

/**
 * Every leaf as "a.b.c" = text, in document order. The parts come from the answer boundary already scrubbed, and
 * the boundary also masks a name whose join with its parents would spell a secret (boundary.ts, tree).
 */
export function flattenResult(
  result: unknown,
  prefix = '',
  out: Array<{ key: string; value: string }> = [],
  limit = 200,
): Array<{ key: string; value: string }> {
  if (out.length >= limit) return out;
  if (result === null || result === undefined) {
    out.push({ key: prefix || '(result)', value: '' });
  } else if (Array.isArray(result)) {
    result.forEach((item, i) => flattenResult(item, itemPath(prefix, i), out, limit));
  } else if (typeof result === 'object') {
    const entries = Object.entries(result as Record<string, unknown>);
    if (entries.length === 0) out.push({ key: prefix || '(result)', value: '' });
    for (const [k, v] of entries) flattenResult(v, childPath(prefix, k), out, limit);
  } else if (typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean' || typeof result === 'bigint') {
    out.push({ key: prefix || '(result)', value: String(result) });
  }
  return out;
}
