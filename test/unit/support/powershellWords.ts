// How PowerShell's parser splits a line of bare words and single-quoted strings (what powershellWord writes): a
// quote character inside a string is written twice, and ‘ ’ ‚ ‛ are quote characters as much as '. PowerShell itself
// is not on the test machines, so the shell-word and MCP set-up tests read PowerShell lines with this.
import assert from 'node:assert/strict';

/** The words PowerShell's parser would pass for a line of bare words and '…' strings (what powershellWord writes). */
export function powershellWords(line: string): string[] {
  const quote = /['\u2018\u2019\u201a\u201b]/;
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === ' ') {
      i++;
      continue;
    }
    let word = '';
    if (quote.test(line[i]!)) {
      for (i++; ; i++) {
        assert.ok(i < line.length, `unterminated string in ${line}`);
        if (quote.test(line[i]!)) {
          // Two quote characters in a row are one literal quote (the second one's); one alone ends the string.
          if (i + 1 < line.length && quote.test(line[i + 1]!)) {
            word += line[i + 1];
            i++;
          } else {
            i++;
            break;
          }
        } else word += line[i];
      }
      assert.ok(i >= line.length || line[i] === ' ', `text after a string in ${line}`);
    } else {
      for (; i < line.length && line[i] !== ' '; i++) {
        assert.ok(!/["$`@,;&|<>(){}#]/.test(line[i]!), `${line[i]} in a bare word of ${line}`);
        word += line[i];
      }
      assert.ok(!word.startsWith('-') || /^--?[a-z]/.test(word), word);
    }
    words.push(word);
  }
  return words;
}
