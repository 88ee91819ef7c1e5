// `npm run test:e2e`: packages the VSIX (npm run package), installs it into a fresh code-server,
// and runs test/e2e/**/*.test.ts (mocha) against it in headless Chromium. Screenshots go to
// test-results/e2e/; `--screenshots` (npm run screenshots) copies them to docs/screenshots/
// after a fully green run.
import Mocha from 'mocha';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { flag, option } from './args.js';
import { checkChromium } from './chromium.js';
import { launchBrowser } from './browser.js';
import { randomBytes } from 'node:crypto';
import { DEMO_CONTROL_TOKEN_ENV, WATCH_RELOAD_GRACE_ENV } from '../../src/shared/ids.js';
import { startEditor } from './codeServer.js';
import { defaultVsixPath, e2eResultsDir, extensionId, pathWithProjectNode, projectBin, repoRoot, screenshotsDocDir } from './paths.js';
import { HarnessError, runMain, runToEnd } from './processes.js';
import { openPages, setSession, type SimulatorInfo } from '../../test/e2e/support/session.js';
import { startSimulator } from './simulator.js';
import { credentialNeedles, scanForSecrets, type Needle } from './secretsScan.js';
import { demoCredentialsSeen } from '../../test/e2e/support/simulatorControl.js';
import { extensionLogs } from '../../test/e2e/support/extensionLog.js';
import { recordStage } from '../test/stages.js';

/** Full destination numbers the e2e tests send to; none may be written outside the SMS records. */
const DESTINATIONS = ['+4915123456789', '+4915123456780', '+49301234567'];

const HELP = `usage: npm run test:e2e -- [--vsix <file> | --no-package] [--grep <pattern>] [--screenshots] [--verbose]
  --vsix <file>   test this VSIX instead of packaging the repo
  --no-package    reuse the last packaged VSIX (${path.relative(repoRoot, defaultVsixPath())})
  --grep          only run tests whose full title matches; without it, every test but the bench's "(bench)"
                  suites (npm run bench and bench:smoke run those with --grep '\\(bench\\)')
  --screenshots   after a green run, copy test-results/e2e/*.png to docs/screenshots/
  --results <dir> write screenshots there instead of test-results/e2e/ (npm run bench keeps the suite's own)
  --shard <k/n>   run the k-th of n shares of the files, in an editor and a browser of its own, keeping the
                  results folder (npm test runs two shares side by side and clears it first)
  --verbose       echo code-server's output`;

/** The titles of the bench's suites in test/e2e/benchEditor.test.ts all end in "(bench)". */
const BENCH_SUITES = /\(bench\)/;

/** A file whose suites share one window, signed out between them (test/e2e/support/signedInSuite.ts). */
const SHARED_WINDOW = /\b(signedInSuite|simulatorSuite|sharedWindow)\(/;

/**
 * The e2e files in name order, those of shared-window suites last and together: each hands its signed-out window to
 * the next (Workbench.park / reuseOrOpen), which saves drawing a workbench per file; any other file draws its own.
 */
function e2eTestFiles(): string[] {
  const dir = path.join(repoRoot, 'test', 'e2e');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts') && !f.split(path.sep).includes('support'))
    .sort()
    .map((f) => path.join(dir, f));
  const shared = new Set(files.filter((f) => SHARED_WINDOW.test(readFileSync(f, 'utf8'))));
  return [...files.filter((f) => !shared.has(f)), ...shared];
}

/**
 * The k-th (1-based) of n shares of `files` (e2eTestFiles' order), about equal by size, a rough measure of a file's
 * time: each file of its own window goes to the lightest share so far, largest first; the shared-window files are
 * cut into n runs that follow one another, so each share still hands its window from suite to suite.
 */
function share(files: string[], k: number, n: number): string[] {
  const size = (f: string): number => statSync(f).size;
  const sharedFiles = files.filter((f) => SHARED_WINDOW.test(readFileSync(f, 'utf8')));
  const own = files.filter((f) => !sharedFiles.includes(f));
  const shares = Array.from({ length: n }, () => ({ files: [] as string[], size: 0 }));
  const lightest = (): { files: string[]; size: number } => shares.reduce((a, b) => (b.size < a.size ? b : a));
  for (const f of [...own].sort((a, b) => size(b) - size(a))) {
    const s = lightest();
    s.files.push(f);
    s.size += size(f);
  }
  // Each share's own files in name order, then its run of shared-window files, cut so the totals come out even.
  const total = sharedFiles.reduce((t, f) => t + size(f), 0) + shares.reduce((t, s) => t + s.size, 0);
  const target = total / n;
  let i = 0;
  const result = shares.map((s) => ({ own: [...s.files].sort(), size: s.size, shared: [] as string[] }));
  for (const f of sharedFiles) {
    while (i < n - 1 && result[i]!.size >= target) i++;
    result[i]!.shared.push(f);
    result[i]!.size += size(f);
  }
  const mine = result[k - 1]!;
  return [...mine.own, ...mine.shared];
}

/**
 * Packages test/fixtures/exportsProbe (a second, ordinary extension) into test-results/, so the e2e
 * editor can ask, as any other extension would, what the installed VSIX exports (test/e2e/exports.test.ts).
 */
async function packageExportsProbe(verbose: boolean, suffix: string): Promise<string> {
  const out = path.join(repoRoot, 'test-results', `exports-probe${suffix}.vsix`);
  mkdirSync(path.dirname(out), { recursive: true });
  await runToEnd(path.join(projectBin, 'vsce'), ['package', '--no-dependencies', '--out', out], {
    env: { ...process.env, PATH: pathWithProjectNode() },
    label: 'vsce package (exports probe)',
    cwd: path.join(repoRoot, 'test', 'fixtures', 'exportsProbe'),
    quiet: !verbose,
  });
  return out;
}

runMain('e2e', async () => {
  if (flag('help')) {
    console.log(HELP);
    return 0;
  }
  const verbose = flag('verbose');
  const resultsDir = option('results') ? path.resolve(option('results')!) : e2eResultsDir;
  let vsix = option('vsix');
  if (!vsix) {
    if (!flag('no-package')) {
      console.log('[e2e] npm run package (production build + vsce)...');
      await runToEnd('npm', ['run', '--silent', 'package'], {
        env: { ...process.env, PATH: pathWithProjectNode() },
        label: 'npm run package',
        cwd: repoRoot,
        quiet: !verbose,
      });
    }
    vsix = defaultVsixPath();
  }
  if (!existsSync(vsix)) throw new HarnessError(`VSIX not found: ${vsix} (run npm run package)`);

  checkChromium(); // fail fast, before code-server starts
  const shard = /^(\d+)\/(\d+)$/.exec(option('shard') ?? '1/1');
  const [k, n] = [Number(shard?.[1]), Number(shard?.[2])];
  if (!shard || k < 1 || k > n) throw new HarnessError(`--shard wants k/n with 1 <= k <= n, got ${option('shard')}`);
  const suffix = n > 1 ? `-${k}` : '';
  const files = share(e2eTestFiles(), k, n);
  if (files.length === 0) throw new HarnessError('no test/e2e/**/*.test.ts files');
  if (n > 1) console.log(`[e2e] share ${k} of ${n}: ${files.map((f) => path.basename(f)).join(', ')}`);
  else rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });

  const started = Date.now();
  // The demo's simulator (started inside the editor by the demo tests) takes this control token; the
  // tests read it back from this process's environment (test/e2e/support/simulatorControl.ts).
  const demoControlToken = randomBytes(24).toString('hex');
  process.env[DEMO_CONTROL_TOKEN_ENV] = demoControlToken;
  // The tool caller calls our chat tools with vscode.lm.invokeTool, as another extension would (chatTools.test.ts).
  const probe = await packageExportsProbe(verbose, suffix);
  const toolCaller = path.join(repoRoot, 'test', 'e2e', 'fixtures', 'toolCaller');
  // The blank panel is the floor of the bench's panel rows (test/e2e/benchEditor.test.ts).
  const blankPanel = path.join(repoRoot, 'test', 'e2e', 'fixtures', 'blankPanel');
  // Activated at start-up like the toolkit: the floor of the start-up bench row, and a probe of voiceSms.signedIn.
  const startupProbe = path.join(repoRoot, 'test', 'e2e', 'fixtures', 'startupProbe');
  const editor = await startEditor({
    extension: { vsix },
    extraExtensions: [toolCaller, blankPanel, startupProbe],
    alsoInstall: [probe],
    verbose,
    // A second window on the folder asks to resume a watch, as one opened days later does (test/e2e/watch.test.ts).
    env: { [DEMO_CONTROL_TOKEN_ENV]: demoControlToken, [WATCH_RELOAD_GRACE_ENV]: '0' },
  });
  const browser = await launchBrowser();
  let simulator: Promise<SimulatorInfo> | undefined;
  setSession({
    origin: editor.origin,
    workspaceUrl: editor.workspaceUrl(),
    workspace: editor.workspace,
    userDataDir: editor.userDataDir,
    browser,
    screenshotsDir: resultsDir,
    vsix,
    startEditor: async (extra) => {
      const other = await startEditor({ extension: { vsix }, verbose, ...extra });
      return {
        workspaceUrl: other.workspaceUrl(),
        extensionsDir: other.extensionsDir,
        installExtension: (file) => other.installExtension(file),
        stop: () => other.stop(),
      };
    },
    // Started on demand: most UI tests need no service. spawnGroup registers its cleanup.
    simulator: () =>
      (simulator ??= startSimulator({ onLine: verbose ? (l) => console.log(l) : undefined }).then((sim) => ({
        baseUrl: sim.baseUrl,
        accessKeyId: sim.accessKeyId,
        secretAccessKey: sim.secretAccessKey,
        controlToken: sim.controlToken,
      }))),
  });
  console.log(
    `[e2e] ${path.basename(vsix)} installed in code-server at ${editor.origin}; screenshots -> ${path.relative(repoRoot, resultsDir)}/`,
  );

  const grep = option('grep');
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    timeout: 60_000,
    slow: 10_000,
    // The editor bench (test/e2e/benchEditor.test.ts) is a measurement, not a test: npm test runs it once, in
    // bench:smoke, and the plain e2e run leaves it out unless a --grep asks for it.
    ...(grep ? { grep } : { grep: BENCH_SUITES, invert: true }),
    rootHooks: {
      // What the browser showed when a test failed, next to the step screenshots.
      async afterEach(this: Mocha.Context) {
        const test = this.currentTest;
        if (test?.state !== 'failed') return;
        let i = 0;
        for (const page of openPages) {
          const name = `FAILED-${test
            .fullTitle()
            .replace(/[^a-z0-9]+/gi, '-')
            .slice(0, 80)}${i++ ? `-${i}` : ''}.png`;
          await page.screenshot({ path: path.join(resultsDir, name) }).catch(() => undefined);
        }
        // What the extension logged meanwhile (the newest host run's tail): a wait that timed out says why.
        const newest = extensionLogs(path.join(editor.userDataDir, 'logs'))
          .map((l) => ({ ...l, mtime: statSync(path.join(editor.userDataDir, 'logs', l.file)).mtimeMs }))
          .sort((a, b) => b.mtime - a.mtime)
          .slice(0, 2);
        for (const l of newest) console.log(`--- ${l.file} (tail) ---\n${l.text.split('\n').slice(-25).join('\n')}`);
      },
    },
  });
  for (const f of files) mocha.addFile(f);
  const failed: string[] = [];
  // Where the time goes: each file's top-level suite, hooks (sign-in, pages) included.
  const suiteStarted = new Map<Mocha.Suite, number>();
  const suiteSeconds: { title: string; seconds: number }[] = [];
  const stats = await new Promise<Mocha.Stats | undefined>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats));
    runner.on('fail', (test: Mocha.Test) => failed.push(test.fullTitle()));
    runner.on('suite', (suite: Mocha.Suite) => suiteStarted.set(suite, Date.now()));
    runner.on('suite end', (suite: Mocha.Suite) => {
      if (!suite.parent?.root) return;
      suiteSeconds.push({ title: suite.title, seconds: (Date.now() - suiteStarted.get(suite)!) / 1000 });
    });
  });
  setSession(undefined);
  // Last step: nothing the editor wrote may hold a credential, a Signature or a full destination number.
  const sim = simulator ? await simulator.catch(() => undefined) : undefined;
  const needles: Needle[] = [
    // The in-editor demo draws random credentials on every start; the demo tests read them back.
    ...demoCredentialsSeen.flatMap((c) => credentialNeedles(c.accessKeyId, c.secretAccessKey)),
    ...(sim ? credentialNeedles(sim.accessKeyId, sim.secretAccessKey) : []),
    ...DESTINATIONS.map((value) => ({ label: 'destination number', value })),
  ];
  const editorRoot = path.dirname(editor.userDataDir);
  // Shipped code is not user data: the installed extension, and the copy of its MCP server that Set Up MCP Server
  // puts in global storage (its core holds the example number the destination check's message quotes).
  const serverCopy = path.join(editor.userDataDir, 'User', 'globalStorage', extensionId().toLowerCase(), 'mcp-server');
  const findings = scanForSecrets([editorRoot, resultsDir], needles, [editor.extensionsDir, serverCopy]);
  for (const f of findings)
    failed.push(`secrets scan: ${f.label} in ${path.relative(editorRoot, f.file)}${f.key ? ` (key ${f.key})` : ''}`);
  console.log(`[e2e] secrets scan of ${editorRoot} and ${path.relative(repoRoot, resultsDir)}/: ${findings.length} finding(s)`);
  const secs = Math.round((Date.now() - started) / 1000);
  const shots = readdirSync(resultsDir)
    .filter((f) => f.endsWith('.png') && !f.startsWith('FAILED-'))
    .sort();

  console.log('');
  console.log('[e2e] slowest suites (hooks included):');
  for (const { title, seconds } of suiteSeconds.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${title}`);
  const passes = stats?.passes ?? 0;
  recordStage(`e2e${suffix}`, {
    tests: passes + (stats?.failures ?? 0),
    failed: failed.length,
    ok: failed.length === 0 && passes > 0,
    seconds: secs,
  });
  if (failed.length > 0 || passes === 0) {
    console.error(`e2e: FAILED — ${passes} passed, ${failed.length} failed (${secs} s).`);
    for (const t of failed) console.error(`  ✗ ${t}`);
    if (failed.length > 0) console.error(`--- code-server log (tail) ---\n${editor.logTail(20)}`);
    console.error(`screenshots: ${resultsDir}`);
    return 1;
  }
  console.log(`e2e: PASSED — ${passes} passed, ${stats?.pending ?? 0} pending in code-server + Chromium (${secs} s).`);
  console.log(`screenshots (${shots.length}): ${resultsDir}`);
  if (flag('screenshots')) {
    mkdirSync(screenshotsDocDir, { recursive: true });
    for (const f of shots) copyFileSync(path.join(resultsDir, f), path.join(screenshotsDocDir, f));
    console.log(`copied ${shots.length} screenshot(s) to ${path.relative(repoRoot, screenshotsDocDir)}/`);
  }
  return 0;
});
