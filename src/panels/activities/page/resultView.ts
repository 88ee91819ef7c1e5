// Renders a payload whose shape nobody documented: a list of like records becomes a table, every
// other value a key/value tree with <details>/<summary>. Keys and values are shown as sent (as
// text); nothing is reinterpreted, hidden or reordered.
import * as l10n from '@vscode/l10n';
import type { JsonValue } from '../../../shared/protocol.js';
import { h, type Child } from '../../../webview/common/dom.js';
import { formatInt } from '../../../webview/common/format.js';

type JsonObject = { [key: string]: JsonValue };

/** Where a value sits in the payload: object keys and array indices from the top. */
type JsonPath = readonly (string | number)[];

/** Whether the entry at a path is new since the last reading (none on a first reading). */
export type IsNew = (path: JsonPath) => boolean;

const nothingNew: IsNew = () => false;

/**
 * The list items of `after` that `before` (the last reading) did not have, as paths (JSON of the path array): items are
 * compared whole, as many times as they occur, wherever the same list sits; a single item that became a list of
 * several (one element in XML, then two) is compared as a list of one.
 */
export function newEntries(before: JsonValue, after: JsonValue): Set<string> {
  const found = new Set<string>();
  const walk = (b: JsonValue | undefined, a: JsonValue, path: (string | number)[]): void => {
    if (Array.isArray(a)) {
      const was = Array.isArray(b) ? b : b === undefined ? [] : [b];
      const left = new Map<string, number>();
      for (const x of was) left.set(JSON.stringify(x), (left.get(JSON.stringify(x)) ?? 0) + 1);
      a.forEach((x, i) => {
        const k = JSON.stringify(x);
        const n = left.get(k) ?? 0;
        if (n > 0) left.set(k, n - 1);
        else found.add(JSON.stringify([...path, i]));
      });
      return;
    }
    if (isObject(a)) {
      const prev = b !== undefined && isObject(b) ? b : undefined;
      // A list that shrank to one item arrives as that item: compared with the list's items.
      if (!prev && Array.isArray(b)) {
        if (!b.some((x) => JSON.stringify(x) === JSON.stringify(a))) found.add(JSON.stringify(path));
        return;
      }
      for (const [k, x] of Object.entries(a)) walk(prev?.[k], x, [...path, k]);
    }
  };
  walk(before, after, []);
  return found;
}

/** A "new" badge for an entry new since the last reading. */
function newBadge(isNew: boolean): Child {
  return isNew
    ? h('span', { className: 'badge badge-new' }, l10n.t({ message: 'new', comment: ['An activity new since the last reading'] }))
    : null;
}

function isObject(v: JsonValue): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isComposite(v: JsonValue): v is JsonObject | JsonValue[] {
  return typeof v === 'object' && v !== null;
}

/** The shared column list when every item is an object with exactly the same keys, else undefined. */
function likeRecordColumns(v: JsonValue): string[] | undefined {
  if (!Array.isArray(v) || v.length === 0) return undefined;
  const first = v[0];
  if (first === undefined || !isObject(first)) return undefined;
  const keys = Object.keys(first);
  if (keys.length === 0) return undefined;
  const signature = [...keys].sort().join('\u0000');
  const same = v.every((item) => isObject(item) && Object.keys(item).sort().join('\u0000') === signature);
  return same ? keys : undefined;
}

function scalar(v: JsonValue): HTMLElement {
  // `null` is the payload's own literal, shown as sent; an empty string gets a translated hint.
  if (v === null) return h('span', { className: 'value value-empty' }, 'null');
  if (v === '') return h('span', { className: 'value value-empty' }, l10n.t('(empty)'));
  return h('span', { className: 'value' }, String(v as string | number | boolean));
}

function summaryHint(v: JsonObject | JsonValue[]): string {
  if (Array.isArray(v)) return v.length === 1 ? l10n.t('1 item') : l10n.t('{0} items', formatInt(v.length));
  const n = Object.keys(v).length;
  return n === 1 ? l10n.t('1 field') : l10n.t('{0} fields', formatInt(n));
}

function recordsTable(items: JsonValue[], columns: string[], caption: string, path: JsonPath, isNew: IsNew): HTMLElement {
  return h(
    'div',
    { className: 'records-wrap' },
    h(
      'table',
      { className: 'records' },
      h('caption', { className: 'visually-hidden' }, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { attrs: { scope: 'col' }, className: 'num' }, '#'),
          ...columns.map((c) => h('th', { attrs: { scope: 'col' } }, c)),
        ),
      ),
      h(
        'tbody',
        {},
        ...items.map((item, i) => {
          const fresh = isNew([...path, i]);
          return h(
            'tr',
            fresh ? { className: 'is-new' } : {},
            h('td', { className: 'num' }, String(i + 1), newBadge(fresh)),
            ...columns.map((c) => {
              const cell = isObject(item) ? item[c] : undefined;
              return h('td', {}, cell === undefined ? null : isComposite(cell) ? valueTree(cell, [...path, i, c], isNew) : scalar(cell));
            }),
          );
        }),
      ),
    ),
  );
}

function entry(key: string, v: JsonValue, path: JsonPath, isNew: IsNew): HTMLElement {
  const fresh = isNew(path);
  const props = fresh ? { className: 'is-new' } : {};
  if (!isComposite(v)) return h('li', props, h('span', { className: 'key' }, key), scalar(v), newBadge(fresh));
  const columns = likeRecordColumns(v);
  const inner: Child = columns && Array.isArray(v) ? recordsTable(v, columns, key, path, isNew) : valueTree(v, path, isNew);
  return h(
    'li',
    props,
    h(
      'details',
      { attrs: { open: true } },
      h('summary', {}, h('span', { className: 'key' }, key), h('span', { className: 'hint' }, summaryHint(v)), newBadge(fresh)),
      inner,
    ),
  );
}

/** A nested list of the value's fields (or items, keyed by index). */
function valueTree(v: JsonValue, path: JsonPath = [], isNew: IsNew = nothingNew): HTMLElement {
  if (!isComposite(v)) return scalar(v);
  const entries: [string, JsonValue, JsonPath][] = Array.isArray(v)
    ? v.map((x, i) => [`[${i}]`, x, [...path, i]])
    : Object.entries(v).map(([k, x]) => [k, x, [...path, k]]);
  if (entries.length === 0)
    return h('span', { className: 'value value-empty' }, Array.isArray(v) ? l10n.t('(no items)') : l10n.t('(no fields)'));
  return h('ul', { className: 'tree' }, ...entries.map(([k, x, p]) => entry(k, x, p, isNew)));
}

export function isEmptyResult(v: JsonValue): boolean {
  return v === null || v === '' || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
}

/** Top level: a table for a list of like records, else the tree. */
export function renderResult(v: JsonValue, isNew: IsNew = nothingNew): HTMLElement {
  const columns = likeRecordColumns(v);
  if (columns && Array.isArray(v)) return recordsTable(v, columns, l10n.t('Activities'), [], isNew);
  return valueTree(v, [], isNew);
}
