// Renders a payload whose shape nobody documented: a list of like records becomes a table, every
// other value a key/value tree with <details>/<summary>. Keys and values are shown as sent (as
// text); nothing is reinterpreted, hidden or reordered.
import * as l10n from '@vscode/l10n';
import type { JsonValue } from '../../shared/protocol.js';
import { h, type Child } from '../common/dom.js';
import { formatInt } from '../common/format.js';

type JsonObject = { [key: string]: JsonValue };

function isObject(v: JsonValue): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isComposite(v: JsonValue): v is JsonObject | JsonValue[] {
  return typeof v === 'object' && v !== null;
}

/** The shared column list when every item is an object with exactly the same keys, else undefined. */
export function likeRecordColumns(v: JsonValue): string[] | undefined {
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

function recordsTable(items: JsonValue[], columns: string[], caption: string): HTMLElement {
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
        ...items.map((item, i) =>
          h(
            'tr',
            {},
            h('td', { className: 'num' }, String(i + 1)),
            ...columns.map((c) => {
              const cell = isObject(item) ? item[c] : undefined;
              return h('td', {}, cell === undefined ? null : isComposite(cell) ? valueTree(cell) : scalar(cell));
            }),
          ),
        ),
      ),
    ),
  );
}

function entry(key: string, v: JsonValue): HTMLElement {
  if (!isComposite(v)) return h('li', {}, h('span', { className: 'key' }, key), scalar(v));
  const columns = likeRecordColumns(v);
  const inner: Child = columns && Array.isArray(v) ? recordsTable(v, columns, key) : valueTree(v);
  return h(
    'li',
    {},
    h(
      'details',
      { attrs: { open: true } },
      h('summary', {}, h('span', { className: 'key' }, key), h('span', { className: 'hint' }, summaryHint(v))),
      inner,
    ),
  );
}

/** A nested list of the value's fields (or items, keyed by index). */
export function valueTree(v: JsonValue): HTMLElement {
  if (!isComposite(v)) return scalar(v);
  const entries: [string, JsonValue][] = Array.isArray(v) ? v.map((x, i) => [`[${i}]`, x]) : Object.entries(v);
  if (entries.length === 0)
    return h('span', { className: 'value value-empty' }, Array.isArray(v) ? l10n.t('(no items)') : l10n.t('(no fields)'));
  return h('ul', { className: 'tree' }, ...entries.map(([k, x]) => entry(k, x)));
}

export function isEmptyResult(v: JsonValue): boolean {
  return v === null || v === '' || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
}

/** Top level: a table for a list of like records, else the tree. */
export function renderResult(v: JsonValue): HTMLElement {
  const columns = likeRecordColumns(v);
  if (columns && Array.isArray(v)) return recordsTable(v, columns, l10n.t('Activities'));
  return valueTree(v);
}
