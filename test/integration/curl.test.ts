// Copy as cURL inside a real extension host: the command, given arguments, returns (and copies) a
// shell command with no credential in it, which really works when run with the credentials in the
// environment against the simulator started in this process.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, DEMO_INSTANCES, type Simulator } from '../../src/simulator/index.js';
import { EXTENSION_ID } from './contract.js';
import { signInToOwnSimulator, type SimulatorProfile } from './simulatorProfile.js';

const PROFILE = 'cURL integration';
const run = promisify(execFile);

describe('copy as cURL', function () {
  let sim: Simulator;
  let profile: SimulatorProfile | undefined;
  const config = () => vscode.workspace.getConfiguration('voiceSms');

  before(async function () {
    profile = await signInToOwnSimulator(PROFILE);
    sim = profile.sim;
  });

  after(async function () {
    await profile?.remove();
  });

  async function copy(arg: Record<string, unknown>, command: 'copyAsCurl' | 'copyAsCode' = 'copyAsCurl'): Promise<string> {
    const text = await vscode.commands.executeCommand<string | undefined>(`voiceSms.${command}`, arg);
    assert.ok(text, 'the command returned no text');
    assert.ok(!text.includes(sim.credentials.secretAccessKey), 'the secret is in the text');
    assert.ok(!text.includes(sim.credentials.accessKeyId), 'the access key id is in the text');
    assert.match(text, command === 'copyAsCurl' ? /\$VOICESMS_SECRET_ACCESS_KEY/ : /VOICESMS_SECRET_ACCESS_KEY/);
    assert.equal(await vscode.env.clipboard.readText(), text);
    return text;
  }

  /** A Node.js or Python snippet of Copy Request as Code, saved to a file and run with the credentials in the environment. */
  async function runFile(language: 'node' | 'python', text: string): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'vstk-code-'));
    try {
      const file = join(dir, language === 'node' ? 'request.mjs' : 'request.py');
      writeFileSync(file, text);
      const { stdout } = await run(language === 'node' ? process.execPath : 'python3', [file], {
        env: {
          PATH: process.env['PATH'] ?? '/usr/bin:/bin',
          VOICESMS_ACCESS_KEY_ID: sim.credentials.accessKeyId,
          VOICESMS_SECRET_ACCESS_KEY: sim.credentials.secretAccessKey,
          // The extension host's own Node when it is an Electron binary.
          ELECTRON_RUN_AS_NODE: '1',
        },
        timeout: 10_000,
      });
      return stdout;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  async function runIt(text: string): Promise<string> {
    const { stdout } = await run('sh', ['-c', text], {
      env: {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        VOICESMS_ACCESS_KEY_ID: sim.credentials.accessKeyId,
        VOICESMS_SECRET_ACCESS_KEY: sim.credentials.secretAccessKey,
      },
      timeout: 10_000,
    });
    return stdout;
  }

  it("http.proxy routes the profile's requests through a real local proxy, never a loopback base URL; http.noProxy bypasses it", async function () {
    this.timeout(30_000);
    const { createServer } = await import('node:http');
    // Loaded from node_modules at run time: bundled, the ESM-only `proxy` package loses its import.meta.url.
    const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath ?? process.cwd();
    const proxyModule = pathToFileURL(join(root, 'node_modules', 'proxy', 'dist', 'proxy.js')).href;
    const { createProxy } = (await import(proxyModule)) as typeof import('proxy', { with: { 'resolution-mode': 'import' } });
    const proxy = createProxy(createServer());
    let seen = 0;
    proxy.on('connect', () => seen++);
    proxy.on('request', () => seen++);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const http = () => vscode.workspace.getConfiguration('http');
    const profiles = () => config().inspect<{ name: string; baseUrl: string }[]>('profiles')?.globalValue ?? [];
    const pointAt = async (baseUrl: string) =>
      config().update(
        'profiles',
        profiles().map((p) => (p.name === PROFILE ? { ...p, baseUrl } : p)),
        vscode.ConfigurationTarget.Global,
      );
    const refreshFails = async () =>
      vscode.commands.executeCommand('voiceSms.refreshBalance', {}).then(
        () => assert.fail('expected a network error'),
        () => undefined,
      );
    try {
      await http().update('proxy', `http://127.0.0.1:${port}`, vscode.ConfigurationTarget.Global);
      await http().update('noProxy', [], vscode.ConfigurationTarget.Global);
      // The loopback simulator goes direct: the proxy never sees its (plain-http, credentialed) requests.
      const served = sim.requests.length;
      assert.ok(await vscode.commands.executeCommand('voiceSms.refreshBalance'));
      assert.equal(seen, 0, 'a loopback base URL went through the proxy');
      assert.ok(sim.requests.length > served);
      // A remote base URL goes through it (the proxy cannot resolve the .invalid name, so the refresh fails).
      await pointAt('https://voicesms.invalid');
      await refreshFails();
      assert.ok(seen >= 1, 'the proxy saw no request');
      await http().update('noProxy', ['voicesms.invalid'], vscode.ConfigurationTarget.Global);
      const before = seen;
      await refreshFails();
      assert.equal(seen, before, 'noProxy should bypass the proxy');
    } finally {
      await pointAt(sim.url);
      await http().update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await http().update('noProxy', undefined, vscode.ConfigurationTarget.Global);
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('month view (webview button arguments) copies a working command', async function () {
    const text = await copy({ instanceId: DEMO_INSTANCES[0], monthId: '202601', operation: 'calls' });
    assert.match(await runIt(text), /<code>200<\/code>/);
  });

  it('balance defaults to the profile account', async function () {
    const text = await copy({ operation: 'balance' });
    assert.match(text, new RegExp(`/account/${DEMO_ACCOUNT}/balance`));
    assert.match(await runIt(text), /<code>200<\/code>/);
  });

  it('sms with explicit fields is signed by the snippet and sent exactly once when run', async function () {
    const before = sim.received.length;
    const text = await copy({ operation: 'sms', from: 'VSTK-TEST', to: '+12015550123', body: 'from cURL' });
    assert.equal(sim.received.length, before, 'copying must not send');
    assert.match(await runIt(text), /<code>200<\/code>/);
    assert.equal(sim.received.length, before + 1);
  });

  it('sms without fields repeats the last message sent from this workspace', async function () {
    const saved = config().inspect('sms.confirmBeforeSend')?.globalValue;
    await config().update('sms.confirmBeforeSend', false, vscode.ConfigurationTarget.Global);
    try {
      const body = `last sent ${Date.now()}`;
      const sent = await vscode.commands.executeCommand<{ messageId?: string; to: string }>('voiceSms.sendSms', {
        from: 'VSTK-TEST',
        to: '+1 201-555-0147',
        body,
      });
      assert.equal(sent?.to, '+12015550147');
      const before = sim.received.length;
      const text = await copy({ operation: 'sms' });
      assert.ok(text.includes(encodeURIComponent('+12015550147')) || text.includes('+12015550147'), text);
      assert.equal(sim.received.length, before, 'copying must not send');
      assert.match(await runIt(text), /<code>200<\/code>/);
      assert.equal(sim.received.length, before + 1);
      const again = sim.received[sim.received.length - 1];
      assert.deepEqual({ from: again?.from, to: again?.to, body: again?.body }, { from: 'VSTK-TEST', to: '+12015550147', body });
    } finally {
      await config().update('sms.confirmBeforeSend', saved, vscode.ConfigurationTarget.Global);
    }
  });

  it('copyAsCode: each language given as an argument copies code that really works', async function () {
    this.timeout(30_000);
    for (const language of ['sh', 'node', 'python'] as const) {
      const text = await copy({ operation: 'balance', language }, 'copyAsCode');
      const out = language === 'sh' ? await runIt(text) : await runFile(language, text);
      assert.match(out, /<code>200<\/code>/, `${language}: ${out.slice(0, 300)}`);
      if (language !== 'sh') assert.match(out, /^200\n/, 'the status code comes first');
    }
  });

  it('copyAsCode from a Sent SMS row copies that message; run, it is sent again with the same fields', async function () {
    this.timeout(30_000);
    const entry = profile?.api.smsHistory.entries().find((e) => e.status === 'sent');
    assert.ok(entry, 'an SMS was sent by the test before');
    const original = sim.received.find((r) => r.body.startsWith('last sent '));
    assert.ok(original);
    const before = sim.received.length;
    const text = await copy({ ...entry, language: 'python' }, 'copyAsCode');
    assert.equal(sim.received.length, before, 'copying must not send');
    assert.match(await runFile('python', text), /<code>200<\/code>/);
    assert.equal(sim.received.length, before + 1);
    const again = sim.received[sim.received.length - 1];
    assert.deepEqual(
      { from: again?.from, to: again?.to, body: again?.body },
      { from: original.from, to: original.to, body: original.body },
    );
  });
});
