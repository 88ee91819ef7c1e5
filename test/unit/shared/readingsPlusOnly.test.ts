// eachReading's short way for ASCII text (issue 41): when no value looked for holds a space, the text as written is
// not searched again folded (its fold only made `+` spaces), and the layers with every family undone start from the
// text itself instead of its fold. The readings it visits are those the definition gives — fold(text), then each
// layer undone and folded — computed here from decode() and fold() directly; and a secret spelled in such text
// (next to a `+0000` timestamp) is still masked in every spelling.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decode, eachReading, fold, literal, ANY_FAMILY_LAYERS, type EscapeKind } from '../../../src/shared/spelledText.js';
import { KnownSecrets } from '../../../src/shared/redact.js';

/** The any-family readings by their definition: fold(text), then up to three layers each undone and folded. */
function definedReadings(text: string): string[] {
  let reading = fold(literal(text, false)).text;
  const out: string[] = [];
  for (let layer = 0; layer < ANY_FAMILY_LAYERS; layer++) {
    const undone = decode(literal(reading, false), 'any').text;
    if (undone.length === reading.length) break;
    reading = fold(literal(undone, false)).text;
    out.push(reading);
  }
  return out;
}

/** Pieces an answer's ASCII text is made of: `+` and spaces among escapes of every family, marks spelled too. */
const PIECES = [
  '+',
  ' ',
  'a',
  'Z',
  '0',
  '%',
  '&',
  '\\',
  '#',
  ';',
  'u',
  'x',
  '%2B',
  '%20',
  '&#43;',
  '\\u002b',
  '%CC%81',
  '&#x301;',
  '\\u0301',
  '&amp;',
  '%25',
  '&#x25;',
  '%C3%A9',
  '&lt;',
  '\\u0022',
  '+%CC%81',
  '+&#769;',
  '%2541',
  '&amp;#x2B;',
];

void describe('readings of ASCII text when no value holds a space', () => {
  void it('visits, under every layer, exactly the readings the definition gives (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        const seen: Array<[string, readonly EscapeKind[]]> = [];
        eachReading(text, (r, steps) => seen.push([r, steps]), true, true, true);
        assert.deepEqual(
          seen.map(([r]) => r),
          definedReadings(text),
          JSON.stringify(text),
        );
        seen.forEach(([, steps], i) => assert.equal(steps.length, i + 1));
      }),
      { numRuns: 3000 },
    );
  });

  void it('masks a secret spelled in every family next to a `+0000` timestamp', () => {
    const secret = 'plusOnlySecretValue/0042';
    const known = new KnownSecrets();
    known.addCredentials('AKIDPLUSONLY0001', secret);
    const pct = (s: string): string => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    const spellings = [
      secret,
      pct(secret),
      pct(pct(secret)).replace(/%/g, '&#x25;'),
      [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
      [...secret].map((c) => `&amp;#${c.charCodeAt(0)};`).join(''),
    ];
    for (const spelled of spellings) {
      const text = `<timestamp>2024-06-15 14:03:27:481 +0000</timestamp><m>a+b ${spelled} c+d</m>`;
      const out = known.apply(text);
      assert.ok(!out.includes(spelled), `${spelled} -> ${out}`);
      assert.ok(out.includes('+0000') && out.includes('a+b'), out);
    }
  });
});
