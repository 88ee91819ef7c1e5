// `npm test`: everything CI runs, each thing once. The system packages, then typecheck and lint side by side, the
// unit files, one production build packaged into the VSIX and the .mcpb (checked against their size budgets), one
// development build for the integration suite in code-server's extension host, and the end-to-end suite against
// that VSIX (its `npm start` test reuses the development build). Ends with one line per stage: time, tests, result.
// A stage run on its own (`npm run test:integration`, `npm run test:e2e`, ...) still builds what it needs.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { pathWithProjectNode, repoRoot } from '../editor/paths.js';
import { runMain } from '../editor/processes.js';
import { clearStages, readStage } from './stages.js';

interface Step {
  name: string;
  /** Commands run one after another; those in one inner list run side by side (their output shown as each ends). */
  run: Array<string[] | string[][]>;
  /** The stage record a step's script writes (test counts); absent: the step has none. */
  counts?: string;
}

const tsx = (script: string, ...args: string[]): string[] => [process.execPath, '--import', 'tsx', path.join('scripts', script), ...args];
const bin = (name: string, ...args: string[]): string[] => [path.join('node_modules', '.bin', name), ...args];

const STEPS: Step[] = [
  { name: 'setup', run: [tsx('editor/setup.ts')] },
  {
    name: 'typecheck + lint',
    run: [[bin('tsc', '-p', '.', '--noEmit'), ['npm', 'run', '--silent', 'lint']]],
  },
  { name: 'unit', run: [tsx('test/unit.ts')], counts: 'unit' },
  // Production build, VSIX and .mcpb, once: the e2e suite installs this VSIX; its budgets are checked here.
  { name: 'package', run: [['npm', 'run', '--silent', 'package']] },
  // The development build after the package (both write dist/): the integration suite and `npm start` load it.
  { name: 'build (dev)', run: [[process.execPath, 'esbuild.mjs'], tsx('build-tests.ts')] },
  { name: 'integration', run: [tsx('editor/integration.ts')], counts: 'integration' },
  { name: 'e2e', run: [tsx('editor/e2e.ts', '--no-package')], counts: 'e2e' },
];

interface Outcome {
  code: number;
  output: string;
}

function exec(cmd: string[], buffered: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const [file, ...args] = cmd;
    // VSTK_BUILT: the e2e suite's `npm start` loads the development build made above instead of building again.
    const env = { ...process.env, PATH: pathWithProjectNode(), VSTK_BUILT: 'dev' };
    const child = spawn(file!, args, {
      cwd: repoRoot,
      env,
      stdio: ['ignore', buffered ? 'pipe' : 'inherit', buffered ? 'pipe' : 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('error', (e) => resolve({ code: 1, output: `${output}${e.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runStep(step: Step): Promise<boolean> {
  for (const item of step.run) {
    if (Array.isArray(item[0])) {
      const together = item as string[][];
      const outcomes = await Promise.all(together.map((cmd) => exec(cmd, true)));
      for (const [i, o] of outcomes.entries()) {
        console.log(`$ ${together[i]!.join(' ')}`);
        process.stdout.write(o.output);
      }
      if (outcomes.some((o) => o.code !== 0)) return false;
    } else {
      console.log(`$ ${(item as string[]).join(' ')}`);
      if ((await exec(item as string[], false)).code !== 0) return false;
    }
  }
  return true;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

runMain('test', async () => {
  clearStages();
  const started = Date.now();
  const rows: string[] = [];
  let failed: string | undefined;
  for (const step of STEPS) {
    console.log(`\n=== ${step.name} ===`);
    const t0 = Date.now();
    const ok = await runStep(step);
    const secs = Math.round((Date.now() - t0) / 1000);
    const counts = step.counts ? readStage(step.counts) : undefined;
    const tests = counts ? `${counts.tests} tests${counts.failed ? `, ${counts.failed} failed` : ''}` : '';
    rows.push(`${pad(step.name, 18)} ${pad(`${secs} s`, 8)} ${pad(tests, 24)} ${ok ? 'ok' : 'FAILED'}`);
    if (!ok) {
      failed = step.name;
      break;
    }
  }
  const total = Math.round((Date.now() - started) / 1000);
  console.log(`\nnpm test: ${failed ? `FAILED in ${failed}` : 'PASSED'} in ${total} s (${(total / 60).toFixed(1)} min)`);
  console.log(`${pad('stage', 18)} ${pad('time', 8)} ${pad('tests', 24)} result`);
  for (const r of rows) console.log(r);
  return failed ? 1 : 0;
});
