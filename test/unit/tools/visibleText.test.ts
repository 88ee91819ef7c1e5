import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { visibleSmsText } from '../../../src/tools/text/visibleText.js';
import { cpuMsSideBySide } from '../support/cpu.js';

void describe('visibleSmsText (the SMS confirmation quote)', () => {
  void it('keeps ordinary text, spaces and emoji as they are', () => {
    assert.equal(visibleSmsText('Hello, wörld! 👋 (test) https://example.com/a?b=c'), 'Hello, wörld! 👋 (test) https://example.com/a?b=c');
  });

  void it('shows line breaks as ⏎ and keeps the text one paragraph', () => {
    assert.equal(visibleSmsText('a\nb\r\nc'), 'a⏎b⟨U+000D⟩⏎c');
  });

  void it('spells out what a dialog would not draw', () => {
    const hidden = [
      '\u200B',
      '\u200D',
      '\u202E',
      '\u2066',
      '\u00AD',
      '\uFEFF',
      '\u3164',
      '\u{E0041}',
      '\uE000',
      '\u00A0',
      '\u2029',
      '\t',
      '\u0000',
      '\uD800',
    ];
    for (const c of hidden) {
      const shown = visibleSmsText(`a${c}b`);
      assert.equal(shown, `a⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩b`, JSON.stringify(c));
    }
  });

  void it('is linear: ten times the invisible characters cost about ten times the CPU time, not a hundred', () => {
    const small = '\u200B\n'.repeat(10_000);
    const large = '\u200B\n'.repeat(100_000);
    assert.equal(visibleSmsText(large).length, 100_000 * 9);
    // CPU time side by side, not the wall clock: a busy machine moves both alike.
    const cost = cpuMsSideBySide({ small: () => visibleSmsText(small), large: () => visibleSmsText(large) }, 5);
    const ratio = cost.large / Math.max(cost.small, 0.05);
    assert.ok(ratio < 30, `10x the text cost ${ratio.toFixed(1)}x (small ${cost.small.toFixed(2)} ms, large ${cost.large.toFixed(2)} ms)`);
  });
});
