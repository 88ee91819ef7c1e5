// `npm run test:integration`: runs the mocha suite of test/integration INSIDE code-server's
// extension host (development host), driven from headless Chromium. The host reports its result
// through window.codeAutomationExit; the server's own "exited with code 0" line means nothing.
// Exits non-zero when a test fails, when nothing runs, or when the host never reports (timeout).
import { existsSync } from 'node:fs';
import { format } from 'node:util';
import * as path from 'node:path';
import { flag, option, seconds } from './args.js';
import { checkChromium } from './chromium.js';
import { launchBrowser, newPage } from './browser.js';
import { startEditor } from './codeServer.js';
import { integrationOutDir, repoRoot } from './paths.js';
import { HarnessError, runMain } from './processes.js';
import { START_MARKER, parseSummaryLine, type IntegrationSummary } from '../../test/integration/summary.js';
import { recordStage } from '../test/stages.js';

const HELP = `usage: npm run test:integration -- [--timeout <s>] [--grep <pattern>] [--verbose]
  --timeout  seconds to wait for the extension host to report (default 1800: a hang still ends the run; the suite took
             1,030-1,230 s beside the two e2e shares on a 2-core machine in November 2026)
  --grep     only run tests whose full title matches
  --verbose  echo code-server and workbench logs
  --extension <dir>  load the extension from another folder (default: this repo)`;

/** Known harmless lines: no marketplace and no vsda on this offline machine. */
const NOISE = /open-vsx\.org|vsda|ENOTFOUND|^\s+at .*workbench\.js/;

runMain('integration', async () => {
  if (flag('help')) {
    console.log(HELP);
    return 0;
  }
  const timeoutMs = seconds('timeout', 1800);
  const verbose = flag('verbose');
  const grep = option('grep');
  const entry = path.join(integrationOutDir, 'index.js');
  const extensionDir = path.resolve(option('extension') ?? repoRoot);
  for (const f of [path.join(extensionDir, 'dist', 'extension.js'), entry]) {
    if (!existsSync(f)) throw new HarnessError(`${path.relative(repoRoot, f)} is missing: run npm run build && tsx scripts/build-tests.ts`);
  }

  checkChromium(); // fail fast, before code-server starts
  const started = Date.now();
  const editor = await startEditor({ extension: { none: true }, smokeTestDriver: true, verbose });
  const browser = await launchBrowser();
  const page = await newPage(browser);

  let summary: IntegrationSummary | undefined;
  let reported: (code: number) => void = () => undefined;
  const exitCode = new Promise<number>((resolve) => (reported = resolve));
  await page.exposeFunction('codeAutomationExit', (code: number) => reported(code));
  // The workbench's own log and the extension host's console arrive through the same function.
  // Until the suite starts, lines are kept (shown on failure); after it, the host's lines are shown.
  let suiteStarted = false;
  const early: string[] = [];
  await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
    const text = format(...(Array.isArray(args) ? args : [args]));
    for (const line of text.split('\n')) {
      if (line.includes(START_MARKER)) {
        suiteStarted = true;
        continue;
      }
      const found = parseSummaryLine(line);
      if (found) {
        summary = found;
        continue;
      }
      const shown = `${type === 'error' ? '!' : ' '} ${line}`;
      if (verbose || (suiteStarted && !NOISE.test(line))) console.log(shown);
      else early.push(shown);
    }
  });
  if (verbose) page.on('pageerror', (err) => console.error(`[workbench] ${err.message}`));

  // VSTK_LOGS_ROOT lets the log test find the channel's file when activate() gives no logUri.
  const extensionEnvironment: Record<string, string> = {
    VSTK_TEST_HOST: 'code-server',
    VSTK_LOGS_ROOT: path.join(editor.userDataDir, 'logs'),
  };
  if (grep) extensionEnvironment.VSTK_TEST_GREP = grep;
  // The leak suite's seed, so that a red run is replayed in the editor as in plain Node (test/unit/leak/replay.ts).
  if (process.env.LEAK_SEED) extensionEnvironment.LEAK_SEED = process.env.LEAK_SEED;
  await page.goto(editor.devHostUrl({ extensionDevelopmentPath: extensionDir, extensionTestsPath: entry, extensionEnvironment }));

  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    exitCode,
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
  ]);
  clearTimeout(timer);
  const secs = Math.round((Date.now() - started) / 1000);

  console.log('');
  if (outcome === 'timeout') {
    console.error(`integration: FAILED — the extension host did not report within ${timeoutMs / 1000} s (${secs} s total).`);
    console.error(`--- workbench log before the suite started (tail) ---\n${early.slice(-40).join('\n')}`);
    console.error(`--- code-server log (tail) ---\n${editor.logTail()}`);
    return 1;
  }
  const counts = summary ? `${summary.passes} passed, ${summary.failures} failed, ${summary.pending} pending` : 'no summary line received';
  const ok = outcome === 0 && summary !== undefined && summary.failures === 0 && summary.passes > 0;
  recordStage('integration', {
    tests: (summary?.passes ?? 0) + (summary?.failures ?? 0),
    failed: summary ? summary.failures : 1,
    ok,
    seconds: secs,
  });
  if (ok) {
    console.log(`integration: PASSED — ${counts} in code-server's extension host (${secs} s).`);
    return 0;
  }
  if (!suiteStarted) console.error(`--- workbench log (the suite never started) ---\n${early.slice(-40).join('\n')}`);
  console.error(`integration: FAILED — exit code ${outcome}; ${counts} (${secs} s).`);
  for (const t of summary?.failed ?? []) console.error(`  ✗ ${t}`);
  return 1;
});
