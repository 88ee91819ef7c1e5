// The setup command's snippets: valid JSON in each agent's own shape, the runtime and the stable launcher, the
// profile's non-secret settings (non-default auth, CA file, region, sender ids, proxy without its credentials),
// one server key and one set of credential sources per profile (two profiles merge into one file without a
// collision), and never a credential value — only the client's own way to supply it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MCP_CLIENTS, mcpSnippet, profileSlug, type McpClient, type McpSetupInput } from '../../../src/shared/mcpSetup.js';

const HOME = '/home/you';
const LAUNCHER = `${HOME}/.config/Code/User/globalStorage/vstk.voice-sms-toolkit/mcp-server/mcp.js`;

const input: McpSetupInput = {
  server: { command: '/usr/bin/node', args: [LAUNCHER], env: {}, source: 'path' },
  profile: {
    name: 'Production',
    baseUrl: 'https://api.example.com',
    accountId: 'ACC-1',
    voiceInstances: ['VI-1', 'VI-2'],
    senderIds: ['ACME', '+4915100000000'],
  },
  settings: { authForm: 'seed', authSignature: 'hmac-sha256', authScheme: 'CLOUD-V1', caFile: '', defaultRegion: '' },
  network: { proxy: '', noProxy: [] },
  home: HOME,
};

type Entry = { type?: string; command: string; args: string[]; env: Record<string, string> };
type File = { inputs?: Array<{ id: string; password: boolean }>; servers?: Record<string, Entry>; mcpServers?: Record<string, Entry> };

function servers(text: string): Record<string, Entry> {
  const j = JSON.parse(text) as File;
  const s = j.servers ?? j.mcpServers;
  assert.ok(s, text);
  return s;
}

function entry(text: string, key = 'voice-sms-production'): Entry {
  const e = servers(text)[key];
  assert.ok(e, `${key} in ${text}`);
  return e;
}

void describe('MCP setup snippets', () => {
  void it("name the runtime, the stable launcher and the profile's non-secret values for every client", () => {
    for (const client of MCP_CLIENTS) {
      const s = mcpSnippet(client, input);
      assert.equal(s.key, 'voice-sms-production');
      const e = entry(s.text);
      assert.equal(e.command, '/usr/bin/node');
      assert.deepEqual(e.args, [LAUNCHER]);
      const { VOICESMS_ACCESS_KEY_ID: _id, VOICESMS_SECRET_ACCESS_KEY: _secret, ...rest } = e.env;
      assert.deepEqual(
        rest,
        {
          VOICESMS_BASE_URL: 'https://api.example.com',
          VOICESMS_ACCOUNT_ID: 'ACC-1',
          VOICESMS_VOICE_INSTANCES: 'VI-1,VI-2',
          VOICESMS_SENDER_IDS: 'ACME,+4915100000000',
          VOICESMS_PROFILE: 'Production',
        },
        `${client}: default auth settings, no CA file, no region, no proxy are left out`,
      );
    }
  });

  void it('carry non-default auth settings, the CA file, the default region and the proxy (without its credentials)', () => {
    const custom: McpSetupInput = {
      ...input,
      settings: { authForm: 'signed', authSignature: 'empty', authScheme: 'ACME-V2', caFile: '/etc/ssl/corp.pem', defaultRegion: 'de' },
      network: { proxy: 'http://alice:s3cret-pw@proxy.corp:3128', noProxy: ['localhost', ' .corp '] },
    };
    for (const client of MCP_CLIENTS) {
      const s = mcpSnippet(client, custom);
      const e = entry(s.text);
      assert.equal(e.env['VOICESMS_AUTH_FORM'], 'signed');
      assert.equal(e.env['VOICESMS_AUTH_SIGNATURE'], 'empty');
      assert.equal(e.env['VOICESMS_AUTH_SCHEME'], 'ACME-V2');
      assert.equal(e.env['VOICESMS_CA_FILE'], '/etc/ssl/corp.pem');
      assert.equal(e.env['VOICESMS_DEFAULT_REGION'], 'DE');
      assert.equal(e.env['HTTPS_PROXY'], 'http://proxy.corp:3128');
      assert.equal(e.env['NO_PROXY'], 'localhost,.corp');
      assert.ok(!s.text.includes('s3cret-pw') && !s.text.includes('alice'), `${client}: the proxy's credentials are in the snippet`);
      assert.ok(
        s.notes.some((n) => /without its user name and password/.test(n)),
        `${client} says the proxy credentials were left out`,
      );
    }
    const plain = entry(mcpSnippet('cursor', { ...input, network: { proxy: 'proxy.corp:8080', noProxy: [] } }).text);
    assert.equal(plain.env['HTTPS_PROXY'], 'http://proxy.corp:8080');
    assert.equal(plain.env['NO_PROXY'], undefined);
  });

  void it('supply the credentials only through the client (password input, environment expansion) or not at all', () => {
    const expected: Record<McpClient, [string | undefined, string | undefined]> = {
      vscode: ['${input:voicesms-production-access-key-id}', '${input:voicesms-production-secret-access-key}'],
      cursor: ['${env:VOICESMS_PRODUCTION_ACCESS_KEY_ID}', '${env:VOICESMS_PRODUCTION_SECRET_ACCESS_KEY}'],
      claudeCode: ['${VOICESMS_PRODUCTION_ACCESS_KEY_ID}', '${VOICESMS_PRODUCTION_SECRET_ACCESS_KEY}'],
      claudeDesktop: [undefined, undefined],
    };
    for (const client of MCP_CLIENTS) {
      const s = mcpSnippet(client, input);
      const e = entry(s.text);
      assert.deepEqual([e.env['VOICESMS_ACCESS_KEY_ID'], e.env['VOICESMS_SECRET_ACCESS_KEY']], expected[client], client);
      assert.match(s.secretNote, /SECRET_ACCESS_KEY|secret/, client);
    }
    const vscode = JSON.parse(mcpSnippet('vscode', input).text) as File;
    assert.deepEqual(
      vscode.inputs?.map((i) => [i.id, i.password]),
      [
        ['voicesms-production-access-key-id', true],
        ['voicesms-production-secret-access-key', true],
      ],
    );
  });

  void it('let two profiles live side by side in one file: own keys, input ids and credential variables', () => {
    const other: McpSetupInput = { ...input, profile: { ...input.profile, name: 'Demo (offline)', baseUrl: 'http://127.0.0.1:9' } };
    for (const client of MCP_CLIENTS) {
      const a = mcpSnippet(client, input);
      const b = mcpSnippet(client, other);
      assert.equal(b.key, 'voice-sms-demo-offline');
      const ja = JSON.parse(a.text) as File;
      const jb = JSON.parse(b.text) as File;
      // The merge a user does by pasting the second snippet's entries next to the first one's.
      const merged: File = {
        ...(ja.inputs ? { inputs: [...ja.inputs, ...(jb.inputs ?? [])] } : {}),
        [ja.servers ? 'servers' : 'mcpServers']: { ...servers(a.text), ...servers(b.text) },
      };
      const all = servers(JSON.stringify(merged));
      assert.deepEqual(Object.keys(all).sort(), ['voice-sms-demo-offline', 'voice-sms-production'], client);
      const ids = merged.inputs?.map((i) => i.id) ?? [];
      assert.equal(new Set(ids).size, ids.length, `${client}: input ids collide: ${ids.join(', ')}`);
      const sources = Object.values(all).flatMap((e) => [e.env['VOICESMS_ACCESS_KEY_ID'], e.env['VOICESMS_SECRET_ACCESS_KEY']]);
      const defined = sources.filter((v) => v !== undefined);
      assert.equal(new Set(defined).size, defined.length, `${client}: two profiles read the same credential: ${defined.join(', ')}`);
      assert.equal(all['voice-sms-demo-offline']!.env['VOICESMS_BASE_URL'], 'http://127.0.0.1:9');
    }
  });

  void it('give every profile name a slug of its own', () => {
    assert.equal(profileSlug('Demo (offline)'), 'demo-offline');
    assert.equal(profileSlug('Émile – Prod'), 'emile-prod');
    assert.match(profileSlug('生产'), /^profile-[0-9a-f]{8}$/);
    const names = ['Prod', 'prod!'];
    const slugs = names.map((n) => profileSlug(n, names));
    assert.notEqual(slugs[0], slugs[1]);
    assert.match(slugs[0]!, /^prod-[0-9a-f]{8}$/);
    assert.equal(profileSlug('Prod', ['Prod', 'Test']), 'prod');
  });

  void it('say when the snippet names files in the home folder, for clients that have workspace files', () => {
    for (const client of MCP_CLIENTS) {
      const notes = mcpSnippet(client, input).notes.join(' ');
      if (client === 'claudeDesktop') assert.doesNotMatch(notes, /home folder/);
      else assert.match(notes, new RegExp(`home folder \\(${LAUNCHER.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\).*do not commit`), client);
    }
    const elsewhere = mcpSnippet('vscode', { ...input, home: '/Users/someone-else' });
    assert.doesNotMatch(elsewhere.notes.join(' '), /home folder/);
  });

  void it("run with the editor's own runtime when no Node.js is on PATH, and say so", () => {
    const editor: McpSetupInput = {
      ...input,
      server: { command: '/usr/share/code/code', args: [LAUNCHER], env: { ELECTRON_RUN_AS_NODE: '1' }, source: 'editor' },
    };
    for (const client of MCP_CLIENTS) {
      const s = mcpSnippet(client, editor);
      const e = entry(s.text);
      assert.equal(e.command, '/usr/share/code/code');
      assert.equal(e.env['ELECTRON_RUN_AS_NODE'], '1');
      assert.match(s.notes.join(' '), /editor's own runtime \(\/usr\/share\/code\/code\)/);
    }
  });

  void it('leave out what the profile does not have', () => {
    const e = entry(
      mcpSnippet('cursor', { ...input, profile: { name: 'P', baseUrl: 'https://x.example', voiceInstances: [], senderIds: [] } }).text,
      'voice-sms-p',
    );
    assert.equal(e.env['VOICESMS_ACCOUNT_ID'], undefined);
    assert.equal(e.env['VOICESMS_VOICE_INSTANCES'], undefined);
    assert.equal(e.env['VOICESMS_SENDER_IDS'], undefined);
  });
});
