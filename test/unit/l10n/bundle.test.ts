// The string bundle (l10n/bundle.l10n.json) must be exactly what `npm run l10n:export` extracts from
// src/shell, src/host, src/panels, src/webview, src/core and src/tools today: a message added, changed or removed in the code without
// re-exporting fails here. Translations (l10n/bundle.l10n.<lang>.json, package.nls.<lang>.json) may
// only translate messages that exist and must keep their placeholders. (package.nls.json against
// the %key%s of package.json is checked in test/unit/shared/manifest.test.ts.)
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';

const root = join(__dirname, '..', '..', '..');
type Bundle = Record<string, string | { message: string; comment: string[] }>;

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The placeholders of a message, as a sorted list ("{0}", "{1}" …). */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{(\d+)\}/g)].map((m) => m[0]).sort();
}

function messageOf(v: Bundle[string] | undefined): string | undefined {
  return typeof v === 'string' ? v : v?.message;
}

/** Problems of a translation against its source: unknown keys, non-string values, placeholder drift. */
function translationProblems(source: Bundle, translation: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(translation)) {
    const original = messageOf(source[key]);
    if (original === undefined) problems.push(`unknown message: ${key}`);
    else if (typeof value !== 'string') problems.push(`not a string: ${key}`);
    else if (placeholders(value).join() !== placeholders(original).join()) problems.push(`placeholders differ: ${key} -> ${value}`);
  }
  return problems;
}

/** `l10n:export` as package.json defines it, with the output redirected to `outDir`. */
function exportArgs(outDir: string): string[] {
  const pkg = readJson<{ scripts: Record<string, string>; l10n?: string }>(join(root, 'package.json'));
  const script = pkg.scripts['l10n:export'] ?? '';
  const words = script.split(/\s+/);
  assert.deepEqual(words.slice(0, 2), ['vscode-l10n-dev', 'export'], script);
  const outIndex = words.indexOf('--outDir');
  assert.ok(outIndex > 1, 'the script names its output folder');
  assert.equal(join(root, words[outIndex + 1] ?? ''), join(root, pkg.l10n ?? '-'), 'the script writes where package.json "l10n" points');
  const paths = words.slice(2).filter((_, i) => i + 2 !== outIndex && i + 2 !== outIndex + 1);
  assert.deepEqual(paths.map((p) => p.replace(/^\.\//, '')).sort(), ['src/core', 'src/host', 'src/panels', 'src/shell', 'src/tools', 'src/webview'], 'the core, the shell, the host, the panel kinds, the tools and the webviews are scanned');
  return ['export', '--outDir', outDir, ...paths];
}

void describe('l10n bundle', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'vstk-l10n-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));
  const committed = readJson<Bundle>(join(root, 'l10n', 'bundle.l10n.json'));

  // The exporter parses every source file: minutes on a busy machine, not the default minute.
  void it('is what `npm run l10n:export` produces from the current sources', { timeout: 300_000 }, async () => {
    const cli = join(root, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');
    // process.execPath is the project's Node 24 (the exporter needs >= 22).
    await promisify(execFile)(process.execPath, [cli, ...exportArgs(tmp)], { cwd: root });
    const fresh = readJson<Bundle>(join(tmp, 'bundle.l10n.json'));
    const missing = Object.keys(fresh).filter((k) => !(k in committed));
    const stale = Object.keys(committed).filter((k) => !(k in fresh));
    assert.deepEqual({ missing, stale }, { missing: [], stale: [] }, 'l10n/bundle.l10n.json is out of date: run npm run l10n:export');
    assert.deepEqual(committed, fresh);
  });

  void it('holds the webview texts and the panel titles, not only the host messages', () => {
    for (const key of ['Retry', 'Show raw XML', 'Previous month', 'Voice instance {0}', 'Loading…', 'The access key id is empty.']) {
      assert.ok(key in committed, key);
    }
    assert.ok(Object.keys(committed).some((k) => k.startsWith('Calls {0} · {1}/')), 'the month view title');
  });

  void it('has translations only of known messages, with the same placeholders', () => {
    const nls = readJson<Bundle>(join(root, 'package.nls.json'));
    const checks: [string, Bundle][] = [
      ...readdirSync(join(root, 'l10n')).filter((f) => /^bundle\.l10n\.[\w-]+\.json$/.test(f)).map((f): [string, Bundle] => [join('l10n', f), committed]),
      ...readdirSync(root).filter((f) => /^package\.nls\.[\w-]+\.json$/.test(f)).map((f): [string, Bundle] => [f, nls]),
    ];
    for (const [file, source] of checks) {
      assert.deepEqual(translationProblems(source, readJson(join(root, file))), [], file);
    }
  });

  void it('reports a translation of an unknown message or with a lost placeholder', () => {
    const source: Bundle = { 'Loading {0}…': 'Loading {0}…', 'Hi/greeting': { message: 'Hi', comment: ['greeting'] } };
    assert.deepEqual(translationProblems(source, { 'Loading {0}…': 'Lädt {0}…', 'Hi/greeting': 'Hallo' }), []);
    assert.deepEqual(translationProblems(source, { 'Loading {0}…': 'Lädt…', Gone: 'Weg' }), [
      'placeholders differ: Loading {0}… -> Lädt…',
      'unknown message: Gone',
    ]);
  });
});
