// The MCP Bundle of `npm run package` (scripts/editor/mcpBundle.ts), built from the shipped layout of the server:
// `mcpb validate` (the format's own tool, offline) passes on its manifest, the credentials are `sensitive` user
// configuration, and the bundle, unpacked by `mcpb unpack` and started with the command a desktop assistant derives
// from the manifest (the tool's own getMcpConfigForManifest), lists its tools and answers one over stdio with
// the protocol SDK's client, against the simulator on loopback.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { McpbManifestAny } from '@anthropic-ai/mcpb' with { 'resolution-mode': 'import' };
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { writeMcpBundle } from '../../../scripts/editor/mcpBundle.js';
import { start, type Simulator } from '../../../src/simulator/index.js';
import { buildServer, root } from '../mcp/harness.js';

const CREDENTIALS = { accessKeyId: 'AKID-MCPB-TEST-51C0', secretAccessKey: 'mcpb-secret-q9Zx-never-echo' };
const MCPB = join(root, 'node_modules', '.bin', 'mcpb');

let built: Awaited<ReturnType<typeof buildServer>>;
let sim: Simulator;
let work: string;
let bundle: string;
let packed: string[];

void describe('MCP Bundle', () => {
  before(async () => {
    built = await buildServer();
    sim = await start({ credentials: CREDENTIALS, controlEndpoint: false });
    work = mkdtempSync(join(tmpdir(), 'vstk-mcpb-test-'));
    bundle = join(work, 'voice-sms-toolkit-test.mcpb');
    packed = await writeMcpBundle(dirname(built.mcpJs), bundle);
  });
  after(async () => {
    await sim?.close();
    built?.dispose();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  void it('is written, carries the server with what it requires, and passes mcpb validate', () => {
    assert.ok(existsSync(bundle));
    for (const f of [
      'manifest.json',
      'icon.png',
      'server/mcp.js',
      'server/core.js',
      'server/undici.js',
      'server/phone.js',
      'server/segments.js',
      'server/spelled.js',
    ])
      assert.ok(packed.includes(f), `${f} in ${packed.join(', ')}`);
    const dir = join(work, 'unpacked');
    execFileSync(MCPB, ['unpack', bundle, dir], { stdio: 'pipe' });
    const out = execFileSync(MCPB, ['validate', join(dir, 'manifest.json')], { encoding: 'utf8' });
    assert.match(out, /Manifest schema validation passes/);
  });

  void it('declares the credentials sensitive and maps every setting to a VOICESMS_* variable', () => {
    const dir = join(work, 'unpacked');
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      user_config: Record<string, { sensitive?: boolean; required?: boolean; default?: string }>;
      server: { mcp_config: { env: Record<string, string> } };
    };
    const uc = manifest.user_config;
    assert.equal(uc['secret_access_key']?.sensitive, true);
    assert.equal(uc['access_key_id']?.sensitive, true);
    const notSensitive = Object.entries(uc).filter(([, o]) => o.sensitive !== true);
    assert.ok(notSensitive.length >= 8, 'base URL, account, instances, sender ids, auth… are plain configuration');
    for (const [field, o] of notSensitive)
      assert.ok(o.required === true || o.default !== undefined, `${field} has a default or is required`);
    const env = manifest.server.mcp_config.env;
    for (const name of [
      'VOICESMS_BASE_URL',
      'VOICESMS_ACCESS_KEY_ID',
      'VOICESMS_SECRET_ACCESS_KEY',
      'VOICESMS_ACCOUNT_ID',
      'VOICESMS_VOICE_INSTANCES',
      'VOICESMS_SENDER_IDS',
      'VOICESMS_AUTH_FORM',
      'VOICESMS_AUTH_SIGNATURE',
      'VOICESMS_AUTH_SCHEME',
      'VOICESMS_CA_FILE',
      'VOICESMS_DEFAULT_REGION',
    ])
      assert.match(env[name] ?? '', /^\$\{user_config\.\w+\}$/, name);
  });

  void it("starts as an assistant starts it and lists its tools over stdio, with the user's configuration", async () => {
    const dir = join(work, 'unpacked');
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as McpbManifestAny;
    // An ES module: imported dynamically from this CommonJS test.
    const { getMcpConfigForManifest } = await import('@anthropic-ai/mcpb');
    const config = await getMcpConfigForManifest({
      manifest,
      extensionPath: dir,
      systemDirs: { HOME: work, DATA: work, DOCUMENTS: work, DOWNLOADS: work, DESKTOP: work },
      userConfig: {
        base_url: sim.url,
        access_key_id: CREDENTIALS.accessKeyId,
        secret_access_key: CREDENTIALS.secretAccessKey,
        account_id: 'ACC-DEMO',
        voice_instances: 'VI-DEMO-01',
      },
      pathSeparator: sep,
    });
    assert.ok(config, 'the manifest yields a server configuration');
    assert.equal(config.command, 'node');
    const transport = new StdioClientTransport({
      // The assistant's own Node.js; here the one running the tests.
      command: process.execPath,
      args: config.args ?? [],
      env: { PATH: process.env['PATH'] ?? '', ...config.env },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'mcpb-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      for (const t of ['get_month_view', 'get_trend', 'get_day_activities', 'get_balance', 'list_instances'])
        assert.ok(names.includes(t), `${t} in ${names.join(', ')}`);
      const r = (await client.callTool({ name: 'get_balance', arguments: {} })) as { isError?: boolean };
      assert.notEqual(r.isError, true, JSON.stringify(r));
      assert.ok(!JSON.stringify(r).includes(CREDENTIALS.secretAccessKey));
    } finally {
      await client.close();
    }
  });
});
