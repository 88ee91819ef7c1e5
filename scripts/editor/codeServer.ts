// Owns one code-server: a private HOME/XDG/user-data/extensions tree in a temp dir, a free loopback
// port, its own process group, and a stop() that removes every trace. Only one editor should run at
// a time on these 2-core machines (code-server ~430 MB, Chromium ~700 MB).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureCodeServer } from './install.js';
import { freePort, portAnswers, waitForHttpOk } from './net.js';
import { cacheDir, codeServerEntry, extensionId, nodeBin, pathWithProjectNode, projectBin, readManifest } from './paths.js';
import { HarnessError, onCleanup, runToEnd, spawnGroup } from './processes.js';

export type ExtensionSource =
  /** Install a packaged VSIX into the fresh extensions dir (what users run). */
  | { vsix: string }
  /** Symlink E/<publisher>.<name>-<version> to a folder (the repo): edits + rebuild + reload. */
  | { link: string }
  /** Nothing installed; the development host loads the extension from the payload URL. */
  | { none: true };

export interface StartEditorOptions {
  extension: ExtensionSource;
  /** Required for the development-host payload (extensionDevelopmentPath/extensionTestsPath). */
  smokeTestDriver?: boolean;
  /** User settings merged over the quiet defaults below. */
  settings?: Record<string, unknown>;
  /**
   * The remote ("Machine") settings of this code-server, user-data/Machine/settings.json: where a machine-scoped setting
   * (voiceSms.profiles, voiceSms.activeProfile) belongs in a remote window, as the extension itself writes it. In the
   * User settings the workbench drops it once the extension's settings schema is registered, which under load can come
   * first: the extension host then never sees it (npm start's window stayed signed out).
   */
  machineSettings?: Record<string, unknown>;
  /** Extra environment for code-server and so for the extension host. */
  env?: Record<string, string>;
  /** Folders of further extensions (test fixtures), packaged and installed beside the one under test. */
  extraExtensions?: string[];
  /** Files to create in the workspace folder (relative path -> content). */
  workspaceFiles?: Record<string, string>;
  /** Keep Workspace Trust on, so the folder opens untrusted (Restricted Mode). Default: off. */
  workspaceTrust?: boolean;
  /** A fixed port; refused when something already answers there. Default: a free port. */
  port?: number;
  /** Echo the server's output (otherwise it goes to a log file, shown on failure). */
  verbose?: boolean;
  /** More VSIX files installed next to the extension (e2e: the exports probe of test/fixtures/exportsProbe). */
  alsoInstall?: string[];
}

export interface Editor {
  /** http://127.0.0.1:<port> (no trailing slash). */
  origin: string;
  port: number;
  /** host:port as the browser sees it, for vscode-remote:// URIs. */
  authority: string;
  workspace: string;
  userDataDir: string;
  extensionsDir: string;
  /** The workbench URL with the workspace folder open. */
  workspaceUrl(): string;
  /** The development-host URL that loads an extension from disk and runs its tests. */
  devHostUrl(dev: { extensionDevelopmentPath: string; extensionTestsPath?: string; extensionEnvironment?: Record<string, string> }): string;
  /** The last lines of the server's output. */
  logTail(lines?: number): string;
  /** `code-server --install-extension <vsix>` into this editor's extensions dir while it runs (an update, for a test). */
  installExtension(vsix: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * What every test editor starts with. Motion is reduced (as a user can choose): a notification, a list or the quick
 * input then shows at once instead of sliding in, so a step waits for the state, not for an animation to end, and the
 * browser draws far fewer frames (the e2e month view and instances suites took 15-23 % less CPU and 35-45 % less time
 * side by side, 2026-11-29); the cursor does not blink, for the same reason.
 */
const QUIET_SETTINGS: Record<string, unknown> = {
  'telemetry.telemetryLevel': 'off',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'window.restoreWindows': 'none',
  'security.workspace.trust.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.reduceMotion': 'on',
  'editor.cursorBlinking': 'solid',
};

/**
 * Built-in extensions that do work in every window (the git extension runs `git` on the folder, the JSON and
 * TypeScript servers start processes, the debug helpers watch terminals) while no test uses them. Each test window
 * starts its own extension host, so on a 2-core machine they cost the suites minutes. Our extension needs none of
 * them: the editor still colours XML, JSON and code, which come from grammar-only built-ins left on.
 */
const IDLE_BUILTINS = [
  'vscode.git',
  'vscode.git-base',
  'vscode.github',
  'vscode.github-authentication',
  'vscode.microsoft-authentication',
  'vscode.emmet',
  'vscode.merge-conflict',
  'vscode.debug-auto-launch',
  'vscode.debug-server-ready',
  'ms-vscode.js-debug',
  'ms-vscode.js-debug-companion',
  'ms-vscode.vscode-js-profile-table',
  'vscode.npm',
  'vscode.typescript-language-features',
  'vscode.json-language-features',
  'vscode.html-language-features',
  'vscode.css-language-features',
  'vscode.php-language-features',
  'vscode.references-view',
  'vscode.tunnel-forwarding',
  'vscode.terminal-suggest',
  'vscode.ipynb',
  'vscode.extension-editing',
];

/** The ambient environment minus anything that would make code-server attach to another editor or leak in. */
function cleanEnv(home: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(VSCODE_|ELECTRON_|VOICESMS_|npm_|NODE_OPTIONS$|CODE_SERVER_|PASSWORD$|HASHED_PASSWORD$)/.test(k)) continue;
    env[k] = v;
  }
  return {
    ...env,
    PATH: pathWithProjectNode(),
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    XDG_RUNTIME_DIR: path.join(home, '.run'),
    TMPDIR: path.join(home, 'tmp'),
    ...extra,
  };
}

/**
 * Each running code-server leaves a note in .cache/run/<temp dir name>.json (pgid, harness pid) with the harness pid. A harness
 * killed with SIGKILL cannot clean up, so the next start stops groups whose harness is gone.
 */
const runDir = path.join(cacheDir, 'run');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function reapOrphans(): void {
  if (!existsSync(runDir)) return;
  for (const f of readdirSync(runDir).filter((n) => n.endsWith('.json'))) {
    const file = path.join(runDir, f);
    try {
      const note = JSON.parse(readFileSync(file, 'utf8')) as { pgid: number; harnessPid: number; root?: string };
      if (alive(note.harnessPid)) continue;
      let cmdline = '';
      try {
        cmdline = readFileSync(`/proc/${note.pgid}/cmdline`, 'utf8');
      } catch {
        // leader gone; members may remain, the group kill below still reaches them
      }
      if (!cmdline || cmdline.includes(codeServerEntry)) {
        try {
          process.kill(-note.pgid, 'SIGKILL');
          console.log(`[editor] stopped code-server group ${note.pgid} left by an earlier run`);
        } catch {
          // nothing left
        }
      }
      if (note.root?.startsWith(path.join(os.tmpdir(), 'vstk-editor-'))) rmSync(note.root, { recursive: true, force: true });
    } catch {
      // unreadable note: drop it
    }
    rmSync(file, { force: true });
  }
}

/** Test fixture folders packaged once per process (vsce takes seconds), by folder. */
const fixtures = new Map<string, Promise<string>>();

function packagedFixture(dir: string, verbose: boolean): Promise<string> {
  const folder = path.resolve(dir);
  let packed = fixtures.get(folder);
  if (!packed) {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'vstk-fixture-')), `${path.basename(folder)}.vsix`);
    onCleanup(() => rmSync(path.dirname(out), { recursive: true, force: true }));
    packed = runToEnd(
      path.join(projectBin, 'vsce'),
      ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out],
      {
        cwd: folder,
        env: { ...process.env, PATH: pathWithProjectNode() },
        stdio: verbose ? 'inherit' : 'ignore',
        label: `vsce package ${path.basename(folder)}`,
      },
    ).then(() => out);
    fixtures.set(folder, packed);
  }
  return packed;
}

export async function startEditor(options: StartEditorOptions): Promise<Editor> {
  const entry = await ensureCodeServer();
  reapOrphans();
  const port = options.port && options.port > 0 ? options.port : await freePort();
  if (await portAnswers(port)) {
    throw new HarnessError(`refusing to start: something already answers on 127.0.0.1:${port}`);
  }

  const root = mkdtempSync(path.join(os.tmpdir(), 'vstk-editor-'));
  const keep = process.env.VSTK_KEEP_EDITOR_DIRS === '1';
  const removeRoot = (): void => {
    if (!keep) rmSync(root, { recursive: true, force: true });
  };
  const unregisterRoot = onCleanup(removeRoot);

  const home = path.join(root, 'home');
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const workspace = path.join(root, 'workspace');
  const logFile = path.join(root, 'code-server.log');
  for (const d of ['.config', '.local/share', '.cache', '.local/state', '.run', 'tmp']) {
    mkdirSync(path.join(home, d), { recursive: true, mode: 0o700 });
  }
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  mkdirSync(workspace, { recursive: true });
  writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify(
      {
        ...QUIET_SETTINGS,
        ...(options.workspaceTrust ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' } : {}),
        ...options.settings,
      },
      null,
      2,
    ) + '\n',
  );
  if (options.machineSettings) {
    mkdirSync(path.join(userDataDir, 'Machine'), { recursive: true });
    writeFileSync(path.join(userDataDir, 'Machine', 'settings.json'), JSON.stringify(options.machineSettings, null, 2) + '\n');
  }
  for (const [rel, content] of Object.entries(options.workspaceFiles ?? {})) {
    const file = path.join(workspace, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }

  const env = cleanEnv(home, options.env ?? {});
  const common = ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];

  // Every VSIX this editor gets goes in with one code-server command line (each start of its CLI costs seconds).
  const installs: string[] = [];
  if ('vsix' in options.extension) {
    const vsix = path.resolve(options.extension.vsix);
    if (!existsSync(vsix)) throw new HarnessError(`VSIX not found: ${vsix} (run npm run package)`);
    installs.push(vsix, ...(options.alsoInstall ?? []).map((f) => path.resolve(f)));
  } else if ('link' in options.extension) {
    const m = readManifest();
    symlinkSync(path.resolve(options.extension.link), path.join(extensionsDir, `${m.publisher}.${m.name}-${m.version}`), 'dir');
  }
  // Packaged and installed like the VSIX: once an install wrote extensions.json, a linked folder would be dropped.
  for (const dir of options.extraExtensions ?? []) installs.push(await packagedFixture(dir, options.verbose === true));
  if (installs.length > 0) {
    await runToEnd(nodeBin, [entry, ...common, ...installs.flatMap((f) => ['--install-extension', f])], {
      env,
      stdio: options.verbose ? 'inherit' : 'ignore',
      label: `code-server --install-extension ${installs.map((f) => path.basename(f)).join(' ')}`,
    });
  }
  if ('vsix' in options.extension) {
    const id = extensionId().toLowerCase();
    if (!readdirSync(extensionsDir).some((d) => d.toLowerCase().startsWith(`${id}-`))) {
      throw new Error(`installing ${options.extension.vsix} left no ${id}-* folder in the extensions dir`);
    }
  }

  const args = [
    entry,
    ...common,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(options.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...IDLE_BUILTINS.flatMap((id) => ['--vscode-option', `disable-extension=${id}`]),
    workspace,
  ];
  // Registered before the spawn so that it runs after the server's own cleanup (LIFO).
  mkdirSync(runDir, { recursive: true });
  const note = path.join(runDir, `${path.basename(root)}.json`);
  const removeNote = (): void => rmSync(note, { force: true });
  const unregisterNote = onCleanup(removeNote);

  const logFd = openSync(logFile, 'a');
  const server = spawnGroup(nodeBin, args, {
    cwd: workspace,
    env,
    stdio: ['ignore', options.verbose ? 'inherit' : logFd, options.verbose ? 'inherit' : logFd],
  });
  closeSync(logFd);
  writeFileSync(note, JSON.stringify({ pgid: server.pid, harnessPid: process.pid, root }));

  const logTail = (lines = 40): string => {
    try {
      return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(no server log)';
    }
  };

  let stopped = false;
  const origin = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await server.stop();
    removeNote();
    unregisterNote();
    removeRoot();
    unregisterRoot();
  };

  try {
    await waitForHttpOk(`${origin}/healthz`, 30_000, () => server.child.exitCode === null && server.child.signalCode === null);
  } catch (err) {
    const tail = logTail();
    await stop();
    throw new Error(`code-server did not come up: ${(err as Error).message}\n--- server log ---\n${tail}`);
  }

  const authority = `127.0.0.1:${port}`;
  const folderQuery = `folder=${encodeURIComponent(workspace)}`;
  return {
    origin,
    port,
    authority,
    workspace,
    userDataDir,
    extensionsDir,
    workspaceUrl: () => `${origin}/?${folderQuery}`,
    devHostUrl: (dev) => {
      const remote = (p: string): string => `vscode-remote://${authority}${path.resolve(p)}`;
      const payload: [string, string][] = [['extensionDevelopmentPath', remote(dev.extensionDevelopmentPath)]];
      if (dev.extensionTestsPath) payload.push(['extensionTestsPath', remote(dev.extensionTestsPath)]);
      if (dev.extensionEnvironment) payload.push(['extensionEnvironment', JSON.stringify(dev.extensionEnvironment)]);
      return `${origin}/?${folderQuery}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    },
    logTail,
    installExtension: (vsix) =>
      runToEnd(nodeBin, [entry, ...common, '--install-extension', path.resolve(vsix)], {
        env,
        stdio: options.verbose ? 'inherit' : 'ignore',
        label: `code-server --install-extension ${path.basename(vsix)}`,
      }),
    stop,
  };
}
