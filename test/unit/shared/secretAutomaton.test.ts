// The search for known values (src/shared/secretAutomaton.ts) finds every occurrence of every value, overlapping ones
// too, whether it asks the text for each value first (a few values) or walks the automaton alone (many): both held
// to a reference that looks for each value at every position of the text.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Automaton } from '../../../src/shared/secretAutomaton.js';

/** Every [end, value] by trying each value at each position. */
function everyOccurrence(text: string, values: readonly string[]): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at++)
    values.forEach((value, v) => {
      if (value.length > 0 && text.startsWith(value, at)) out.push(`${at + value.length}:${v}`);
    });
  return out.sort();
}

function found(automaton: Automaton, text: string): string[] {
  const out: string[] = [];
  automaton.search(text, (end, v) => void out.push(`${end}:${v}`));
  return out.sort();
}

/** Texts and values over a small alphabet (so that values occur, overlap and nest), ASCII or not. */
const letters = fc.constantFrom('a', 'b', 'ab', 'é', 'e\u0301', '\u200b', 'Z', '/');
const word = (min: number, max: number) => fc.array(letters, { minLength: min, maxLength: max }).map((xs) => xs.join(''));

void describe('the search for known values', () => {
  for (const [name, count] of [
    ['a few values (each asked for first)', { min: 1, max: 12 }],
    ['many values (the automaton alone)', { min: 70, max: 90 }],
  ] as const) {
    void it(`${name}: finds what looking at every position finds`, () => {
      fc.assert(
        fc.property(fc.uniqueArray(word(1, 6), { minLength: count.min, maxLength: count.max }), word(0, 60), (values, text) => {
          assert.deepEqual(found(new Automaton(values), text), everyOccurrence(text, values));
        }),
        { numRuns: 200 },
      );
    });
  }

  // Values long enough to be asked from their first capital on (`Z`), nesting and overlapping one another as a
  // secret's base64 forms do (issue 50), in texts made of them, pieces of them and other letters.
  void it('a few long values, asked from their first capital on: finds what looking at every position finds', () => {
    const piece = fc.oneof(fc.nat(), word(0, 4), fc.tuple(fc.nat(), fc.nat()));
    fc.assert(
      fc.property(fc.uniqueArray(word(8, 24), { minLength: 1, maxLength: 12 }), fc.array(piece, { maxLength: 12 }), (values, pieces) => {
        const text = pieces
          .map((p) => {
            if (typeof p === 'string') return p;
            if (typeof p === 'number') return values[p % values.length] ?? '';
            const value = values[p[0] % values.length] ?? '';
            return value.slice(p[1] % (value.length + 1));
          })
          .join('');
        assert.deepEqual(found(new Automaton(values), text), everyOccurrence(text, values));
      }),
      { numRuns: 300 },
    );
  });

  void it('finds a value in a long text that holds none of the others, and nothing in one that holds none', () => {
    const values = ['AKIDSEARCH0000000001', 'searchSecret/000000000000000000', 'c2VhcmNoU2VjcmV0'];
    const filler = 'The service could not complete the request. '.repeat(2000);
    assert.deepEqual(found(new Automaton(values), filler), []);
    const text = `${filler}searchSecret/000000000000000000${filler}`;
    assert.deepEqual(found(new Automaton(values), text), [`${filler.length + values[1]!.length}:1`]);
  });
});
