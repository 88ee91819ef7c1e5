import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INERT_COLON, inertLine, inertText, markdownText } from '../../../src/shared/untrustedText.js';

// What VS Code's notification renderer takes for a link: [label](target) with these schemes.
const NOTIFICATION_LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)[^)\s]+\)/i;
const ANY_SCHEME = /\b(?:command|file|https?|vscode|javascript|data):/i;

void describe('inertText: service text never becomes a link (security)', () => {
  const hostile = '[Retry](command:voiceSms.signOut?{"removeProfile":true})';

  void it('breaks a command link but keeps its words readable', () => {
    const out = inertText(hostile);
    assert.doesNotMatch(out, NOTIFICATION_LINK);
    assert.doesNotMatch(out, ANY_SCHEME);
    assert.ok(out.includes('Retry') && out.includes('voiceSms.signOut'), out);
    assert.equal(out, `[Retry] (command${INERT_COLON}voiceSms.signOut?{"removeProfile":true})`);
  });

  void it('breaks https, file and vscode links, autolinks and bare URIs', () => {
    for (const text of [
      '[docs](https://evil.example/x)',
      '[open](file:///etc/passwd)',
      'see <https://evil.example> now',
      'bare command:workbench.action.terminal.new here',
      'vscode://some.extension/run and vscode-insiders://x',
      'javascript:alert(1) and data:text/html,x',
      'visit www.evil.example',
      'scheme-less ssh://host and custom+x://y',
    ]) {
      const out = inertText(text);
      assert.doesNotMatch(out, ANY_SCHEME, out);
      assert.doesNotMatch(out, /:\/\//, out);
      assert.doesNotMatch(out, /www\./, out);
    }
  });

  void it('breaks reference links, codicons and HTML tags', () => {
    assert.equal(inertText('[a][ref] and [ref]: x'), '[a] [ref] and [ref] : x');
    assert.equal(inertText('$(trash) delete'), '$ (trash) delete');
    assert.equal(inertText('<img src=x onerror=1> </b> <!-- c -->'), '‹img src=x onerror=1> ‹/b> ‹!-- c -->');
  });

  void it('replaces bidi overrides and control characters, keeps line breaks and ordinary text', () => {
    assert.equal(inertText('a\u202eb\u0007c\nd'), 'a b c\nd');
    const plain = 'HTTP 400 InvalidParameterValue: month 202413 is not a month (1 < 2, 12:30)';
    assert.equal(inertText(plain), plain);
  });

  void it('is idempotent', () => {
    const once = inertText(`${hostile} <https://x> $(x)`);
    assert.equal(inertText(once), once);
  });
});

void describe('inertLine', () => {
  void it('puts the text on one line and cuts it', () => {
    assert.equal(inertLine('a\n\n b\tc'), 'a b c');
    assert.equal(inertLine('x'.repeat(10), 4), 'xxxx…');
  });
});

void describe('markdownText: service text in a MarkdownString (security)', () => {
  void it('escapes every markdown character, so nothing formats or links', () => {
    const out = markdownText('VI-1 [x](command:y) **b** `c` <b> $(z) _i_ # h');
    assert.doesNotMatch(out, /(?<!\\)[[\]()*`<>$_#]/, out);
    assert.doesNotMatch(out, ANY_SCHEME, out);
  });

  void it('keeps line breaks as hard breaks', () => {
    assert.equal(markdownText('a\nb'), 'a  \nb');
  });
});
