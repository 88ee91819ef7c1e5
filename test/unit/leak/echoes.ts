// The answers a service that echoes a credential sends, one per shape: the simulator's `echo` fault given a
// spelling (from spellings.ts) to put in the status message, the service fields, a balance's amount and
// currency, a day's counter, the activities and the SMS answer, and markup of the test's own at the end of
// `<result>`: the spelling as element text, as character references written raw, and as element and
// attribute names. Each spelling stands inside a longer token, so a short secret is looked for everywhere.
import type { Fault } from '../../../src/simulator/index.js';
import { xmlEscape } from './spellings.js';

export type Operation = 'balance' | 'activities' | 'calls' | 'sms';

export interface Echo {
  /** What the test calls it in a failure. */
  shape: string;
  operation: Operation;
  fault: Fault;
}

/** Characters XML 1.0 cannot carry: a spelling holding one is sent only through the other shapes. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/u;

/** Raw character references of every code point, decimal and hex: the document's own spelling. */
function refs(text: string): string {
  return Array.from(text)
    .map((ch, i) => {
      const cp = ch.codePointAt(0) ?? 0;
      return i % 2 === 0 ? `&#${cp};` : `&#x${cp.toString(16)};`;
    })
    .join('');
}

/**
 * The echoes of one secret: `chosen` (one spelling) in every single-string place (status message, service
 * fields, the named payload fields); every spelling in `all` as its own element; the secret as raw character
 * references; and, when `names` is given (a dotted secret's parts, valid XML names), as nested elements the
 * parser turns into a path that spells the secret when joined, and as one attribute name.
 */
export function echoes(chosen: string, all: readonly string[], secret: string, names?: readonly string[]): Echo[] {
  const serviceMessage = `gateway said: x${chosen}y (${chosen})`;
  const elements = all
    .filter((s) => !NOT_XML.test(s))
    .map((s) => `<note>${xmlEscape(`x${s}y`)}</note>`)
    .join('');
  const raw = `<ref>${refs(secret)}</ref><ref>a${refs(secret)}b</ref>`;
  const nameMarkup = names ? `<${names.join('><')}>1</${[...names].reverse().join('></')}><echo ${names.join('.')}="1"/>` : '';
  const xml = `${elements}${raw}${nameMarkup}`;
  const out: Echo[] = [
    { shape: 'balance: status, service, currency, extra elements', operation: 'balance', fault: { kind: 'echo', serviceMessage, xml } },
    { shape: 'balance: the amount (flattened)', operation: 'balance', fault: { kind: 'echo', serviceMessage, fields: ['amount'], xml } },
    { shape: 'activities', operation: 'activities', fault: { kind: 'echo', serviceMessage, xml } },
    { shape: 'month view: a counter', operation: 'calls', fault: { kind: 'echo', serviceMessage, fields: ['duration_min'] } },
    { shape: 'month view: extra elements', operation: 'calls', fault: { kind: 'echo', serviceMessage, xml } },
    { shape: 'SMS answer', operation: 'sms', fault: { kind: 'echo', serviceMessage, fields: ['status'], xml } },
  ];
  for (const operation of ['balance', 'activities', 'calls', 'sms'] as const) {
    out.push({ shape: `${operation}: error 400`, operation, fault: { kind: 'echo', status: 400, serviceMessage, xml } });
  }
  return out;
}
