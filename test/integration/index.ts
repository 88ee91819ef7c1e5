// Test entry for both extension hosts: code-server's development host (npm run test:integration)
// and @vscode/test-electron (npm run test:desktop). Both load this file and await run().
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { START_MARKER, formatSummaryLine } from './summary.js';

export async function run(): Promise<void> {
  // Where the host leaves Error.prepareStackTrace alone (desktop), failure stacks point at the .ts
  // sources through the inline maps; code-server's host keeps the bundle positions.
  process.setSourceMapsEnabled(true);
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false,
    timeout: Number(process.env.VSTK_TEST_TIMEOUT_MS ?? 30_000),
    ...(process.env.VSTK_TEST_GREP ? { grep: process.env.VSTK_TEST_GREP } : {}),
  });
  const files = readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  if (files.length === 0) throw new Error(`no *.test.js files next to ${__filename}; run tsx scripts/build-tests.ts`);

  console.log(`${START_MARKER} ${files.length} file(s) in ${process.env.VSTK_TEST_HOST ?? 'desktop'} host`);
  const failed: string[] = [];
  const stats = await new Promise<Mocha.Stats>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats ?? ({ passes: 0, failures: failed.length, pending: 0 } as Mocha.Stats)));
    runner.on('fail', (test: Mocha.Test) => failed.push(test.fullTitle()));
  });
  console.log(formatSummaryLine({ passes: stats.passes, failures: stats.failures, pending: stats.pending, failed }));
  if (stats.failures > 0 || failed.length > 0) {
    throw new Error(`${Math.max(stats.failures, failed.length)} integration test(s) failed`);
  }
  if (stats.passes === 0) throw new Error('no integration test ran');
}
