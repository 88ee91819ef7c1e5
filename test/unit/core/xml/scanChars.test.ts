// The scan's loops (src/core/xml/scanChars.ts) accept exactly what the sticky regular expressions they replaced
// accepted: over generated text of the characters that matter (every class boundary, JavaScript's white space
// and a few look-alikes it does not count as space, an astral character's halves), at every position.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { closeEnd, isJsSpace, nameEnd, tagEnd } from '../../../../src/core/xml/scanChars.js';

const NAME = /[^\s\d\-.'"=<>/!?][^\s'"=<>/!?]*/y;
const CLOSE_END = /\s*>/y;
const TAG_END = /\s*\/?>/y;

const CHARS = [
  'a',
  'Z',
  '_',
  ':',
  'é',
  '0',
  '9',
  '-',
  '.',
  "'",
  '"',
  '=',
  '<',
  '>',
  '/',
  '!',
  '?',
  '#',
  ' ',
  '\t',
  '\n',
  '\r',
  '\v',
  '\f',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
  '\u0085',
  '\u180e',
  '\u200b',
  '\u00ad',
  '\ud83d\ude00',
  '\ud83d',
];

function sticky(re: RegExp, text: string, at: number): number {
  re.lastIndex = at;
  return re.test(text) ? re.lastIndex : -1;
}

const texts = fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }).map((a) => a.join(''));

void describe("the scan's loops match the expressions they replaced", () => {
  void it('isJsSpace is \\s for every code unit', () => {
    for (let c = 0; c <= 0xffff; c++) assert.equal(isJsSpace(c), /\s/.test(String.fromCharCode(c)), `U+${c.toString(16)}`);
  });

  void it('nameEnd, closeEnd and tagEnd end where the expressions end, at every position', () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (let at = 0; at <= text.length; at++) {
          assert.equal(nameEnd(text, at), sticky(NAME, text, at), `name in ${JSON.stringify(text)} at ${at}`);
          assert.equal(closeEnd(text, at), sticky(CLOSE_END, text, at), `end tag in ${JSON.stringify(text)} at ${at}`);
          assert.equal(tagEnd(text, at), sticky(TAG_END, text, at), `start tag in ${JSON.stringify(text)} at ${at}`);
        }
      }),
      { numRuns: 5_000 },
    );
  });
});
