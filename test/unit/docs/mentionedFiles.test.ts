// Words that stay true: every Markdown file, and every source path (a/b.ts), that a comment, script or page names is
// one this repository has, so a maintainer who clones it can follow every pointer (a file of another checkout, or
// one that moved, fails here).
import assert from 'node:assert/strict';
import { existsSync, globSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const root = path.join(__dirname, '..', '..', '..');
const SCANNED = ['src/**/*.ts', 'test/**/*.{ts,js}', 'scripts/**/*.{ts,md}', 'bench/**/*.ts', 'docs/**/*.md', 'README.md', '*.mjs'];
/** Written by a script, never kept: the packaged README (scripts/editor/package.ts), and the names vsce gives files inside a VSIX. */
const GENERATED = new Set(['README.vsix.md', 'readme.md', 'changelog.md']);
/** A path-like token ending in .md; linear (one character class, then a literal). */
const MENTION = /[\w./-]+\.md\b/g;
/** A source path with at least one folder (`webviews/panelPage.ts`); its segments hold no '/', so it is linear. */
const SOURCE_PATH = /(?<![\w@/.-])((?:\.\.?\/)*[\w.-]+(?:\/[\w.-]+)+\.ts)\b/g;

/** The source paths `text` names that are no file's path, nor the end of one, nor a path from the file's folder. */
export function missingSourcePaths(text: string, file: string, suffixes: ReadonlySet<string>): string[] {
  const missing = new Set<string>();
  for (const [, name] of text.matchAll(SOURCE_PATH)) {
    if (name!.includes('node_modules/')) continue;
    const fromFile = path.normalize(path.join(path.dirname(file), name!));
    if (!suffixes.has(path.normalize(name!).replace(/^(\.\.\/)+/, '')) && !suffixes.has(fromFile)) missing.add(name!);
  }
  return [...missing];
}

/** Every path of a .ts file here and every tail of one (`host/features.ts`, `features.ts`). */
function sourceSuffixes(files: string[]): Set<string> {
  const out = new Set<string>();
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 0; i < parts.length; i++) out.add(parts.slice(i).join('/'));
  }
  return out;
}

/** The Markdown files `text` names that resolve neither from the repository's root, the file's folder nor docs/. */
export function missingMentions(text: string, file: string, exists: (p: string) => boolean): string[] {
  const missing = new Set<string>();
  for (const [m] of text.matchAll(MENTION)) {
    const name = m.replace(/^\.\//, '');
    if (GENERATED.has(path.basename(name)) || /^https?:/.test(name)) continue;
    const tries = [name, path.join(path.dirname(file), name), path.join('docs', name)];
    if (!tries.some((t) => exists(path.normalize(t)))) missing.add(name);
  }
  return [...missing];
}

void describe('files named in the repository', () => {
  void it('every Markdown file a comment, script or page names exists here', () => {
    // This file names missing ones on purpose, in its own cases.
    const files = SCANNED.flatMap((g) => globSync(g, { cwd: root })).filter((f) => f !== path.relative(root, __filename));
    assert.ok(files.length > 300, `scanned ${files.length} files`);
    const exists = (p: string): boolean => existsSync(path.join(root, p));
    const missing = files.flatMap((f) =>
      missingMentions(readFileSync(path.join(root, f), 'utf8'), f, exists).map((m) => `${f}: ${m}`),
    );
    assert.deepEqual(missing, []);
  });

  void it('every source path a comment, script or page names exists here', () => {
    const files = SCANNED.flatMap((g) => globSync(g, { cwd: root })).filter((f) => f !== path.relative(root, __filename));
    const suffixes = sourceSuffixes(['src', 'test', 'scripts', 'bench'].flatMap((d) => globSync(`${d}/**/*.ts`, { cwd: root })));
    const missing = files.flatMap((f) =>
      missingSourcePaths(readFileSync(path.join(root, f), 'utf8'), f, suffixes).map((m) => `${f}: ${m}`),
    );
    assert.deepEqual(missing, []);
  });

  void it('finds a file of another checkout, and one a relative link misses', () => {
    const exists = (p: string): boolean => ['docs/usage.md', 'README.md'].includes(p);
    assert.deepEqual(missingMentions('// the names product.md fixes', 'src/shared/ids.ts', exists), ['product.md']);
    assert.deepEqual(missingMentions('see [usage](usage.md) and ../README.md', 'docs/mcp.md', exists), []);
    assert.deepEqual(missingMentions('see [usage](docs/usage.md)', 'docs/mcp.md', exists), []);
    assert.deepEqual(missingMentions('see ../architecture.md', 'docs/mcp.md', exists), ['../architecture.md']);
    const suffixes = sourceSuffixes(['src/host/features.ts', 'src/host/webviews/panelPage.ts']);
    assert.deepEqual(missingSourcePaths('(dist/features.js, bundles/features.ts exports it)', 'src/host/webviews/x.ts', suffixes), [
      'bundles/features.ts',
    ]);
    assert.deepEqual(missingSourcePaths('host/features.ts and ./panelPage.ts and ../webviews/panelPage.ts', 'src/host/webviews/x.ts', suffixes), []);
  });
});
