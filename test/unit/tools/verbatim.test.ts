// The verbatim block both doors' send confirmations are made of (the MCP elicitation and the editor's chat
// confirmation, src/host/chat/sendTestSmsTool.ts, which used MarkdownString.appendText: that leaves `&amp;`-style
// references and HTML to the renderer, so `&sol;` showed as `/`). Any text, fences and references included, drawn by
// markdown-it (HTML and linkify on) and marked (GFM), comes back as one code block holding exactly that text.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { verbatimBlock } from '../../../src/tools/text/verbatim.js';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (o: { html: boolean; linkify: boolean }) => { render(src: string): string };

let renderers: Array<[string, (markdown: string) => string]> = [];
let decodeHTML: (html: string) => string = (s) => s;

/** The one code block the rendering must be, and its text with references decoded (undefined: anything else). */
function codeBlockText(html: string): string | undefined {
  const m = /^<pre><code>([^<]*)<\/code><\/pre>\n?$/.exec(html);
  return m ? decodeHTML(m[1] ?? '') : undefined;
}

/** Characters that mean something to Markdown or HTML, a fence's own, and plain ones. */
const MARKUP = [...'`~*_[]()<>!&#;\\/|-+=.:$ \nabc12'];
const markupText = fc.array(fc.constantFrom(...MARKUP), { maxLength: 80 }).map((cs) => cs.join(''));

void describe('verbatimBlock', () => {
  before(async () => {
    const md = new MarkdownIt({ html: true, linkify: true });
    const { marked } = await import('marked');
    renderers = [
      ['markdown-it', (m) => md.render(m)],
      ['marked', (m) => marked.parse(m, { gfm: true, async: false })],
    ];
    ({ decodeHTML } = await import('entities'));
  });

  void it("the issue's text, references, HTML and fences: one code block with the text as it is", () => {
    for (const text of [
      'Verify at [acme.example/verify](https://evil.example/steal?c=4711) \\*now\\*',
      'a &amp; b &sol; &#47; &nbsp; <b>x</b> <img src=x onerror=alert(1)>',
      '```\nnot closed ```` by `````\n~~~\n    indented\n```',
      'Profile: P (h)\nFrom: A*B*\n\nhttps://evil.example $(alert)',
    ]) {
      for (const [name, render] of renderers) assert.equal(codeBlockText(render(verbatimBlock(text))), `${text}\n`, `${name}: ${text}`);
    }
  });

  void it('any text of Markdown and HTML characters (property)', () => {
    fc.assert(
      fc.property(markupText, (text) => {
        // A block's last line break belongs to the block; a text's own trailing blanks and breaks are its own.
        fc.pre(!text.endsWith('\n'));
        for (const [name, render] of renderers) {
          const html = render(verbatimBlock(text));
          assert.equal(codeBlockText(html), `${text}\n`, `${name}: ${JSON.stringify(text)} → ${html}`);
        }
      }),
      { numRuns: 300 },
    );
  });
});
