// Searching an undocumented parsed `<result>` tree for well-known field names, without assuming
// where they sit. Attribute keys (`@_id`) count like element names.
import { ATTR_PREFIX, isRecord, textOf } from '../xml/parser.js';

const MAX_DEPTH = 8;

function bareName(key: string): string {
  return (key.startsWith(ATTR_PREFIX) ? key.slice(ATTR_PREFIX.length) : key).toLowerCase();
}

/** Every record in the tree, breadth first (shallow matches win), arrays included. */
export function* recordsOf(tree: unknown): Generator<Record<string, unknown>> {
  let level: unknown[] = [tree];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const node of level) {
      if (Array.isArray(node)) {
        next.push(...(node as unknown[]));
      } else if (isRecord(node)) {
        yield node;
        next.push(...Object.values(node));
      }
    }
    level = next;
  }
}

/** The value stored under one of `names` (case-insensitive, attribute or element) in this record. */
export function fieldOf(record: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) {
    for (const [key, value] of Object.entries(record)) {
      if (bareName(key) === name.toLowerCase()) return value;
    }
  }
  return undefined;
}

/**
 * The first non-empty text found under any of `names`, trying each name across the whole tree
 * before the next, so a specific name (messageId) deep down beats a generic one (id) near the top.
 */
export function findText(tree: unknown, names: readonly string[]): string | undefined {
  for (const name of names) {
    for (const record of recordsOf(tree)) {
      const text = textOf(fieldOf(record, [name]))?.trim();
      if (text) return text;
    }
  }
  return undefined;
}
