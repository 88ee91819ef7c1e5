// Translators must get whole messages: a piece such as " after {0} attempts" or ": {0}" glued into
// "{3}{4}{5}" cannot be translated into a language with another word order. This guard reads every
// l10n.t('...') message in src/core, src/host, src/panels and src/webview and refuses fragments: leading or trailing blanks, leading
// punctuation, and placeholders directly next to each other.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';

const root = join(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/** The first argument of every l10n.t call whose message is a plain quoted string. */
function messages(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bl10n\.t\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g)) found.push(m[2] ?? '');
  return found;
}

/** Why `message` looks like a fragment of a sentence, or undefined when it reads as a whole. */
function fragment(message: string): string | undefined {
  if (message.trim() === '') return 'empty';
  if (/^\s|\s$/.test(message)) return 'starts or ends with a blank (glued to another piece)';
  if (/^[.,;:)\]!?]/.test(message)) return 'starts with punctuation (glued to another piece)';
  if (/\}\{/.test(message)) return 'placeholders next to each other (pieces assembled in code)';
  if (/^\{\d+\}$/.test(message)) return 'only a placeholder';
  return undefined;
}

function fragments(files: string[]): string[] {
  return files.flatMap((f) =>
    messages(readFileSync(f, 'utf8')).flatMap((m) => {
      const why = fragment(m);
      return why === undefined ? [] : [`${relative(root, f)}: ${JSON.stringify(m)}: ${why}`];
    }),
  );
}

void describe('translatable messages are whole', () => {
  // Each area with at least as many messages as it has today, give or take: a scan that finds none reads nothing.
  for (const [area, least] of [
    ['core', 30],
    ['shell', 3],
    ['host', 30],
    ['panels', 30],
    ['webview', 30],
  ] as const) {
    void it(`no l10n.t message in src/${area} is a fragment of a sentence`, () => {
      const files = sources(join(root, 'src', area));
      const all = files.flatMap((f) => messages(readFileSync(f, 'utf8')));
      assert.ok(all.length >= least, `the scan finds the messages of src/${area} (${all.length})`);
      assert.deepEqual(fragments(files), []);
    });
  }

  void it('would catch the fragments it is meant to refuse', () => {
    for (const bad of [' after {0} attempts', ': {0}', '{0} answered with HTTP {1}{2}{3}', '{0}', ' (service code {0})', 'limit{3} and ']) {
      assert.notEqual(fragment(bad), undefined, bad);
    }
    for (const good of ['{0} answered {1} {2} with HTTP {3}.', 'Invalid {0}: {1}', '<date> entry {0} has no dateID.', 'must not be "." or ".."']) {
      assert.equal(fragment(good), undefined, good);
    }
    assert.deepEqual(messages(`x = l10n.t('it\\'s {0}', a) + l10n.t("b \\"c\\"");`), ["it\\'s {0}", 'b \\"c\\"']);
  });
});
