// `npm start`: build, start the simulator, and open the extension LINKED into code-server (edit,
// `npm run build`, then "Developer: Reload Window") with a demo profile pointing at the simulator
// and the VOICESMS_* variables in the extension host's environment. Runs until Ctrl-C.
// `npm start -- --desktop` opens desktop VS Code (`code` on PATH) with --extensionDevelopmentPath.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { flag, option } from './args.js';
import { startEditor } from './codeServer.js';
import { cacheDir, pathWithProjectNode, repoRoot } from './paths.js';
import { HarnessError, isShuttingDown, runMain, runToEnd, spawnGroup } from './processes.js';
import { startSimulator } from './simulator.js';

const HELP = `usage: npm start -- [--port <n>] [--watch] [--desktop] [--verbose]
  --port <n>   serve code-server on 127.0.0.1:<n> (default: a free port)
  --watch      rebuild on change (esbuild --watch); reload the window to pick changes up
  --desktop    open desktop VS Code (needs \`code\` on PATH) instead of code-server
  --verbose    echo code-server's output`;

// Kept on purpose next to the in-editor "Demo (offline)" (voiceSms.startDemo, src/host/demo.ts):
// this simulator runs outside the editor, so a developer can inject faults through its control
// endpoint or curl it, and it survives window reloads. The names differ so the two never collide.
const DEMO_PROFILE = 'Demo (simulator)';

function demoSettings(baseUrl: string): Record<string, unknown> {
  return {
    'voiceSms.profiles': [
      {
        name: DEMO_PROFILE,
        baseUrl,
        accountId: 'ACC-DEMO',
        voiceInstances: ['VI-DEMO-01', 'VI-DEMO-02'],
        senderIds: ['VSTK-TEST'],
      },
    ],
    'voiceSms.activeProfile': DEMO_PROFILE,
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
  await runToEnd('npm', ['run', '--silent', 'build'], { env, cwd: repoRoot, label: 'npm run build' });
  if (flag('watch')) {
    spawnGroup(process.execPath, [path.join(repoRoot, 'esbuild.mjs'), '--watch'], { cwd: repoRoot, env, stdio: 'inherit' });
  }

  // The simulator's request log (stderr) already carries its own [simulator] prefix.
  const sim = await startSimulator({ onLine: (l) => console.log(l) });
  void sim.process.exited.then((code) => {
    if (isShuttingDown()) return;
    console.error(`[start] the simulator stopped (${code}); press Ctrl-C to stop the editor too.`);
  });
  console.log(`[start] simulator at ${sim.baseUrl} (access key id ${sim.accessKeyId}; the secret is passed to the editor only)`);

  if (desktop) {
    // A separate profile keeps the demo settings out of the user's own VS Code settings.
    const userDataDir = path.join(cacheDir, 'desktop-profile');
    const settingsFile = path.join(userDataDir, 'User', 'settings.json');
    mkdirSync(path.dirname(settingsFile), { recursive: true });
    const previous = existsSync(settingsFile) ? (JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>) : {};
    writeFileSync(settingsFile, JSON.stringify({ ...previous, ...demoSettings(sim.baseUrl) }, null, 2) + '\n');
    console.log(`[start] opening desktop VS Code (profile in ${path.relative(repoRoot, userDataDir)}); close its window to stop.`);
    await runToEnd(codeCli!, ['--wait', '--new-window', '--user-data-dir', userDataDir, `--extensionDevelopmentPath=${repoRoot}`, repoRoot], {
      env: { ...env, ...sim.env },
      label: 'code',
    });
    return 0;
  }

  const port = option('port') ? Number(option('port')) : undefined;
  const editor = await startEditor({
    extension: { link: repoRoot },
    settings: demoSettings(sim.baseUrl),
    env: sim.env,
    verbose: flag('verbose'),
    ...(port ? { port } : {}),
  });
  console.log('');
  console.log(`  Voice & SMS Toolkit is running in code-server (VS Code in the browser):`);
  console.log(`    ${editor.workspaceUrl()}`);
  console.log(`  Profile "${DEMO_PROFILE}" points at the simulator; VOICESMS_* are set for the extension.`);
  console.log(`  After npm run build, run "Developer: Reload Window" to load changes. Ctrl-C stops everything.`);
  console.log('');
  await waitForever();
});
