// Long text runs set aside during the parse (src/core/xml/longText.ts) come back exactly as the parser reads them:
// fast-check builds documents with long runs of text, references, blanks at either end, comments and CDATA holding
// `<` and `>`, attributes holding `>`, and mixed content, and each parses to the same tree with and without setting
// them aside. And the point of it: a 1 MB status message parses in a fraction of the time (CPU time, generous).
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseXml } from '../../../../src/core/xml/parser.js';
import { LONG_RUN, setAsideLongText } from '../../../../src/core/xml/longText.js';
import { MAX_ATTRIBUTES, MAX_MARKUP } from '../../../../src/core/xml/limits.js';
import { scanXml } from '../../../../src/core/xml/scan.js';
import { cpuMsSideBySide } from '../../support/cpu.js';

const PIECES = [
  'a',
  'word ',
  ' ',
  '\n',
  '\t',
  '&amp;',
  '&lt;',
  '&#x41;',
  '&#66;',
  '&quot;',
  '&unknown;',
  '>',
  'é',
  '\u200b',
  '%41',
  '\\u0041',
];

/** A long run: pieces repeated past LONG_RUN, with blanks at either end or not. */
const longRun = fc
  .tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }), fc.boolean(), fc.boolean())
  .map(([pieces, lead, tail]) => {
    const unit = pieces.join('');
    return `${lead ? '  \n ' : ''}${unit.repeat(Math.ceil((LONG_RUN + 10) / Math.max(unit.length, 1)))}x${tail ? ' \n\t' : ''}`;
  });
const shortText = fc.constantFrom('', 'ok', ' 12 ', '&amp;x');
const extra = fc.constantFrom('', '<!-- a < b > c -->', '<![CDATA[ <not a tag> ]]>', '<?pi x > y?>', '<empty/>', '<i k="1 > 0">v</i>');

const documents = fc
  .array(fc.tuple(fc.oneof(longRun, shortText), extra, fc.oneof(longRun, shortText)), { minLength: 1, maxLength: 4 })
  .map(
    (parts) =>
      `<?xml version="1.0"?><response a="x > y"><status><code>500</code><message>${parts[0]![0]}</message></status>` +
      parts.map(([before, mid, after], i) => `<m${i}>${before}${mid}${after}</m${i}>`).join('') +
      `</response>`,
  );

void describe('long text set aside during the parse', () => {
  void it('parses to the same tree as the parser reading it all', () => {
    fc.assert(
      fc.property(documents, (xml) => {
        assert.deepEqual(parseXml(xml), parseXml(xml, false));
      }),
      { numRuns: 150 },
    );
  });

  void it('leaves documents without long runs, or holding a placeholder character, to the parser', () => {
    assert.equal(setAsideLongText('<r>short</r>', Infinity), undefined);
    assert.equal(setAsideLongText(`<r>${'\uE000'.repeat(LONG_RUN + 1)}</r>`, Infinity), undefined);
    const long = `<r>${'x'.repeat(LONG_RUN + 1)}</r>`;
    assert.notEqual(setAsideLongText(long, LONG_RUN + 4), undefined);
    assert.equal(setAsideLongText(long, LONG_RUN), undefined, 'the gap the scan found rules the run out');
  });

  void it("takes the scan's widest gap, which is never narrower than the widest between any two '<'", () => {
    fc.assert(
      fc.property(documents, (xml) => {
        // Every `<`, comments', CDATA sections' and instructions' own included, looked for one by one.
        let widest = 0;
        let last = 0;
        for (let i = 0; i < xml.length; i++) {
          if (xml[i] !== '<') continue;
          widest = Math.max(widest, i - last);
          last = i;
        }
        widest = Math.max(widest, xml.length - last);
        const facts = { reservedName: false, widestGap: 0 };
        assert.equal(scanXml(xml, MAX_MARKUP, MAX_ATTRIBUTES, facts), undefined);
        assert.ok(facts.widestGap >= widest, `scan ${facts.widestGap}, every '<' ${widest}`);
      }),
      { numRuns: 150 },
    );
  });

  void it('reads a 1 MB status message in a fraction of what the parser alone takes (CPU time)', () => {
    const xml = `<response><status><code>500</code><message>${'The upstream service said no. '.repeat(33_000)}</message></status></response>`;

    const { aside, whole } = cpuMsSideBySide({ aside: () => parseXml(xml), whole: () => parseXml(xml, false) }, 5);
    assert.ok(aside * 3 <= whole, `set aside ${aside.toFixed(1)} ms, read by the parser ${whole.toFixed(1)} ms`);
  });
});
