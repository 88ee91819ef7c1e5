// "Set Up MCP Server for Another Client…" in a real extension host: for each agent, the command returns
// (and copies, and for one shows in an editor) a configuration naming the stable launcher the command copied
// into global storage (not this extension's folder), under the profile's own key, with the active profile's
// non-secret values and no credential; the VS Code one is then run exactly as an agent would run it — the
// snippet's command, args and env (password inputs answered with the profile's credentials) — and answers
// tools/list and get_balance. It also prints the extension host's process.execPath (docs/mcp.md quotes it). With a
// remote name given through the test seam (as vscode.env.remoteName reads in a Remote-SSH window), desktop agents get
// no path of this machine and are told what works on the user's own computer; CLI agents get the configuration.
// A platform given through the same seam picks Claude Code's shell (PowerShell for win32). In the offline demo every
// agent's entry is the launcher with --demo and nothing else, and the VS Code one, run as written, lists the tools.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Simulator } from '../../src/simulator/index.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { EXTENSION_ID } from './contract.js';
import { signInToOwnSimulator, type SimulatorProfile } from './simulatorProfile.js';

const PROFILE = 'MCP setup integration';
const KEY = 'voice-sms-mcp-setup-integration';

interface Snippet {
  client: string;
  file: string;
  format: string;
  text: string;
  link?: string;
  offer: string;
  secretNote: string;
  notes: string[];
}

interface ServerEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

describe('Set Up MCP Server for Another Client', function () {
  let sim: Simulator;
  let profile: SimulatorProfile | undefined;
  let extensionPath: string;

  before(async function () {
    this.timeout(60_000);
    profile = await signInToOwnSimulator(PROFILE);
    sim = profile.sim;
    extensionPath = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
    // code-server's extension host is itself a remote one (the browser is the local side): the first tests are
    // about a local window, so the seam says so; the remote test below names one.
    console.log(`      [measured] vscode.env.remoteName in code-server: ${vscode.env.remoteName ?? '(none)'}`);
    ((await vscode.extensions.getExtension(EXTENSION_ID)!.activate()) as VoiceSmsTestApi).place.pretendRemote(undefined);
    console.log(
      `      [measured] extension host process.execPath: ${process.execPath} (electron: ${process.versions['electron'] ?? 'no'})`,
    );
  });

  after(async function () {
    ((await vscode.extensions.getExtension(EXTENSION_ID)!.activate()) as VoiceSmsTestApi).place.reset();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await profile?.remove();
  });

  async function setUp(client: string, show = false): Promise<Snippet> {
    const s = await vscode.commands.executeCommand<Snippet | undefined>('voiceSms.setUpMcpServer', { client, show });
    assert.ok(s, `no snippet for ${client}`);
    assert.equal(await vscode.env.clipboard.readText(), s.text, 'the snippet is copied');
    assert.ok(!s.text.includes(sim.credentials.secretAccessKey), `${client}: the secret is in the snippet`);
    assert.ok(!s.text.includes(sim.credentials.accessKeyId), `${client}: the access key id is in the snippet`);
    assert.ok(s.secretNote.length > 40, `${client} says how to supply the secret`);
    return s;
  }

  function entryOf(s: Snippet): ServerEntry {
    // Claude Code's is a command line: claude mcp add-json <key> '<json>' --scope user (one quoted word, no quote inside).
    const m = /^claude mcp add-json (\S+) '([^']*)' --scope user\n$/.exec(s.text);
    const parsed = (m ? { mcpServers: { [m[1]!]: JSON.parse(m[2]!) as ServerEntry } } : JSON.parse(s.text)) as {
      servers?: Record<string, ServerEntry>;
      mcpServers?: Record<string, ServerEntry>;
    };
    const entry = (parsed.servers ?? parsed.mcpServers)?.[KEY];
    assert.ok(entry, `${s.client}: no ${KEY} server`);
    assert.ok(isAbsolute(entry.command) && existsSync(entry.command), `${s.client}: the runtime ${entry.command}`);
    assert.equal(entry.args.length, 1);
    assert.match(entry.args[0]!, /[/\\]mcp-server[/\\]mcp\.js$/, 'the stable launcher');
    assert.ok(!entry.args[0]!.startsWith(extensionPath), "not inside the extension's own folder");
    assert.ok(existsSync(entry.args[0]!), entry.args[0]);
    assert.equal(entry.env['VOICESMS_BASE_URL'], sim.url);
    assert.equal(entry.env['VOICESMS_ACCOUNT_ID'], 'ACC-DEMO');
    assert.equal(entry.env['VOICESMS_PROFILE'], PROFILE);
    return entry;
  }

  it('gives each agent its own format, without a credential', async function () {
    this.timeout(30_000);
    const cursor = entryOf(await setUp('cursor'));
    assert.equal(cursor.env['VOICESMS_SECRET_ACCESS_KEY'], '${env:VOICESMS_MCP_SETUP_INTEGRATION_SECRET_ACCESS_KEY}');
    const claudeCode = await setUp('claudeCode');
    assert.equal(claudeCode.format, 'shell');
    assert.equal(entryOf(claudeCode).env['VOICESMS_SECRET_ACCESS_KEY'], '${VOICESMS_MCP_SETUP_INTEGRATION_SECRET_ACCESS_KEY}');
    const desktop = await setUp('claudeDesktop');
    assert.equal(entryOf(desktop).env['VOICESMS_SECRET_ACCESS_KEY'], undefined);
    assert.match(desktop.secretNote, /VOICESMS_SECRET_ACCESS_KEY/);
  });

  it('VS Code mcp.json: password inputs, shown in an editor, and the server runs as configured', async function () {
    this.timeout(60_000);
    const s = await setUp('vscode', true);
    const parsed = JSON.parse(s.text) as { inputs: Array<{ id: string; password?: boolean }> };
    assert.ok(parsed.inputs.length === 2 && parsed.inputs.every((i) => i.password === true), 'both credentials are password inputs');
    const entry = entryOf(s);
    assert.equal(vscode.window.activeTextEditor?.document.getText(), s.text, 'the snippet is shown');

    // What VS Code does with it: fill ${input:…} with what the user types, spawn command + args with env.
    const typed: Record<string, string> = {
      'voicesms-mcp-setup-integration-access-key-id': sim.credentials.accessKeyId,
      'voicesms-mcp-setup-integration-secret-access-key': sim.credentials.secretAccessKey,
    };
    const env = Object.fromEntries(
      Object.entries(entry.env).map(([k, v]) => [k, v.replace(/^\$\{input:([\w-]+)\}$/, (_m, id: string) => typed[id] ?? '')]),
    );
    // The snippet's own runtime (an absolute path), so no `node` on PATH is needed.
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: { ...env, PATH: process.env['PATH'] ?? '' },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'mcp-setup-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'get_balance'));
      const r = (await client.callTool({ name: 'get_balance', arguments: {} })) as {
        isError?: boolean;
        structuredContent?: { amount?: string };
      };
      assert.notEqual(r.isError, true, JSON.stringify(r));
      assert.match(r.structuredContent?.amount ?? '', /^\d+\.\d{2}$/);
    } finally {
      await client.close();
    }
  });

  it("Claude Code's command line follows the platform of the window's terminals (through the test seam)", async function () {
    this.timeout(30_000);
    const api = (await vscode.extensions.getExtension(EXTENSION_ID)!.activate()) as VoiceSmsTestApi;
    try {
      api.place.pretendRemote(undefined, 'win32');
      const windows = await setUp('claudeCode');
      assert.equal(windows.format, 'powershell');
      assert.match(
        windows.text,
        /^\$voiceSmsMcp = '\{.*\}'\n.*\nclaude mcp add-json voice-sms-mcp-setup-integration \$voiceSmsMcp --scope user\n$/,
      );
      api.place.pretendRemote('wsl', 'linux');
      assert.equal((await setUp('claudeCode')).format, 'shell', 'a WSL window runs Linux');
    } finally {
      api.place.pretendRemote(undefined);
    }
  });

  it('in the offline demo: every agent gets the launcher with --demo and no credential, and the VS Code entry runs', async function () {
    this.timeout(60_000);
    await vscode.commands.executeCommand('voiceSms.startDemo');
    try {
      for (const client of ['cursor', 'claudeCode', 'claudeDesktop', 'windsurf', 'codex', 'gemini', 'vscode']) {
        const s = await vscode.commands.executeCommand<Snippet>('voiceSms.setUpMcpServer', { client, show: false });
        assert.equal(await vscode.env.clipboard.readText(), s.text, `${client}: copied`);
        assert.match(s.text, /--demo/, client);
        assert.doesNotMatch(s.text, /127\.0\.0\.1|VOICESMS_|\$\{/, `${client}: ${s.text}`);
      }
      const s = await vscode.commands.executeCommand<Snippet>('voiceSms.setUpMcpServer', { client: 'vscode', show: false });
      const parsed = JSON.parse(s.text) as { inputs?: unknown; servers: Record<string, ServerEntry> };
      assert.equal(parsed.inputs, undefined);
      const entry = parsed.servers['voice-sms-demo-offline'];
      assert.ok(entry, s.text);
      assert.deepEqual(entry.args.slice(1), ['--demo']);
      const transport = new StdioClientTransport({
        command: entry.command,
        args: entry.args,
        env: { ...entry.env, PATH: process.env['PATH'] ?? '' },
        stderr: 'ignore',
      });
      const client = new Client({ name: 'mcp-setup-demo-test', version: '1.0.0' });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        assert.ok(tools.some((t) => t.name === 'list_instances'));
        const r = (await client.callTool({ name: 'list_instances', arguments: {} })) as { isError?: boolean; content?: unknown };
        assert.notEqual(r.isError, true, JSON.stringify(r));
        assert.match(JSON.stringify(r.content), /VI-DEMO-01/);
      } finally {
        await client.close();
      }
    } finally {
      await vscode.commands.executeCommand('voiceSms.stopDemo');
    }
  });

  it('in a remote window (remote name through the test seam): each agent gets what works from there', async function () {
    this.timeout(30_000);
    const api = (await vscode.extensions.getExtension(EXTENSION_ID)!.activate()) as VoiceSmsTestApi;
    const local = await setUp('cursor');
    assert.equal(local.offer, 'config');
    api.place.pretendRemote('ssh-remote');
    try {
      await vscode.env.clipboard.writeText('untouched');
      for (const client of ['cursor', 'windsurf', 'claudeDesktop']) {
        const s = await vscode.commands.executeCommand<Snippet>('voiceSms.setUpMcpServer', { client, show: false });
        assert.equal(s.offer, 'elsewhere', client);
        assert.equal(s.text, '', `${client}: no path of the remote machine`);
        assert.match(s.notes.join(' '), /remote machine \(ssh-remote\).*your own computer/, client);
        assert.equal(await vscode.env.clipboard.readText(), 'untouched', `${client}: nothing copied`);
      }
      const bundle = await vscode.commands.executeCommand<Snippet>('voiceSms.setUpMcpServer', { client: 'claudeDesktop', show: false });
      assert.match(bundle.notes.join(' '), /MCP Bundle/);
      for (const client of ['claudeCode', 'codex', 'gemini']) {
        const s = await setUp(client);
        assert.equal(s.offer, 'config');
        assert.match(s.notes[0] ?? '', /started there/, client);
      }
      const code = await setUp('vscode');
      assert.equal(code.link, undefined, 'no install link into the local profile');
      assert.match(code.file, /Remote User Configuration/);
      assert.equal(entryOf(code).env['VOICESMS_PROFILE'], PROFILE);
    } finally {
      api.place.pretendRemote(undefined);
    }
  });
});
