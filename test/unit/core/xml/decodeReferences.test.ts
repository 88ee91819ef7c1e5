// The parser's reference decoder (src/core/xml/parser.ts decodeReferences), a loop over the `&`s, decodes exactly as
// the pattern it replaced: XML's five names and numeric character references, anything else left as written. The
// expectation is that pattern, written here again; fast-check builds text from the pieces references are made of.
// And the point of it: 1 MB of `&#x61;` decodes in a fraction of the old time (CPU time, generous).
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeReferences } from '../../../../src/core/xml/parser.js';
import { cpuMsSideBySide } from '../../support/cpu.js';

const NAMES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|([A-Za-z]+));/g;

function character(cp: number, whole: string): string {
  return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : whole;
}

function byPattern(text: string): string {
  return text.replace(REFERENCE, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (dec !== undefined) return character(Number.parseInt(dec, 10), whole);
    if (hex !== undefined) return character(Number.parseInt(hex, 16), whole);
    return (name !== undefined && Object.hasOwn(NAMES, name) ? NAMES[name] : undefined) ?? whole;
  });
}

const PIECES = ['&', '#', 'x', 'X', ';', '0', '1', '9', 'a', 'F', 'g', 'amp', 'lt', 'gt', 'quot', 'apos', 'nbsp', 'AMP'];
const MORE = ['1114111', '10FFFF', '110000', 'D800', '0000', '12345678', 'é', '😀', ' ', '&#', '&#x', '&amp;', '&#x41;'];

void describe('decodeReferences', () => {
  void it('decodes as the pattern does, on text made of the pieces of references', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES, ...MORE), { maxLength: 40 }), (pieces) => {
        // Short and long text take two ways through the decoder.
        for (const text of [pieces.join(''), pieces.join('').repeat(12)])
          assert.equal(decodeReferences(text), byPattern(text), JSON.stringify(text));
      }),
      { numRuns: 20_000 },
    );
  });

  void it('decodes 1 MB of dense references in a fraction of what the pattern takes', () => {
    const text = '&#x61;&lt;&#98;'.repeat(70_000);
    assert.equal(decodeReferences(text), byPattern(text));
    const { pattern, loop } = cpuMsSideBySide({ pattern: () => byPattern(text), loop: () => decodeReferences(text) }, 5);
    assert.ok(loop < pattern * 0.7, `loop ${loop.toFixed(1)} ms vs pattern ${pattern.toFixed(1)} ms`);
  });
});
