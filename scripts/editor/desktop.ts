// `npm run test:desktop`: the same integration suite in desktop VS Code via @vscode/test-electron,
// for machines that can download VS Code (here it fails with ENOTFOUND update.code.visualstudio.com).
// `-- --vscode min` tests the engines.vscode floor; `-- --vscode 1.105.0` any version; default stable.
// On a Linux machine without a display, run it under xvfb-run.
import { mkdtempSync, rmSync, existsSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { option } from './args.js';
import { integrationOutDir, repoRoot } from './paths.js';
import { HarnessError, onCleanup, runMain } from './processes.js';

function engineFloor(): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { engines?: { vscode?: string } };
  const floor = /(\d+\.\d+\.\d+)/.exec(pkg.engines?.vscode ?? '')?.[1];
  if (!floor) throw new Error(`cannot read a version from engines.vscode (${pkg.engines?.vscode})`);
  return floor;
}

runMain('test:desktop', async () => {
  const requested = option('vscode') ?? process.env.VSTK_VSCODE_VERSION ?? 'stable';
  const version = requested === 'min' ? engineFloor() : requested;
  const entry = path.join(integrationOutDir, 'index.js');
  const extensionDir = path.resolve(option('extension') ?? repoRoot);
  if (!existsSync(entry) || !existsSync(path.join(extensionDir, 'dist', 'extension.js'))) {
    throw new HarnessError('build first: npm run build && tsx scripts/build-tests.ts');
  }
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'vstk-desktop-ws-'));
  onCleanup(() => rmSync(workspace, { recursive: true, force: true }));

  console.log(`[test:desktop] VS Code ${version}: downloading (cached in .vscode-test/) and running the integration suite`);
  try {
    const code = await runTests({
      version,
      extensionDevelopmentPath: extensionDir,
      extensionTestsPath: entry,
      // test-electron keeps its profile in .vscode-test/user-data; the log test reads the channel's file there.
      extensionTestsEnv: { VSTK_TEST_HOST: `desktop ${version}`, VSTK_LOGS_ROOT: path.join(repoRoot, '.vscode-test', 'user-data', 'logs') },
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    });
    console.log(code === 0 ? `test:desktop: PASSED (VS Code ${version})` : `test:desktop: FAILED (exit code ${code})`);
    return code;
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    if (/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|getaddrinfo/.test(msg)) {
      console.error(
        `test:desktop: cannot download VS Code ${version} here (${msg}). Use npm run test:integration (code-server) on this machine.`,
      );
    } else {
      console.error(`test:desktop: FAILED — ${msg}`);
    }
    return 1;
  }
});
