// `npm run test:unit [-- <file, folder or glob> ...]`: the unit files in plain Node (node:test through tsx), a few processes
// at a time, each taking the next chunk of files and running them one after another in one module graph
// (--test-isolation=none): a process per file loaded the same sources ~150 times, a third of the stage's CPU. Then the files that compare CPU time run in
// a serial group of their own: a ratio read while other files run measures the neighbours as much as the code. A file
// belongs to that group when it imports test/unit/support/cpu.ts, so nobody keeps a list. Writes its counts for the
// stage table of `npm test` (scripts/test/stages.ts).
import { spawn } from 'node:child_process';
import { globSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../editor/paths.js';
import { runMain } from '../editor/processes.js';
import { recordStage, type StageCounts } from './stages.js';
import { buildServerFiles, SERVER_BUILD_ENV } from '../../test/unit/mcp/serverBuild.js';

/** A test file's text, read once however many marks are looked for in it. */
const sources = new Map<string, string>();
function source(f: string): string {
  let text = sources.get(f);
  if (text === undefined) sources.set(f, (text = readFileSync(path.join(repoRoot, f), 'utf8')));
  return text;
}

/** Short files that share one process and one load of the sources. */
const CHUNK = 20;

const HELP = `usage: npm run test:unit [-- [--processes <n>] [--ratios | --no-ratios] [<file, folder or glob> ...]]
  with no files: every test/unit/**/*.test.ts; a folder: every *.test.ts under it
  --processes  processes at once outside the serial group (default: the cores plus one, at least 2); each runs a
               long file alone or up to ${CHUNK} short ones in one module graph
  --ratios     only the files that compare CPU time (the serial group); --no-ratios: all but those (npm test runs
               the two apart, the ratios first while the machine is quiet)`;

const ALL = 'test/unit/**/*.test.ts';
/**
 * Files that measure CPU time side by side (test/unit/support/cpu.ts) run alone, and so does a file whose first
 * lines say `// unit: alone` (a soak whose real-time deadlines a crowded machine would turn into retries).
 */
const SERIAL_MARK = /from ['"][./]*\/?support\/cpu\.js['"]|^\/\/ unit: alone\b/m;
/**
 * Files that drive a browser, start processes or run async properties take minutes where others take seconds: they
 * are dealt out first, so each process has its share and starts with them. Read from the files themselves, so nobody
 * keeps a list.
 */
const LONG_MARK = /\bspawn\(|\bexecFile\b|\bbuildServer\(|\bfc\.asyncProperty\(|\blaunch\(/;

/**
 * `files` as the chunks the processes take in turn: each long file alone, larger first (they start first, so the run
 * does not end waiting on one long file begun last), then the short files in name order, CHUNK to a process.
 */
function chunks(files: string[]): string[][] {
  const weight = new Map(
    files.map((f) => {
      const text = source(f);
      return [f, f.includes('.browser.') || LONG_MARK.test(text) ? text.length : 0] as const;
    }),
  );
  const long = files.filter((f) => weight.get(f)! > 0).sort((a, b) => weight.get(b)! - weight.get(a)!);
  const short = files.filter((f) => weight.get(f) === 0).sort();
  const out = long.map((f) => [f]);
  for (let i = 0; i < short.length; i += CHUNK) out.push(short.slice(i, i + CHUNK));
  return out;
}

function testFiles(patterns: string[]): string[] {
  const found = new Set<string>();
  for (const p of patterns.length > 0 ? patterns : [ALL]) {
    // A folder stands for the test files under it (`npm run test:unit -- test/unit/docs`).
    const glob = /[*?[{]/.test(p)
      ? p
      : statSync(path.resolve(repoRoot, p), { throwIfNoEntry: false })?.isDirectory()
        ? `${p.replace(/\/+$/, '')}/**/*.test.ts`
        : undefined;
    const matches = glob ? globSync(glob, { cwd: repoRoot }) : [p];
    if (matches.length === 0) throw new Error(`no test file matches ${p}`);
    for (const m of matches) found.add(path.relative(repoRoot, path.resolve(repoRoot, m)));
  }
  return [...found].sort();
}

/**
 * Runs node --test over `files`, one after another in one process (`isolation` none) or each in its own; resolves
 * with its counts, read from the spec reporter's summary. `prefix` marks its lines when other processes run beside it.
 */
function nodeTest(files: string[], isolation: 'none' | 'process', prefix: string, failures: string[]): Promise<StageCounts> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        `--test-isolation=${isolation}`,
        '--test-concurrency=1',
        '--test-timeout=60000',
        '--test-reporter=spec',
        ...files,
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    // The summary's counts come before the list of failures, which can be long: read them as they pass.
    const summary = new Map<string, number>();
    // The reporter's closing list of failures, kept to be printed again at the very end: with three processes
    // writing at once, a CI log's tail otherwise shows the counts and not which test failed.
    let failing: string[] | undefined;
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        process.stdout.write(`${prefix}${line}\n`);
        if (/^✖ failing tests:/.test(line)) failing = [];
        else failing?.push(line);
        const m = /^ℹ (tests|fail|cancelled) (\d+)$/.exec(line);
        if (m) summary.set(m[1]!, Number(m[2]));
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (partial) process.stdout.write(`${prefix}${partial}\n`);
      if (failing || code !== 0) {
        failures.push(`in the run of ${files.join(', ')} (exit ${code}):`, ...(failing ?? ['(no list of failures: see above)']));
      }
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
  let processes = Math.max(2, availableParallelism() + 1);
  let part: 'all' | 'ratios' | 'others' = 'all';
  const patterns: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--processes') processes = Math.max(1, Number(argv[++i]));
    else if (argv[i] === '--ratios') part = 'ratios';
    else if (argv[i] === '--no-ratios') part = 'others';
    else patterns.push(argv[i]!);
  }
  const files = testFiles(patterns);
  const ratios = files.filter((f) => SERIAL_MARK.test(source(f)));
  const serial = part === 'others' ? [] : ratios;
  const queue = chunks(part === 'ratios' ? [] : files.filter((f) => !ratios.includes(f)));
  const shared = queue.reduce((n, l) => n + l.length, 0);
  const started = Date.now();
  // The MCP server as it ships, built once for every process whose files use it (test/unit/mcp/harness.ts
  // buildServer) instead of once per process: about 3 core-s each, and 17 files ask for it.
  const usesServer = (f: string): boolean => /\bbuildServer\(/.test(source(f));
  if (!process.env[SERVER_BUILD_ENV] && files.some(usesServer) && part !== 'ratios') {
    const dir = await buildServerFiles();
    process.env[SERVER_BUILD_ENV] = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  const failures: string[] = [];
  const total: StageCounts = { tests: 0, failed: 0, ok: true };
  const add = (c: StageCounts): void => {
    total.tests += c.tests;
    total.failed += c.failed;
    total.ok &&= c.ok;
  };
  if (queue.length > 0) {
    const n = Math.min(processes, queue.length);
    console.log(`[unit] ${shared} file(s) in ${queue.length} chunk(s), ${n} process(es) at a time`);
    const t0 = Date.now();
    const c: StageCounts = { tests: 0, failed: 0, ok: true };
    // n workers take the next chunk as theirs ends: a long file on one does not hold the others up.
    await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const prefix = n > 1 ? `[u${i + 1}] ` : '';
        for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
          const r = await nodeTest(chunk, 'none', prefix, failures);
          c.tests += r.tests;
          c.failed += r.failed;
          c.ok &&= r.ok;
        }
        console.log(`[unit] ${prefix}done at ${Math.round((Date.now() - t0) / 1000)} s`);
      }),
    );
    console.log(`[unit] shared out: ${c.tests} tests, ${c.failed} failed, ${Math.round((Date.now() - t0) / 1000)} s`);
    add(c);
  }
  if (serial.length > 0) {
    // A process per file, one at a time: each ratio is read in a fresh process on an otherwise idle stage.
    console.log(`[unit] ${serial.length} file(s), serial (CPU-time ratios)`);
    const t0 = Date.now();
    const c = await nodeTest(serial, 'process', '', failures);
    console.log(`[unit] serial (CPU-time ratios): ${c.tests} tests, ${c.failed} failed, ${Math.round((Date.now() - t0) / 1000)} s`);
    add(c);
  }
  if (failures.length > 0) console.log(['', '[unit] what failed, again:', ...failures, ''].join('\n'));
  const secs = Math.round((Date.now() - started) / 1000);
  const ran = serial.length + shared;
  recordStage(part === 'ratios' ? 'unit-ratios' : 'unit', { ...total, files: ran, seconds: secs });
  console.log(`unit: ${total.ok ? 'PASSED' : 'FAILED'} — ${total.tests} tests in ${ran} files, ${total.failed} failed (${secs} s).`);
  return total.ok ? 0 : 1;
});
