// The MCP Bundle's door: started as a desktop app starts it from the bundle's manifest (scripts/editor/mcpBundle.ts
// mcpbManifest, resolved by the format's own getMcpConfigForManifest), the server's texts name the fields of the
// bundle's form by their titles, never the VOICESMS_* variables its user never saw; started by hand, the same
// server names the variables. The expected titles are read from the manifest, so a field renamed there is
// expected renamed here.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { McpbManifestAny } from '@anthropic-ai/mcpb' with { 'resolution-mode': 'import' };
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mcpbManifest } from '../../../scripts/editor/mcpBundle.js';
import { bundleTitles, settingNames } from '../../../src/mcp/settingNames.js';
import { start, type Simulator } from '../../../src/simulator/index.js';
import { buildServer, connect, textOf, type Connected } from './harness.js';

type Manifest = { user_config: Record<string, { title: string }>; server: { mcp_config: { env: Record<string, string> } } };

/** The title of the form field whose value reaches `variable`, as the manifest maps it. */
function titleOf(m: Manifest, variable: string): string {
  const field = /^\$\{user_config\.(\w+)\}$/.exec(m.server.mcp_config.env[variable] ?? '')?.[1];
  assert.ok(field, `${variable} is not mapped to a field`);
  const title = m.user_config[field]?.title;
  assert.ok(title, `${field} has no title`);
  return title;
}

let built: Awaited<ReturnType<typeof buildServer>>;
let sim: Simulator;
let dir: string;
let manifest: Manifest;
const open: Connected[] = [];

async function call(c: Connected, name: string): Promise<string> {
  return textOf((await c.client.callTool({ name, arguments: {} })) as CallToolResult);
}

void describe('the MCP Bundle door names the form’s fields', { timeout: 120_000 }, () => {
  before(async () => {
    built = await buildServer();
    // The bundle's layout: manifest.json beside server/ holding the built server.
    dir = mkdtempSync(join(tmpdir(), 'vstk-mcpb-door-'));
    cpSync(dirname(built.mcpJs), join(dir, 'server'), { recursive: true });
    manifest = mcpbManifest({ version: '1.2.3', publisher: 'vstk' }) as unknown as Manifest;
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  });
  // A simulator per test, and the servers a test started stopped after it (a connection check of one never
  // reaches the next).
  beforeEach(async () => {
    sim = await start({ controlEndpoint: false });
  });
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close().catch(() => undefined);
    await sim.close();
  });
  after(() => {
    built?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Started as the desktop app starts it: the manifest's command, arguments and environment, the user's answers filled in. */
  async function fromBundle(answers: Record<string, string> = {}): Promise<Connected> {
    const { getMcpConfigForManifest } = await import('@anthropic-ai/mcpb');
    const config = await getMcpConfigForManifest({
      manifest: manifest as unknown as McpbManifestAny,
      extensionPath: dir,
      systemDirs: { HOME: dir, DATA: dir, DOCUMENTS: dir, DOWNLOADS: dir, DESKTOP: dir },
      // No account id, no voice instances: the fields left blank.
      userConfig: {
        base_url: sim.url,
        access_key_id: sim.credentials.accessKeyId,
        secret_access_key: sim.credentials.secretAccessKey,
        ...answers,
      },
      pathSeparator: sep,
    });
    assert.ok(config?.args?.[0], 'the manifest yields a command');
    const c = await connect(config.args[0], config.env ?? {}, { args: config.args.slice(1) });
    open.push(c);
    return c;
  }

  void it('run from the bundle: the balance and the instance hints name "Account id" and "Voice instances", not the variables', async () => {
    const c = await fromBundle();
    const balance = await call(c, 'get_balance');
    assert.ok(balance.includes(`"${titleOf(manifest, 'VOICESMS_ACCOUNT_ID')}"`), balance);
    assert.doesNotMatch(balance, /VOICESMS_/);
    const instances = await call(c, 'list_instances');
    assert.ok(instances.includes(`"${titleOf(manifest, 'VOICESMS_VOICE_INSTANCES')}"`), instances);
    assert.doesNotMatch(instances, /VOICESMS_/);
  });

  void it('run from the bundle: a CA file that cannot be read is named by its field, cleared there, not by VOICESMS_CA_FILE', async () => {
    // An https base URL is what reads the CA file (loopback http never does); nothing listens: the file is read first.
    const c = await fromBundle({ base_url: 'https://127.0.0.1:9/', ca_file: join(dir, 'no-such-ca.pem') });
    const text = await call(c, 'get_balance');
    const title = `"${titleOf(manifest, 'VOICESMS_CA_FILE')}"`;
    assert.ok(text.includes(`The CA file in ${title} could not be read (ENOENT); correct the path or clear ${title}.`), text);
    assert.doesNotMatch(text, /VOICESMS_|variable|no-such-ca/);
  });

  void it('run by hand with the same values: the variables are named', async () => {
    const c = await connect(built.mcpJs, {
      VOICESMS_BASE_URL: sim.url,
      VOICESMS_ACCESS_KEY_ID: sim.credentials.accessKeyId,
      VOICESMS_SECRET_ACCESS_KEY: sim.credentials.secretAccessKey,
    });
    open.push(c);
    assert.match(await call(c, 'get_balance'), /set VOICESMS_ACCOUNT_ID in the MCP server's environment/);
    assert.match(await call(c, 'list_instances'), /VOICESMS_VOICE_INSTANCES in the MCP server's environment/);
  });

  void it('the titles follow the manifest: a field renamed there is named renamed', () => {
    const renamed = structuredClone(manifest);
    const field = /\{user_config\.(\w+)\}/.exec(renamed.server.mcp_config.env['VOICESMS_ACCOUNT_ID'] ?? '')![1]!;
    renamed.user_config[field]!.title = 'Billing account';
    const names = settingNames({ VOICESMS_MCPB_MANIFEST: '/bundle/manifest.json' }, () => JSON.stringify(renamed));
    assert.equal(names.door, 'bundle');
    assert.equal(names.name('VOICESMS_ACCOUNT_ID'), '"Billing account"');
    assert.equal(bundleTitles(manifest)['VOICESMS_BASE_URL'], titleOf(manifest, 'VOICESMS_BASE_URL'));
    // An unreadable manifest still speaks to a bundle user, naming what it cannot title by its variable.
    const unreadable = settingNames({ VOICESMS_MCPB_MANIFEST: '/nowhere.json' }, () => {
      throw new Error('ENOENT');
    });
    assert.equal(unreadable.door, 'bundle');
    assert.equal(unreadable.name('VOICESMS_ACCOUNT_ID'), 'VOICESMS_ACCOUNT_ID');
    assert.equal(settingNames({}).door, 'environment');
  });
});
