// Its own editor for the update: a PATH without `node` and a VSIX installed over the first, which the shared editor must not get.
// "Set Up MCP Server for Another Client…" through the real UI of the installed VSIX: the palette command,
// its pick of agents, the snippet shown in an editor and copied, and the note on the secret. The snippet
// names the stable launcher in the extension's global storage (which exists, outside the extension's folder),
// has the profile's own server key, and carries no credential.
// Then the update, in an editor of its own whose PATH holds no `node`: the snippet copied there, a VSIX with a
// higher version installed over the first and the old extension folder removed (as the editor does after an
// update), and the copied command — run as VS Code runs it, with a PATH that holds no `node` — still starts the
// server and lists the tools.
// In the offline demo (the shared editor, the demo stopped again after): the VS Code configuration names the
// server's own --demo and no simulator address or credential of the window, and its command, started as VS Code
// starts it, lists the tools and answers from the server's own simulator.
// Screenshots: test-results/e2e/mcp-01-pick.png, mcp-02-snippet.png (README "Use it from any AI agent (MCP)").
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { DEMO_ACCOUNT, DEMO_INSTANCES } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY, EXTENSION_ID, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { bumpedVsix } from './support/bumpedVsix.js';
import { session, type SimulatorInfo } from './support/session.js';
import { simulatorSuite } from './support/signedInSuite.js';
import { until } from './support/wait.js';
import { Workbench } from './support/workbench.js';

const PROFILE = 'E2E MCP';
const TITLE = `${COMMAND_CATEGORY}: Set Up MCP Server for Another Client…`;

interface VsCodeConfig {
  inputs: Array<{ id: string; password?: boolean }>;
  servers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
}

/** Starts `server` as an MCP client does (stdio, its env over a PATH) and hands a connected client to `use`. */
async function withServer<T>(
  server: { command: string; args: string[]; env?: Record<string, string> },
  pathVar: string,
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ name: 'e2e-mcp-setup', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: server.command, args: server.args, env: { ...server.env, PATH: pathVar }, stderr: 'ignore' }),
  );
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** Runs "Set Up MCP Server" for VS Code in `wb` and returns the copied configuration and its text. */
async function copyVsCodeSnippet(wb: Workbench, screenshots = false): Promise<{ text: string; config: VsCodeConfig }> {
  const qi = await wb.palette(TITLE);
  await qi.row(TITLE).waitFor({ state: 'visible' });
  await qi.input.press('Enter');
  await qi.title.filter({ hasText: 'Set Up MCP Server' }).waitFor({ state: 'visible' });
  const labels = await qi.labels();
  for (const label of ['Cursor', 'Claude Code', 'Claude Desktop']) assert.ok(labels.includes(label), `"${label}" in ${labels.join(' | ')}`);
  if (screenshots) await wb.screenshot('mcp-01-pick');
  await wb.quickInput.pick(/^VS Code/);
  await wb.quickInput.waitClosed();
  await wb
    .notification(/Copied the VS Code \(mcp\.json\).*configuration of the Voice & SMS MCP server/)
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 });
  await wb.page.locator('.monaco-editor .view-lines', { hasText: 'voice-sms-' }).first().waitFor({ state: 'visible' });
  const text = await wb.readClipboard();
  return { text, config: JSON.parse(text) as VsCodeConfig };
}

/** PATH without any folder holding a `node` (the harness puts the project's Node first). */
function pathWithoutNode(): string {
  return (process.env['PATH'] ?? '')
    .split(path.delimiter)
    .filter((d) => d !== '' && !existsSync(path.join(d, 'node')) && !existsSync(path.join(d, 'node.exe')))
    .join(path.delimiter);
}

describe('Set Up MCP Server for Another Client', function () {
  this.timeout(90_000);
  const suite = simulatorSuite(PROFILE);
  let wb: Workbench, sim: SimulatorInfo;
  before(() => ({ wb, sim } = suite));

  it('offers the agents, then shows and copies the VS Code configuration without a credential', async function () {
    const { text, config } = await copyVsCodeSnippet(wb, true);
    await wb.toastShown(wb.notification(/Copied the VS Code \(mcp\.json\)/));
    await wb.screenshot('mcp-02-snippet');

    const server = config.servers['voice-sms-e2e-mcp'];
    assert.ok(server, `the profile's own key: ${text}`);
    assert.equal(server.env['VOICESMS_BASE_URL'], sim.baseUrl);
    assert.equal(server.env['VOICESMS_ACCOUNT_ID'], DEMO_ACCOUNT);
    assert.match(server.args[0] ?? '', /[/\\]mcp-server[/\\]mcp\.js$/, 'the stable launcher');
    assert.doesNotMatch(server.args[0] ?? '', /vstk\.voice-sms-toolkit-\d/, "not inside the extension's versioned folder");
    assert.ok(existsSync(server.args[0] ?? ''), `${server.args[0]} exists`);
    assert.ok(path.isAbsolute(server.command) && existsSync(server.command), `the runtime ${server.command} exists`);
    assert.ok(config.inputs.every((i) => i.password === true));
    for (const secret of [
      sim.secretAccessKey,
      sim.accessKeyId,
      Buffer.from(`${sim.accessKeyId}:${sim.secretAccessKey}`).toString('base64'),
    ]) {
      assert.ok(!text.includes(secret), 'the snippet carries a credential');
    }
    await wb.clearNotifications();
    await wb.runCommand('View: Revert and Close Editor').catch(() => undefined);
  });
});

describe('Set Up MCP Server in the offline demo', function () {
  this.timeout(150_000);
  let wb: Workbench;
  let started = false;

  before(async function () {
    wb = await Workbench.open({ waitForActivityItem: VIEW_CONTAINER_TITLE });
  });

  after(async function () {
    // Leave the shared editor signed out whatever happened above.
    if (started) await wb?.runCommand(`${COMMAND_CATEGORY}: Stop Offline Demo`).catch(() => undefined);
    await wb?.revertAndCloseAllEditors().catch(() => undefined);
    await wb?.close();
  });

  it("writes the server's --demo, and the written command lists the tools and answers from its own simulator", async function () {
    await wb.runCommand(`${COMMAND_CATEGORY}: Start Offline Demo`);
    started = true;
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    // The demo starts its simulator in the extension host: slow on a loaded machine, so a generous wait.
    await wb.treeRow(DEMO_INSTANCES[0] ?? 'VI-DEMO-01', 'Voice Instances').waitFor({ state: 'visible', timeout: 60_000 });
    await wb.clearNotifications();

    const { text, config } = await copyVsCodeSnippet(wb);
    const server = config.servers['voice-sms-demo-offline'];
    assert.ok(server, `the demo's own key: ${text}`);
    assert.match(server.args[0] ?? '', /[/\\]mcp-server[/\\]mcp\.js$/, 'the stable launcher');
    assert.deepEqual(server.args.slice(1), ['--demo']);
    assert.equal(config.inputs, undefined, 'nothing to ask for');
    // Neither this window's simulator (its address, its random credentials) nor any VOICESMS_* setting is written.
    assert.doesNotMatch(text, /127\.0\.0\.1|localhost|VOICESMS_|DEMO-[0-9A-F]{16}|\$\{input:/, text);
    await wb
      .notification(/offline demo: the server starts a simulator of its own/)
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 });

    // What VS Code does with the entry: command + args, with env (only a runtime's own variable, if any).
    const names = await withServer(server, process.env['PATH'] ?? '', async (client) => {
      const { tools } = await client.listTools();
      const list = (await client.callTool({ name: 'list_instances', arguments: {} })) as {
        isError?: boolean;
        content?: Array<{ text?: string }>;
      };
      assert.notEqual(list.isError, true, JSON.stringify(list));
      assert.match(JSON.stringify(list.content), /VI-DEMO-01/, "the demo's instances");
      const balance = (await client.callTool({ name: 'get_balance', arguments: {} })) as { isError?: boolean };
      assert.notEqual(balance.isError, true, JSON.stringify(balance));
      return tools.map((t) => t.name);
    });
    for (const t of ['get_month_view', 'get_balance', 'list_instances']) assert.ok(names.includes(t), `${t} in ${names.join(', ')}`);
    await wb.clearNotifications();
  });
});

describe('MCP server snippet after an extension update (no node on PATH)', function () {
  this.timeout(300_000);
  const PROFILE2 = 'E2E MCP Update';
  const noNode = pathWithoutNode();
  let editor: Awaited<ReturnType<ReturnType<typeof session>['startEditor']>> | undefined;
  let wb: Workbench | undefined;
  let sim: SimulatorInfo;
  let copied: VsCodeConfig['servers'][string] | undefined;
  let runCopied: (() => Promise<void>) | undefined;
  let newVersion: string | undefined;
  let work = '';

  before(async function () {
    work = mkdtempSync(path.join(tmpdir(), 'vstk-mcp-update-'));
    sim = await session().simulator();
    // SHELL unusable: the server would otherwise give the extension host its login shell's PATH (which has node).
    editor = await session().startEditor({ env: { PATH: noNode, SHELL: '/nonexistent/shell' } });
    wb = await Workbench.open({ url: editor.workspaceUrl, waitForActivityItem: VIEW_CONTAINER_TITLE, timeoutMs: 120_000 });
  });

  after(async function () {
    await wb?.close();
    await editor?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("copies the snippet in an editor whose PATH has no node: the runtime is the editor's own", async function () {
    const w = wb!;
    assert.ok(await w.signInToSimulator(PROFILE2), 'the sign-in flow closed');
    await w.signedInNotice(PROFILE2, 30_000);
    await w.clearNotifications();
    const { config } = await copyVsCodeSnippet(w);
    // The one server entry, whatever its key (checked last), so the later steps test the command itself.
    const [key, server] = Object.entries(config.servers)[0] ?? [];
    assert.ok(key && server, JSON.stringify(config));
    copied = server;
    // Measured: in code-server the extension host is the Node.js that runs code-server (process.execPath).
    console.log(`      [measured] code-server extension host runtime: ${server.command}`);
    assert.ok(path.isAbsolute(server.command) && existsSync(server.command), server.command);
    assert.equal(server.env['ELECTRON_RUN_AS_NODE'], undefined, 'code-server runs Node.js, not Electron');
    await w
      .notification(/editor's own runtime/)
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 });
    assert.equal(key, 'voice-sms-e2e-mcp-update', "the profile's own key");
  });

  it('installs a higher version over it; the copied command still starts the server and lists the tools', async function () {
    assert.ok(copied && editor, 'the snippet was copied');
    const server = copied;
    const id = EXTENSION_ID.toLowerCase();
    const folders = (): string[] => readdirSync(editor!.extensionsDir).filter((d) => d.toLowerCase().startsWith(`${id}-`));
    const before = folders();
    const bumped = await bumpedVsix(session().vsix, work);
    await editor.installExtension(bumped.file);
    assert.ok(
      folders().some((d) => d.toLowerCase() === `${id}-${bumped.version}`),
      `${bumped.version} installed: ${folders().join(', ')}`,
    );
    // What the editor does with the old version after an update: its folder goes.
    for (const old of before) rmSync(path.join(editor.extensionsDir, old), { recursive: true, force: true });

    // What VS Code does with the snippet: the two ${input:…} filled with what the user typed, command + args spawned with env.
    const typed: Record<string, string> = { VOICESMS_ACCESS_KEY_ID: sim.accessKeyId, VOICESMS_SECRET_ACCESS_KEY: sim.secretAccessKey };
    const env = Object.fromEntries(Object.entries(server.env).map(([k, v]) => [k, /^\$\{input:[\w-]+\}$/.test(v) ? (typed[k] ?? '') : v]));
    runCopied = async () => {
      const client = new Client({ name: 'e2e-mcp-update', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({ command: server.command, args: server.args, env: { ...env, PATH: noNode }, stderr: 'ignore' }),
      );
      try {
        const { tools } = await client.listTools();
        const names = tools.map((t) => t.name);
        for (const t of ['get_month_view', 'get_balance', 'list_instances']) assert.ok(names.includes(t), `${t} in ${names.join(', ')}`);
        const r = (await client.callTool({ name: 'get_balance', arguments: {} })) as { isError?: boolean };
        assert.notEqual(r.isError, true, JSON.stringify(r));
      } finally {
        await client.close();
      }
    };
    await runCopied();
    newVersion = bumped.version;
  });

  it('the new version, once active, moves the same launcher to its own copy, and the copied command still works', async function () {
    assert.ok(runCopied && newVersion && copied, 'the update step ran');
    const launcher = copied.args[0]!;
    const w = wb!;
    // A new window: the editor starts an extension host with the version now installed.
    await w.page.reload();
    await w.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    await w.activityBarItem(VIEW_CONTAINER_TITLE).waitFor({ state: 'visible', timeout: 60_000 });
    await w.openViewContainer(VIEW_CONTAINER_TITLE);
    await until(
      'the launcher to name the new copy',
      () => Promise.resolve(readFileSync(launcher, 'utf8').includes(`./${newVersion}-`)),
      45_000,
    );
    await runCopied();
  });
});
