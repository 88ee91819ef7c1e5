// `npm start`: build, then open the extension LINKED into code-server (edit, `npm run build`, then
// "Developer: Reload Window") in the offline demo mode: the editor's Machine settings hold the "Demo (offline)"
// profile (machine-scoped: in code-server's remote window it belongs there, not in the User settings), and on
// activation the extension starts the simulator inside its own extension host (the same path as "Voice & SMS: Start Offline Demo" after a reload, src/host/demo/demoMode.ts). VOICESMS_DEMO_PORT
// pins that simulator to a known port, so its fault-control endpoint can be reached with curl.
// `npm start -- --desktop` opens desktop VS Code (`code` on PATH) with --extensionDevelopmentPath.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DEMO_CONTROL_TOKEN_ENV, DEMO_PORT_ENV, DEMO_PROFILE_NAME } from '../../src/shared/ids.js';
import { DEMO_ACCOUNT, DEMO_INSTANCES, DEMO_SENDER_IDS } from '../../src/simulator/defaults.js';
import { flag, option } from './args.js';
import { startEditor } from './codeServer.js';
import { freePort } from './net.js';
import { cacheDir, pathWithProjectNode, repoRoot } from './paths.js';
import { HarnessError, runMain, runToEnd, spawnGroup } from './processes.js';

const HELP = `usage: npm start -- [--port <n>] [--demo-port <n>] [--watch] [--desktop] [--verbose]
  --port <n>       serve code-server on 127.0.0.1:<n> (default: a free port)
  --demo-port <n>  the in-editor demo simulator's port (default: a free port)
  --watch          rebuild on change (esbuild --watch); reload the window to pick changes up
  --desktop        open desktop VS Code (needs \`code\` on PATH) instead of code-server
  --verbose        echo code-server's output`;

/** The demo profile as the extension writes it; the extension stores its credentials on activation. */
function demoSettings(demoPort: number): Record<string, unknown> {
  return {
    'voiceSms.profiles': [
      {
        name: DEMO_PROFILE_NAME,
        baseUrl: `http://127.0.0.1:${demoPort}`,
        accountId: DEMO_ACCOUNT,
        voiceInstances: [...DEMO_INSTANCES],
        senderIds: [...DEMO_SENDER_IDS],
      },
    ],
    'voiceSms.activeProfile': DEMO_PROFILE_NAME,
  };
}

function onPath(command: string): string | undefined {
  const r = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

async function waitForever(): Promise<void> {
  await new Promise<void>(() => undefined);
}

runMain('start', async () => {
  if (flag('help')) {
    console.log(HELP);
    return 0;
  }
  const desktop = flag('desktop');
  const codeCli = desktop ? onPath('code') : undefined;
  if (desktop && !codeCli) {
    throw new HarnessError(
      'npm start -- --desktop needs the `code` command on PATH (VS Code: "Shell Command: Install \'code\' command in PATH").\n' +
        'Without desktop VS Code, run plain `npm start` (code-server in your browser).',
    );
  }
  const env = { ...process.env, PATH: pathWithProjectNode() };
  // `npm test` made the development build a moment ago (scripts/test/run.ts sets VSTK_BUILT): its e2e test of
  // npm start loads that one rather than building a second time.
  if (process.env.VSTK_BUILT === 'dev' && existsSync(path.join(repoRoot, 'dist', 'extension.js'))) {
    console.log('[start] using the development build npm test made (VSTK_BUILT=dev)');
  } else {
    await runToEnd('npm', ['run', '--silent', 'build'], { env, cwd: repoRoot, label: 'npm run build' });
  }
  if (flag('watch')) {
    spawnGroup(process.execPath, [path.join(repoRoot, 'esbuild.mjs'), '--watch'], { cwd: repoRoot, env, stdio: 'inherit' });
  }
  const demoPort = option('demo-port') ? Number(option('demo-port')) : await freePort();
  const demoUrl = `http://127.0.0.1:${demoPort}`;
  // The control endpoints want this token: a web page in the browser cannot know it.
  const controlToken = randomBytes(24).toString('hex');
  const extensionEnv = { [DEMO_PORT_ENV]: String(demoPort), [DEMO_CONTROL_TOKEN_ENV]: controlToken };
  const faultsHint = [
    `  The demo simulator runs inside the extension host at ${demoUrl} once the extension is active`,
    `  (open the Voice & SMS view or run any "Voice & SMS" command). Inject a fault, e.g. a lost SMS answer:`,
    `    curl -X POST ${demoUrl}/__sim/faults -H 'X-Sim-Token: ${controlToken}' -H 'content-type: application/json' -d '{"kind":"resetAfterReceive","match":{"operation":"sms"}}'`,
  ];

  if (desktop) {
    // A separate profile keeps the demo settings out of the user's own VS Code settings.
    const userDataDir = path.join(cacheDir, 'desktop-profile');
    const settingsFile = path.join(userDataDir, 'User', 'settings.json');
    mkdirSync(path.dirname(settingsFile), { recursive: true });
    const previous = existsSync(settingsFile) ? (JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>) : {};
    writeFileSync(settingsFile, JSON.stringify({ ...previous, ...demoSettings(demoPort) }, null, 2) + '\n');
    console.log(`[start] opening desktop VS Code (profile in ${path.relative(repoRoot, userDataDir)}); close its window to stop.`);
    console.log(faultsHint.join('\n'));
    await runToEnd(
      codeCli!,
      ['--wait', '--new-window', '--user-data-dir', userDataDir, `--extensionDevelopmentPath=${repoRoot}`, repoRoot],
      {
        env: { ...env, ...extensionEnv },
        label: 'code',
      },
    );
    return 0;
  }

  const port = option('port') ? Number(option('port')) : undefined;
  const editor = await startEditor({
    extension: { link: repoRoot },
    // Machine-scoped settings go where a remote window reads them (the extension writes them there too).
    machineSettings: demoSettings(demoPort),
    env: extensionEnv,
    verbose: flag('verbose'),
    ...(port ? { port } : {}),
  });
  console.log('');
  console.log(`  Voice & SMS Toolkit is running in code-server (VS Code in the browser):`);
  console.log(`    ${editor.workspaceUrl()}`);
  console.log(`  Offline demo: the "${DEMO_PROFILE_NAME}" profile is active.`);
  console.log(`  Editor logs (the extension's "Voice & SMS" log among them): ${path.join(editor.userDataDir, 'logs')}`);
  console.log(faultsHint.join('\n'));
  console.log(`  After npm run build, run "Developer: Reload Window" to load changes. Ctrl-C stops everything.`);
  console.log('');
  await waitForever();
});
