// The MCP send confirmation as a client draws it (issue 50, item 1). VS Code draws an elicitation's message as
// Markdown: a text such as `Verify at [acme.example/verify](https://evil.example/steal?c=4711) \*now\*` showed a link
// labelled "acme.example/verify" while the evil address went out, and its backslashes vanished. Here the message is
// rendered by two real Markdown renderers (markdown-it with HTML and linkify on, as the editor's preview runs it, and
// marked with GFM), and what a reader sees — the HTML's text, its references decoded by a decoder of its own — must
// hold every line of the send as it is sent, with no link, emphasis, image or other element made of the text.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { confirmationText } from '../../../src/mcp/confirmation.js';
import type { SendDetails } from '../../../src/tools/spec.js';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (o: { html: boolean; linkify: boolean }) => { render(src: string): string };

type Render = (markdown: string) => string;
let renderers: Array<[string, Render]> = [];
let decodeHTML: (html: string) => string = (s) => s;

/** The elements a renderer may make of a verbatim block: the block itself, nothing else. */
const ALLOWED = new Set(['pre', 'code', 'p']);

/** What a reader of the rendered HTML sees: its text, with its references decoded. */
function visible(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, ''));
}

function tagsOf(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => (m[1] ?? '').toLowerCase());
}

const ANALYSIS = { encoding: 'GSM-7' as const, characters: 60, units: 60, segments: 1, perSegment: 160, remainingInSegment: 100 };

function details(body: string, from = 'ACME'): SendDetails {
  return { profile: 'Production', host: 'api.example.com', from, to: '+4915123456789', body, analysis: ANALYSIS };
}

void describe('the MCP send confirmation, drawn by Markdown renderers', () => {
  before(async () => {
    const md = new MarkdownIt({ html: true, linkify: true });
    const { marked } = await import('marked');
    renderers = [
      ['markdown-it', (m) => md.render(m)],
      ['marked', (m) => marked.parse(m, { gfm: true, async: false })],
    ];
    ({ decodeHTML } = await import('entities'));
  });

  const BODIES: Array<[string, string]> = [
    ["the issue's link and escaped stars", 'Verify at [acme.example/verify](https://evil.example/steal?c=4711) \\*now\\*'],
    ['an autolink and a bare address', 'Log in <https://evil.example/a> or https://evil.example/b or www.evil.example'],
    ['character references', 'a &amp; b &lt;tag&gt; &sol;x &#47;y &#x2F;z &nbsp;'],
    ['HTML', '<b>bold</b> <img src=x onerror=alert(1)> <a href="https://evil.example">here</a>'],
    ['backtick runs and a fence', '```` ``` ` `` close ``` and ````` five'],
    ['a line that would open a list, a heading or a quote', '# Title > quote - item 1. item ~~~ *em* _em_ **strong** ~~gone~~'],
    ['backslashes', 'C:\\path\\to\\file \\\\ \\` \\[x\\]'],
    ['icons and commands', '$(alert) [x](command:workbench.action.quit) ![i](https://evil.example/i.png)'],
  ];

  for (const [what, body] of BODIES) {
    void it(`${what}: every character shown as sent, nothing made a link or markup`, () => {
      const message = confirmationText(details(body));
      for (const [name, render] of renderers) {
        const html = render(message);
        const seen = visible(html);
        assert.ok(seen.includes(`\n${body}\n`), `${name} does not show the text as sent:\n${seen}\n--- from ---\n${html}`);
        for (const line of ['Send this SMS?', 'Profile: Production (api.example.com)', 'From: ACME', 'To: +4915123456789']) {
          assert.ok(seen.includes(line), `${name}: "${line}" missing from\n${seen}`);
        }
        const made = tagsOf(html).filter((t) => !ALLOWED.has(t));
        assert.deepEqual(made, [], `${name} made ${made.join(', ')} of the text:\n${html}`);
      }
    });
  }

  void it('a sender id with Markdown in it is shown as it is too', () => {
    const message = confirmationText(details('hello', 'A*B*_C_[D]'));
    for (const [name, render] of renderers) {
      const html = render(message);
      assert.ok(visible(html).includes('From: A*B*_C_[D]'), `${name}: ${html}`);
      assert.deepEqual(
        tagsOf(html).filter((t) => !ALLOWED.has(t)),
        [],
        `${name}: ${html}`,
      );
    }
  });
});
