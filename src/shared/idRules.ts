// The rules of the ids that end up in request paths and panel state, and month arithmetic, written once:
// the core validates with them (with translated messages), the webview protocol checks untrusted
// messages and restored state with them, and both sides of a panel step months with the same function.
// Pure: no vscode, no DOM, no core import (the webview bundle includes this file).

/** YYYYMM with a year from 1000 and a month 01-12. */
export const MONTH_ID = /^([1-9]\d{3})(0[1-9]|1[0-2])$/;

/** Longest id accepted in a request path (instance ids, sender ids, message ids). */
export const MAX_ID_LENGTH = 128;

import { firstInvisible } from './invisibleChars.js';

// C0/C1 controls and DEL; lone surrogates, which encodeURIComponent cannot encode.
const CONTROL = /\p{Cc}/u;
const LONE_SURROGATE = /\p{Cs}/u;

/** Which id rule `value` breaks (after trimming), or undefined when it may be one path segment. */
export type IdProblem = 'empty' | 'tooLong' | 'slash' | 'control' | 'surrogate' | 'invisible' | 'dots';

export function idProblem(value: string): IdProblem | undefined {
  const id = value.trim();
  if (id === '') return 'empty';
  if (id.length > MAX_ID_LENGTH) return 'tooLong';
  if (id.includes('/')) return 'slash';
  if (CONTROL.test(id)) return 'control';
  if (LONE_SURROGATE.test(id)) return 'surrogate';
  // A bidi override or a zero-width character makes one id look like another wherever it is shown.
  if (firstInvisible(id) !== undefined) return 'invisible';
  // `.` and `..` survive percent-encoding unchanged and would be resolved away as path segments.
  if (id === '.' || id === '..') return 'dots';
  return undefined;
}

/**
 * The form ids are compared in: trimmed and NFKC-normalised, so a full-width `ＶＩ-1` is `VI-1` and `cafe` with
 * a combining acute is `café`. Two ids with one key look alike in every dialog, tree and confirmation.
 */
export function idKey(id: string): string {
  return id.trim().normalize('NFKC');
}

/**
 * The first of `listed` that `id` looks like without being it (the same key, other characters), or undefined.
 * The same id is no look-alike: that is a repeat, which callers treat as such.
 */
export function lookAlikeOf(id: string, listed: Iterable<string>): string | undefined {
  const trimmed = id.trim();
  const key = idKey(trimmed);
  for (const other of listed) {
    const o = other.trim();
    if (o !== trimmed && idKey(o) === key) return o;
  }
  return undefined;
}

/**
 * `202503` + 1 -> `202504`, `202501` - 1 -> `202412`. Expects a valid YYYYMM; a result outside the
 * years MONTH_ID allows is returned as computed (the core refuses it, see core/model/month.ts).
 */
export function shiftMonthId(monthId: string, delta: number): string {
  const index = Number(monthId.slice(0, 4)) * 12 + Number(monthId.slice(4, 6)) - 1 + delta;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}${String(index - year * 12 + 1).padStart(2, '0')}`;
}
