// A guard for the host: user-facing texts (notifications, quick-input titles/prompts/placeholders,
// tree item labels/tooltips, status bar texts, progress titles, errors users see) go through
// vscode.l10n.t (or @vscode/l10n in the vscode-free modules), never as bare English literals.
// Log lines may stay English, and a command's manifest is package.json's text (translated through
// package.nls.json); the few deliberate exceptions are listed with their reason.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';

const root = join(__dirname, '..', '..', '..');

/** Literal (quoted or template) English in a place the user reads. */
const USER_FACING: RegExp[] = [
  /show(Information|Warning|Error)Message\(\s*['"`]/,
  /\b(title|placeholder|placeHolder|prompt|tooltip|description|detail|label|text|message)\s*[:=]\s*['"`][^'"`$]*[A-Za-z]{2}/,
  /new vscode\.(TreeItem|MarkdownString)\(\s*['"`][^'"`$]*[A-Za-z]{2}/,
  /withProgress\(\s*['"`]/,
  /new Error\(\s*['"`][^'"`$]*[A-Za-z]{2}/,
  // The core's errors users see: a VoiceSmsError's message, a validation reason, a parse error.
  /new VoiceSmsError\(\s*'\w+',\s*['"`]/,
  /validationError\([^,]+,\s*['"`]/,
  /parseError\(\s*['"`]/,
  /warnings\.push\(\s*['"`]/,
];

/** file (or every file a pattern matches) -> literal allowed there, and why. */
const EXCEPTIONS: [file: string | RegExp, text: string, why: string][] = [
  [/^src\/panels\/\w+\/controller\.ts$/, "protected readonly label = '", "a kind's label names its panel in log lines only"],
  ['src/host/commands/instanceListInput.ts', "box.placeholder = 'VI-…'", 'the shape of an id, not words'],
  ['src/host/months/abort.ts', "new Error('The load was cancelled.')", 'an AbortError: cancellation is never shown'],
  ['src/host/commands/signInInput.ts', 'new Error(`Sign in: "${field}"', 'validates arguments of a programmatic command call'],
  ['src/host/commands/profileArg.ts', 'new Error(\'"', 'validates arguments of a programmatic command call'],
  ['src/host/webviews/html.ts', "new Error('a bundle holds", 'a build bug: esbuild.mjs refuses to write such a bundle'],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/** Whether each line of `lines` lies inside an `l10n.t({ … })` call spread over several lines (as the formatter writes it). */
function insideL10nObject(lines: string[]): boolean[] {
  let inside = false;
  return lines.map((line) => {
    const was = inside;
    if (!inside && /\bl10n\.t\(\{\s*$/.test(line)) inside = true;
    else if (inside && /^\s*\}\)/.test(line)) inside = false;
    return was;
  });
}

/**
 * Whether each line lies in a command's `manifest: { … }` (src/host/commands): package.json's text, which
 * npm run commands:manifest writes into package.nls.json, where translations find it.
 */
function insideManifest(lines: string[]): boolean[] {
  let closing: string | undefined;
  return lines.map((line) => {
    if (closing !== undefined) {
      if (line.startsWith(closing)) closing = undefined;
      return true;
    }
    const open = /^(\s*)manifest: \{\s*$/.exec(line);
    if (open) closing = `${open[1] ?? ''}}`;
    return open !== null || /^\s*manifest: \{.*\},?$/.test(line);
  });
}

/** Lines of `text` that put English on screen without l10n (comments, log calls and commands' manifests skipped). */
function bareStrings(file: string, text: string): string[] {
  const lines = text.split('\n');
  const inL10n = insideL10nObject(lines);
  const inManifest = insideManifest(lines);
  return lines
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ n }) => !inL10n[n - 1] && !inManifest[n - 1])
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .filter(({ line }) => !/\bl10n\.t\(/.test(line))
    .filter(({ line }) => !/\blog\.(trace|debug|info|warn|error)\(/.test(line))
    .filter(({ line }) => USER_FACING.some((re) => re.test(line)))
    .filter(({ line }) => !EXCEPTIONS.some(([f, t]) => (typeof f === 'string' ? f === file : f.test(file)) && line.includes(t)))
    .map(({ line, n }) => `${file}:${n}: ${line.trim()}`);
}

void describe('host user-facing strings', () => {
  void it('all go through l10n', () => {
    // The panel kinds' host side too (their registrations and controllers; a page is checked in the browser tests).
    const panels = sources(join(root, 'src', 'panels')).filter((f) => !relative(root, f).split(/[\\/]/).includes('page'));
    const files = [...sources(join(root, 'src', 'shell')), ...sources(join(root, 'src', 'host')), ...panels, join(root, 'src', 'extension.ts')];
    const found = files.flatMap((f) => bareStrings(relative(root, f), readFileSync(f, 'utf8')));
    assert.deepEqual(found, []);
  });

  void it('the core\'s messages go through l10n too', () => {
    const found = sources(join(root, 'src', 'core')).flatMap((f) => bareStrings(relative(root, f), readFileSync(f, 'utf8')));
    assert.deepEqual(found, []);
  });

  void it('every listed exception still exists (no stale allowance)', () => {
    for (const [file, text] of EXCEPTIONS) {
      const files = typeof file === 'string' ? [file] : sources(join(root, 'src')).map((f) => relative(root, f)).filter((f) => file.test(f));
      assert.ok(files.length > 0, `${String(file)} matches no file`);
      for (const f of files) assert.ok(readFileSync(join(root, f), 'utf8').includes(text), `${f}: ${text}`);
    }
  });

  void it('would catch a bare notification, prompt, tree label or error', () => {
    const sample = [
      "void vscode.window.showWarningMessage('Balance is low');",
      "  placeHolder: 'Pick a profile',",
      "const item = new vscode.TreeItem('No instances');",
      "item.tooltip = `Last refresh ${when}`;",
      "throw new Error('Not signed in');",
      "void vscode.window.showWarningMessage(vscode.l10n.t('Balance is low'));",
      "log.warn(`loading failed: ${e}`);",
    ].join('\n');
    assert.equal(bareStrings('x.ts', sample).length, 5);
  });

  void it("leaves a command's manifest to package.nls.json, and catches what follows it", () => {
    const sample = [
      'export const command: HostCommand = {',
      '  manifest: {',
      "    title: 'Show Log',",
      "    menus: [{ menu: 'view/title', when: VIEW.any, group: '9_log@1' }],",
      '  },',
      "  run: () => vscode.window.showInputBox({ prompt: 'Which log?' }),",
      '};',
      'export const other: HostCommand = {',
      "  manifest: { title: 'Copy ID' },",
      "  run: () => vscode.window.showInputBox({ prompt: 'Which id?' }),",
      '};',
    ].join('\n');
    assert.deepEqual(
      bareStrings('x.ts', sample).map((l) => l.split(':')[1]),
      ['6', '10'],
    );
  });
});
