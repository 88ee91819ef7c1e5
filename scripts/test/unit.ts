// `npm run test:unit [-- <file or glob> ...]`: the unit files in plain Node (node:test through tsx), several files
// at once, then the files that compare CPU time in a serial group of their own: a ratio read while other files run
// measures the neighbours as much as the code. A file belongs to that group when it imports test/unit/support/cpu.ts,
// so nobody keeps a list. Writes its counts for the stage table of `npm test` (scripts/test/stages.ts).
import { spawn } from 'node:child_process';
import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../editor/paths.js';
import { runMain } from '../editor/processes.js';
import { recordStage, type StageCounts } from './stages.js';

const HELP = `usage: npm run test:unit [-- [--concurrency <n>] [<file or glob> ...]]
  with no files: every test/unit/**/*.test.ts
  --concurrency  files run at once outside the serial group (default: twice the cores, at least 2)`;

const ALL = 'test/unit/**/*.test.ts';
/**
 * Files that measure CPU time side by side (test/unit/support/cpu.ts) run alone, and so does a file whose first
 * lines say `// unit: alone` (a soak whose real-time deadlines a crowded machine would turn into retries).
 */
const SERIAL_MARK = /from ['"][./]*\/?support\/cpu\.js['"]|^\/\/ unit: alone\b/m;
/**
 * Files that drive a browser, start processes or run async properties take minutes where others take seconds: they
 * start first, so the run does not end waiting on one long file begun last (node --test starts files in the order
 * given). Read from the files themselves, so nobody keeps a list.
 */
const LONG_MARK = /\bspawn\(|\bexecFile\b|\bbuildServer\(|\bfc\.asyncProperty\(|\blaunch\(/;

/** Long files first (larger first), then the rest in name order. */
function longFirst(files: string[]): string[] {
  const weight = new Map(
    files.map((f) => {
      const text = readFileSync(path.join(repoRoot, f), 'utf8');
      return [f, f.includes('.browser.') || LONG_MARK.test(text) ? text.length : 0] as const;
    }),
  );
  return [...files].sort((a, b) => weight.get(b)! - weight.get(a)! || a.localeCompare(b));
}

function testFiles(patterns: string[]): string[] {
  const found = new Set<string>();
  for (const p of patterns.length > 0 ? patterns : [ALL]) {
    const matches = /[*?[{]/.test(p) ? globSync(p, { cwd: repoRoot }) : [p];
    if (matches.length === 0) throw new Error(`no test file matches ${p}`);
    for (const m of matches) found.add(path.relative(repoRoot, path.resolve(repoRoot, m)));
  }
  return [...found].sort();
}

/** Runs node --test over `files`; resolves with its counts, read from the spec reporter's summary. */
function nodeTest(files: string[], concurrency: number): Promise<StageCounts> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-timeout=60000', '--test-reporter=spec', ...files],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    // The summary's counts come before the list of failures, which can be long: read them as they pass.
    const summary = new Map<string, number>();
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^ℹ (tests|fail|cancelled) (\d+)$/.exec(line);
        if (m) summary.set(m[1]!, Number(m[2]));
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const tests = summary.get('tests') ?? NaN;
      const failed = (summary.get('fail') ?? NaN) + (summary.get('cancelled') ?? 0);
      resolve({
        tests: Number.isNaN(tests) ? 0 : tests,
        failed: Number.isNaN(failed) ? (code === 0 ? 0 : 1) : failed,
        ok: code === 0 && !Number.isNaN(tests),
      });
    });
  });
}

runMain('unit', async () => {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(HELP);
    return 0;
  }
  let concurrency = Math.max(2, availableParallelism() * 2);
  const patterns: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--concurrency') concurrency = Math.max(1, Number(argv[++i]));
    else patterns.push(argv[i]!);
  }
  const files = testFiles(patterns);
  const serial = files.filter((f) => SERIAL_MARK.test(readFileSync(path.join(repoRoot, f), 'utf8')));
  const parallel = longFirst(files.filter((f) => !serial.includes(f)));
  const started = Date.now();
  const total: StageCounts = { tests: 0, failed: 0, ok: true };
  for (const [group, list, n] of [
    ['at once', parallel, concurrency],
    ['serial (CPU-time ratios)', serial, 1],
  ] as const) {
    if (list.length === 0) continue;
    console.log(`[unit] ${list.length} file(s), ${group}${n > 1 ? `: ${n} at a time` : ''}`);
    const t0 = Date.now();
    const c = await nodeTest([...list], n);
    console.log(`[unit] ${group}: ${c.tests} tests, ${c.failed} failed, ${Math.round((Date.now() - t0) / 1000)} s`);
    total.tests += c.tests;
    total.failed += c.failed;
    total.ok &&= c.ok;
  }
  const secs = Math.round((Date.now() - started) / 1000);
  recordStage('unit', { ...total, files: files.length, seconds: secs });
  console.log(
    `unit: ${total.ok ? 'PASSED' : 'FAILED'} — ${total.tests} tests in ${files.length} files, ${total.failed} failed (${secs} s).`,
  );
  return total.ok ? 0 : 1;
});
