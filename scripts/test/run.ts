// `npm test`: everything CI runs, each thing once, the independent parts side by side. The system packages first;
// then code-server's one-time install (into the per-user cache) beside the type checker and the unit files that
// compare CPU time, which run before anything else is busy; then the other unit files, with the linter beside them
// at a lower priority. Then one production build is packaged into the VSIX and the .mcpb (checked against their size
// budgets) and one development build serves the integration suite; the integration suite (code-server's extension
// host) and the end-to-end suite in two shares (that VSIX in two more code-servers) run at the same time, each with
// its own editor and browser. The e2e suite's `npm start` test reuses the development build. Ends with one line per stage: when it
// started, how long it took, its tests and its result. A stage run on its own (`npm run test:integration`, ...) still
// builds what it needs.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import * as path from 'node:path';
import { e2eResultsDir, pathWithProjectNode, repoRoot } from '../editor/paths.js';
import { runMain } from '../editor/processes.js';
import { clearStages, readStage } from './stages.js';

interface Stage {
  name: string;
  /** Commands run one after another. */
  run: string[][];
  /** Stages that must have passed first. */
  after: string[];
  /** The record its script writes (test counts), scripts/test/stages.ts. */
  counts?: string;
  /** Work with no deadline of its own, run at a lower priority (BATCH_NICE) than the tests beside it. */
  batch?: boolean;
}

/**
 * The priority of batch stages: their processes get about a quarter of a busy core's share next to the unit files'
 * (Linux weights 335 against 1024), so a unit test's real-time bound is not stretched by the linter, while the
 * linter still moves and takes every cycle the tests leave idle.
 */
const BATCH_NICE = 5;

const tsx = (script: string, ...args: string[]): string[] => [process.execPath, '--import', 'tsx', path.join('scripts', script), ...args];
const bin = (name: string, ...args: string[]): string[] => [path.join('node_modules', '.bin', name), ...args];

const STAGES: Stage[] = [
  { name: 'setup', run: [tsx('editor/setup.ts')], after: [] },
  // About two minutes the first time on a machine, nothing after: beside the checks, which need no editor.
  { name: 'code-server', run: [tsx('editor/installCli.ts')], after: ['setup'] },
  { name: 'typecheck', run: [bin('tsc', '-p', '.', '--noEmit')], after: ['setup'] },
  // The unit files that compare CPU time side by side, first and beside nothing but the type checker (one core
  // each): a ratio read while other work runs measures the neighbours as much as the code.
  { name: 'unit (ratios)', run: [tsx('test/unit.ts', '--ratios')], after: ['setup'], counts: 'unit-ratios' },
  // The other unit files before the editor suites: beside them (tried 2026-11-29, and 2026-11-28 before) their
  // real-time bounds fail (a child's exit within a second, a generated program's timeout). The linter, which has
  // no deadline, fills their waits at a lower priority.
  { name: 'unit', run: [tsx('test/unit.ts', '--no-ratios')], after: ['unit (ratios)'], counts: 'unit' },
  { name: 'lint', run: [['npm', 'run', '--silent', 'lint']], after: ['unit (ratios)'], batch: true },
  // The production build, VSIX and .mcpb, once: the e2e suite installs this VSIX; their budgets are checked here.
  { name: 'package', run: [['npm', 'run', '--silent', 'package']], after: ['unit', 'typecheck'] },
  // The development build after the package (both write dist/): the integration suite and `npm start` load it.
  { name: 'build (dev)', run: [[process.execPath, 'esbuild.mjs'], tsx('build-tests.ts')], after: ['package'] },
  { name: 'integration', run: [tsx('editor/integration.ts')], after: ['build (dev)', 'code-server'], counts: 'integration' },
  // The e2e files in two shares, each with its own editor and browser: alone, one e2e runner keeps the machine
  // less than half busy (it waits on the editor more than it computes), and its last ten minutes ran alone.
  ...[1, 2].map((k) => ({
    name: `e2e (${k}/2)`,
    run: [tsx('editor/e2e.ts', '--no-package', '--shard', `${k}/2`)],
    after: ['build (dev)', 'code-server'],
    counts: `e2e-${k}`,
  })),
];

interface Result {
  ok: boolean;
  startedAt: number;
  seconds: number;
}

/** Runs one command; its output lines go out prefixed with the stage's name when other stages run beside it. */
function exec(cmd: string[], prefix: string | undefined, batch: boolean): Promise<number> {
  return new Promise((resolve) => {
    const [file, ...args] = cmd;
    // VSTK_BUILT: the e2e suite's `npm start` loads the development build made above instead of building again.
    const env = { ...process.env, PATH: pathWithProjectNode(), VSTK_BUILT: 'dev' };
    const child = spawn(file!, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    // Set before the command starts its own processes, which inherit it.
    if (batch && child.pid !== undefined) setPriority(child.pid, BATCH_NICE);
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      let partial = '';
      stream.on('data', (chunk: Buffer) => {
        if (!prefix) {
          out.write(chunk);
          return;
        }
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop()!;
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => {
        if (prefix && partial) out.write(`${prefix}${partial}\n`);
      });
    }
    child.on('error', (e) => {
      console.error(`${prefix ?? ''}${e.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

runMain('test', async () => {
  clearStages();
  // The e2e shares write their screenshots side by side into one folder, cleared once here.
  rmSync(e2eResultsDir, { recursive: true, force: true });
  const t0 = Date.now();
  const results = new Map<string, Result>();
  const running = new Map<string, Promise<void>>();
  let failed: string | undefined;

  const start = (stage: Stage): Promise<void> => {
    const startedAt = Date.now();
    // Alone, a stage writes straight through; beside others, each line says whose it is.
    const prefix = (): string | undefined => (running.size > 1 ? `[${stage.name}] ` : undefined);
    return (async () => {
      // One turn later, so that every stage started in the same pass counts as running beside this one.
      await Promise.resolve();
      console.log(`\n=== ${stage.name} (at ${Math.round((startedAt - t0) / 1000)} s) ===`);
      let ok = true;
      for (const cmd of stage.run) {
        console.log(`${prefix() ?? ''}$ ${cmd.join(' ')}`);
        if ((await exec(cmd, prefix(), stage.batch ?? false)) !== 0) {
          ok = false;
          break;
        }
      }
      results.set(stage.name, { ok, startedAt, seconds: Math.round((Date.now() - startedAt) / 1000) });
      if (!ok) failed ??= stage.name;
    })();
  };

  // Starts every stage whose prerequisites passed, until none is left or one failed.
  for (;;) {
    for (const stage of STAGES) {
      if (failed || results.has(stage.name) || running.has(stage.name)) continue;
      if (stage.after.every((a) => results.get(a)?.ok)) {
        const p = start(stage).finally(() => running.delete(stage.name));
        running.set(stage.name, p);
      }
    }
    if (running.size === 0) break;
    await Promise.race(running.values());
  }

  const total = Math.round((Date.now() - t0) / 1000);
  console.log(`\nnpm test: ${failed ? `FAILED in ${failed}` : 'PASSED'} in ${total} s (${(total / 60).toFixed(1)} min)`);
  console.log(`${pad('stage', 14)} ${pad('start', 7)} ${pad('time', 7)} ${pad('tests', 22)} result`);
  for (const stage of STAGES) {
    const r = results.get(stage.name);
    const counts = r && stage.counts ? readStage(stage.counts) : undefined;
    const tests = counts
      ? `${counts.tests}${counts.files ? ` in ${counts.files} files` : ''}${counts.failed ? `, ${counts.failed} failed` : ''}`
      : '';
    const when = r ? `${Math.round((r.startedAt - t0) / 1000)} s` : '';
    console.log(
      `${pad(stage.name, 14)} ${pad(when, 7)} ${pad(r ? `${r.seconds} s` : '', 7)} ${pad(tests, 22)} ${r ? (r.ok ? 'ok' : 'FAILED') : 'not run'}`,
    );
  }
  return failed ? 1 : 0;
});
