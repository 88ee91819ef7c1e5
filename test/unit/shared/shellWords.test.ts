// An argument written for each shell a user pastes a command line into. The POSIX form is run through a real `sh -c`
// with a stub program that prints the argv it received; PowerShell is not on this machine, so its form is read back by
// the language's own rules for single-quoted strings (a quote inside is written twice, and ‘ ’ ‚ ‛ count as quotes).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { posixWord, powershellWord } from '../../../src/shared/shellWords.js';
import { powershellWords } from '../support/powershellWords.js';

const AWKWARD = [
  "/home/O'Brien/My Files/mcp.js",
  "it's ‘curly’ ‚low‛ and 'straight'",
  '${VOICESMS_SECRET} $(whoami) `id` "double" \\back\\slash',
  '{"type":"stdio","env":{"A":"x y"}}',
  'a;b&c|d<e>f*g?h!i#j~k',
  'plain-word_1.2/x:y',
  '',
];

void describe('shell words', () => {
  void it('POSIX: sh -c passes each word to the program exactly as given (spaces, quotes, $, backquotes, globs)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vstk-shellwords-'));
    try {
      const stub = path.join(dir, 'print-argv');
      writeFileSync(stub, `#!${process.execPath}\nprocess.stdout.write(JSON.stringify(process.argv.slice(2)));\n`);
      chmodSync(stub, 0o755);
      const line = [stub, ...AWKWARD].map(posixWord).join(' ');
      // An empty environment: a $NAME the quoting let through would expand to nothing and show.
      const out = execFileSync('sh', ['-c', line], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' }, cwd: dir });
      assert.deepEqual(JSON.parse(out), AWKWARD);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it('PowerShell: single-quoted, every straight or typographic single quote doubled; bare only when nothing is special', () => {
    assert.equal(powershellWord("/home/O'Brien/My Files/mcp.js"), "'/home/O''Brien/My Files/mcp.js'");
    assert.equal(powershellWord('‘x’ ‚y‛'), "'‘‘x’’ ‚‚y‛‛'");
    assert.equal(powershellWord('${A} $(b)'), "'${A} $(b)'", 'nothing inside single quotes is expanded');
    assert.equal(powershellWord('voice-sms-demo-offline'), 'voice-sms-demo-offline');
    assert.equal(powershellWord('-x'), "'-x'", 'a word starting with a dash is not a parameter name');
    assert.equal(powershellWord('a,b'), "'a,b'", 'a comma would make an array');
    assert.equal(powershellWord('@x'), "'@x'", 'an @ would splat');
    assert.equal(powershellWord(''), "''");
    assert.deepEqual(powershellWords(AWKWARD.map(powershellWord).join(' ')), AWKWARD);
  });
});
