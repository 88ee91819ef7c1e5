// Its own editor: `npm start` starts one, as a developer gets it, with the repository linked.
// `npm start` as a developer runs it: a second code-server with the repo linked, in the offline
// demo mode. Opening the Voice & SMS view activates the extension, which starts the simulator inside
// its own extension host on the port npm start pinned (VOICESMS_DEMO_PORT): the demo instances
// appear and that port answers the simulator's control endpoint. Ctrl-C (SIGINT) stops everything.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as assert from 'node:assert/strict';
import { DEMO_INSTANCES } from '../../src/simulator/index.js';
import { freePort, portAnswers } from '../../scripts/editor/net.js';
import { pathWithProjectNode, repoRoot } from '../../scripts/editor/paths.js';
import { VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { extensionLogs } from './support/extensionLog.js';
import { Workbench } from './support/workbench.js';

const VIEW = 'Voice Instances';

/** Resolves with the first stdout match, rejects when the process ends or time runs out first. */
function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number, output: () => string): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`npm start printed no ${pattern} within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    const onData = (): void => {
      const m = output().match(pattern);
      if (m) done(undefined, m);
    };
    const onExit = (code: number | null): void => done(new Error(`npm start exited (${code}) before printing ${pattern}:\n${output()}`));
    function done(err?: Error, m?: RegExpMatchArray): void {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(m!);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    onData();
  });
}

/** The tail of every "Voice & SMS" log file under the logs directory npm start printed. */
function extensionLog(output: string): string {
  const dir = /Editor logs \(.*\): (\S+)/.exec(output)?.[1];
  if (!dir) return `(npm start printed no logs directory)\n${output}`;
  const logs = extensionLogs(dir);
  if (logs.length === 0) return `(no extension log under ${dir}: did the extension activate?)\n${output}`;
  // The settings the editor was started with sit beside its logs: whether the demo profile was there to be seen (npm
  // start writes it to the remote, Machine, settings, where a machine-scoped setting belongs in a remote window).
  const settingsFile = path.join(path.dirname(dir), 'Machine', 'settings.json');
  const settings = existsSync(settingsFile) ? readFileSync(settingsFile, 'utf8') : `(no ${settingsFile})`;
  const hostLogs = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /(remoteexthost|exthost|remoteagent)\.log$/.test(f))
    .map((f) => `${f}:\n${readFileSync(path.join(dir, f), 'utf8').split('\n').slice(-30).join('\n')}`);
  return [
    ...logs.map((l) => `${l.file}:\n${l.text.split('\n').slice(-60).join('\n')}`),
    `Machine/settings.json:\n${settings}`,
    ...hostLogs,
  ].join('\n');
}

describe('npm start (offline demo in a linked editor)', function () {
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> | undefined;
  let output = '';
  let wb: Workbench | undefined;
  let demoPort = 0;
  let editorPort = 0;

  before(async function () {
    this.timeout(240_000);
    demoPort = await freePort();
    editorPort = await freePort();
    child = spawn('npm', ['start', '--', '--port', String(editorPort), '--demo-port', String(demoPort)], {
      cwd: repoRoot,
      env: { ...process.env, PATH: pathWithProjectNode() },
      detached: true, // its own process group, so the SIGINT below reaches npm, tsx and code-server
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const c = child;
    exited = new Promise((resolve) => c.once('exit', (code) => resolve(code)));
    c.stdout?.on('data', (d: Buffer) => (output += d.toString('utf8')));
    c.stderr?.on('data', (d: Buffer) => (output += d.toString('utf8')));
    await waitForOutput(c, /Offline demo: the "Demo \(offline\)" profile is active/, 200_000, () => output);
  });

  after(async function () {
    this.timeout(60_000);
    await wb?.close().catch(() => undefined);
    if (child?.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  it('opens the demo voice instances, served by the simulator inside the extension host', async function () {
    this.timeout(200_000);
    const url = output.match(/http:\/\/127\.0\.0\.1:\d+\/\S*/)?.[0];
    assert.ok(url, `no workbench URL in:\n${output}`);
    assert.equal(await portAnswers(demoPort), false, 'nothing may serve the demo port before the extension starts its simulator');

    wb = await Workbench.open({ url, waitForActivityItem: VIEW_CONTAINER_TITLE });
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    const firstRow = (): Promise<void> =>
      wb!.treeRow(DEMO_INSTANCES[0] ?? 'VI-DEMO-01', VIEW).waitFor({ state: 'visible', timeout: 60_000 });
    await firstRow().catch(async (first: Error) => {
      // Seen while npm start wrote the demo profile to the User settings: the workbench dropped the machine-scoped
      // profiles once it knew their scope (no voiceSms.profiles at activation, nor after a reload). It writes them to the
      // Machine settings now; a reload stays as a second chance, logged, before the test fails.
      console.warn(`npm start: no demo rows after 60 s; reloading the window once. The extension's log:\n${extensionLog(output)}`);
      await wb!.runCommand('Developer: Reload Window');
      await wb!.activityBarItem(VIEW_CONTAINER_TITLE).waitFor({ state: 'visible', timeout: 60_000 });
      await wb!.openViewContainer(VIEW_CONTAINER_TITLE);
      await firstRow().catch((e: Error) => {
        // What the extension said is the only way to tell a demo that never started from a slow tree.
        throw new Error(
          `${first.message}\nand after a reload: ${e.message}\n--- the extension's log in the npm start editor ---\n${extensionLog(output)}`,
        );
      });
    });
    await wb.treeRow(DEMO_INSTANCES[1] ?? 'VI-DEMO-02', VIEW).waitFor({ state: 'visible' });
    await wb.moveMouseAway();
    await wb.screenshot('start-01-demo');

    const token = /X-Sim-Token: ([0-9a-f]+)/.exec(output)?.[1];
    assert.ok(token, `npm start printed no control token in:\n${output}`);
    assert.equal((await fetch(`http://127.0.0.1:${demoPort}/__sim/faults`)).status, 401, 'the control endpoint needs the token');
    const faults = await fetch(`http://127.0.0.1:${demoPort}/__sim/faults`, { headers: { 'X-Sim-Token': token } });
    assert.equal(faults.status, 200, 'the pinned demo port answers the simulator control endpoint');
    assert.ok(Array.isArray(await faults.json()));
  });

  it('stops code-server on Ctrl-C', async function () {
    this.timeout(60_000);
    await wb?.close();
    wb = undefined;
    assert.ok(child?.pid !== undefined && exited);
    process.kill(-child.pid, 'SIGINT');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 45_000))]);
    assert.notEqual(code, 'timeout', `npm start did not stop on SIGINT:\n${output}`);
    // npm can end before the script's own cleanup has finished stopping code-server's group (SIGTERM, then SIGKILL
    // after 5 s; scripts/editor/processes.ts): seen once under a full run's load, the port answered just after the exit.
    const stillAnswering = async (port: number): Promise<boolean> => {
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
        if (!(await portAnswers(port))) return false;
      }
      return portAnswers(port);
    };
    assert.equal(await stillAnswering(editorPort), false, 'code-server still answers 10 s after Ctrl-C');
    assert.equal(await stillAnswering(demoPort), false, 'the demo simulator still answers 10 s after Ctrl-C');
  });
});
