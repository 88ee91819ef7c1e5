// The setup command's snippets, each parsed in its own format (JSON, TOML, a POSIX command line, install links):
// each agent's own shape, the runtime and the stable launcher, the profile's non-secret settings (non-default auth,
// CA file, region, sender ids, proxy without its credentials), one server key and one set of credential sources per
// profile (two profiles merge into one file without a collision), and never a credential value — only the agent's
// own way to supply it. Parsing here is the test's own (a small TOML reader: no TOML parser is in node_modules).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { DEMO_FLAG } from '../../../src/mcp/config.js';
import { mcpSnippet } from '../../../src/shared/mcpAgents.js';
import {
  MCP_CLIENTS,
  MCP_DEMO_FLAG,
  profileSlug,
  type McpClient,
  type McpSetupInput,
  type McpSnippet,
} from '../../../src/shared/mcpSetup.js';
import { powershellWords } from '../support/powershellWords.js';

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

type Entry = { type?: string; command: string; args: string[]; env: Record<string, string>; env_vars?: string[] };

/** The argv a Windows program reads from its command line (CommandLineToArgvW's rules, which Node.js follows). */
function windowsArgv(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (i >= line.length) break;
    let arg = '';
    let quoted = false;
    while (i < line.length) {
      const c = line[i]!;
      if (c === '\\') {
        let n = 0;
        while (line[i] === '\\') {
          n++;
          i++;
        }
        // 2n backslashes before a quote are n and the quote opens or closes; 2n+1 are n and a literal quote.
        arg += '\\'.repeat(line[i] === '"' ? n >> 1 : n);
        if (line[i] === '"' && n % 2 === 1) {
          arg += '"';
          i++;
        }
      } else if (c === '"') {
        if (quoted && line[i + 1] === '"') {
          arg += '"';
          i += 2;
        } else {
          quoted = !quoted;
          i++;
        }
      } else if (!quoted && (c === ' ' || c === '\t')) {
        break;
      } else {
        arg += c;
        i++;
      }
    }
    out.push(arg);
  }
  return out;
}

/** The three lines of the PowerShell form: the JSON PowerShell holds in its variable, the escape line, and the key. */
function powershellForm(text: string): { json: string; escapeLine: string; key: string } {
  const lines = text.trimEnd().split('\n');
  assert.equal(lines.length, 3, text);
  const assign = /^\$voiceSmsMcp = (.*)$/.exec(lines[0]!);
  assert.ok(assign, lines[0]);
  const [json, ...rest] = powershellWords(assign[1]!);
  assert.equal(rest.length, 0, 'one string');
  const run = /^claude mcp add-json (\S+) \$voiceSmsMcp --scope user$/.exec(lines[2]!);
  assert.ok(run, lines[2]);
  const [key, ...more] = powershellWords(run[1]!);
  assert.equal(more.length, 0);
  return { json: json!, escapeLine: lines[1]!, key: key! };
}
type File = { inputs?: Array<{ id: string; password: boolean }>; servers?: Record<string, Entry>; mcpServers?: Record<string, Entry> };

/** Words of a POSIX command line made of plain words and '…' quoted parts (what shellQuote may write). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === ' ' || c === '\n') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      assert.ok(end > i, `unterminated quote in ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '\\') {
      word = (word ?? '') + line[i + 1];
      i++;
    } else {
      assert.ok(!/["$`;&|<>(){}*?]/.test(c), `unquoted ${c} in ${line}`);
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** TOML's basic strings, bare and quoted keys, [a.b] tables and arrays of strings: all a snippet may use. */
function parseToml(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let table = root;
  const str = (src: string, at: number): [string, number] => {
    assert.equal(src[at], '"', `a string at ${at} of ${src}`);
    let out = '';
    let i = at + 1;
    const esc: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
    for (; src[i] !== '"'; i++) {
      assert.ok(i < src.length, `unterminated string in ${src}`);
      if (src[i] === '\\') {
        const e = src[++i]!;
        if (e === 'u') {
          out += String.fromCharCode(parseInt(src.slice(i + 1, i + 5), 16));
          i += 4;
        } else {
          assert.ok(e in esc, `escape \\${e}`);
          out += esc[e];
        }
      } else {
        assert.ok(src.charCodeAt(i) >= 0x20, 'a control character in a basic string');
        out += src[i];
      }
    }
    return [out, i + 1];
  };
  const keys = (src: string): string[] => {
    const out: string[] = [];
    let i = 0;
    while (i < src.length) {
      if (src[i] === '"') {
        const [k, next] = str(src, i);
        out.push(k);
        i = next;
      } else {
        const m = /^[A-Za-z0-9_-]+/.exec(src.slice(i));
        assert.ok(m, `a key in ${src}`);
        out.push(m[0]);
        i += m[0].length;
      }
      if (src[i] === '.') i++;
      else assert.equal(i, src.length, `junk after key in ${src}`);
    }
    return out;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[')) {
      assert.ok(line.endsWith(']') && !line.startsWith('[['), line);
      table = root;
      for (const k of keys(line.slice(1, -1))) table = (table[k] ??= {}) as Record<string, unknown>;
      continue;
    }
    const eq = /^("[^"]*"|[A-Za-z0-9_-]+)\s*=\s*/.exec(line);
    assert.ok(eq, `key = value: ${line}`);
    const [key] = keys(eq[1]!);
    const rest = line.slice(eq[0].length);
    assert.ok(!(key! in table), `key ${key} twice`);
    if (rest.startsWith('[')) {
      const items: string[] = [];
      let i = 1;
      while (rest[i] !== ']') {
        const [v, next] = str(rest, i);
        items.push(v);
        i = next;
        while (rest[i] === ',' || rest[i] === ' ') i++;
      }
      assert.equal(i, rest.length - 1, `junk after array in ${line}`);
      table[key!] = items;
    } else {
      const [v, next] = str(rest, 0);
      assert.equal(next, rest.length, `junk after string in ${line}`);
      table[key!] = v;
    }
  }
  return root;
}

/** The servers a snippet adds, read in the snippet's own format. */
function servers(s: McpSnippet | string): Record<string, Entry> {
  if (typeof s === 'string' || s.format === 'json' || s.format === 'jsonc') {
    const j = JSON.parse(typeof s === 'string' ? s : s.text) as File;
    const found = j.servers ?? j.mcpServers;
    assert.ok(found, typeof s === 'string' ? s : s.text);
    return found;
  }
  if (s.format === 'toml') return (parseToml(s.text) as { mcp_servers: Record<string, Entry> }).mcp_servers;
  if (s.format === 'powershell') {
    const ps = powershellForm(s.text);
    return { [ps.key]: JSON.parse(ps.json) as Entry };
  }
  const words = shellWords(s.text);
  assert.deepEqual([...words.slice(0, 3), ...words.slice(5)], ['claude', 'mcp', 'add-json', '--scope', 'user'], s.text);
  return { [words[3]!]: JSON.parse(words[4]!) as Entry };
}

function entry(s: McpSnippet, key = 'voice-sms-production'): Entry {
  const e = servers(s)[key];
  assert.ok(e, `${key} in ${s.text}`);
  return e;
}

void describe('MCP setup snippets', () => {
  void it("name the runtime, the stable launcher and the profile's non-secret values for every client", () => {
    for (const client of MCP_CLIENTS) {
      const s = mcpSnippet(client, input);
      assert.equal(s.key, 'voice-sms-production');
      const e = entry(s);
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
      const e = entry(s);
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
    const plain = entry(mcpSnippet('cursor', { ...input, network: { proxy: 'proxy.corp:8080', noProxy: [] } }));
    assert.equal(plain.env['HTTPS_PROXY'], 'http://proxy.corp:8080');
    assert.equal(plain.env['NO_PROXY'], undefined);
  });

  void it('supply the credentials only through the client (password input, environment expansion) or not at all', () => {
    const expected: Record<McpClient, [string | undefined, string | undefined]> = {
      vscode: ['${input:voicesms-production-access-key-id}', '${input:voicesms-production-secret-access-key}'],
      cursor: ['${env:VOICESMS_PRODUCTION_ACCESS_KEY_ID}', '${env:VOICESMS_PRODUCTION_SECRET_ACCESS_KEY}'],
      claudeCode: ['${VOICESMS_PRODUCTION_ACCESS_KEY_ID}', '${VOICESMS_PRODUCTION_SECRET_ACCESS_KEY}'],
      claudeDesktop: [undefined, undefined],
      windsurf: ['${env:VOICESMS_PRODUCTION_ACCESS_KEY_ID}', '${env:VOICESMS_PRODUCTION_SECRET_ACCESS_KEY}'],
      codex: ['${VOICESMS_PRODUCTION_ACCESS_KEY_ID}', '${VOICESMS_PRODUCTION_SECRET_ACCESS_KEY}'],
      gemini: ['${VOICESMS_PRODUCTION_ACCESS_KEY_ID}', '${VOICESMS_PRODUCTION_SECRET_ACCESS_KEY}'],
    };
    for (const client of MCP_CLIENTS) {
      const s = mcpSnippet(client, input);
      const e = entry(s);
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
      const json = a.format === 'json' || a.format === 'jsonc';
      const ja = (json ? JSON.parse(a.text) : {}) as File;
      const jb = (json ? JSON.parse(b.text) : {}) as File;
      // The merge a user does by pasting the second snippet's entries next to the first one's (or running both commands).
      const merged: File = {
        ...(ja.inputs ? { inputs: [...ja.inputs, ...(jb.inputs ?? [])] } : {}),
        [ja.servers ? 'servers' : 'mcpServers']: { ...servers(a), ...servers(b) },
      };
      if (a.format === 'toml') assert.doesNotThrow(() => parseToml(`${a.text}\n${b.text}`), 'two profiles in one config.toml');
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
    const projectFiles: McpClient[] = ['vscode', 'cursor', 'codex', 'gemini'];
    for (const client of MCP_CLIENTS) {
      const notes = mcpSnippet(client, input).notes.join(' ');
      if (!projectFiles.includes(client)) assert.doesNotMatch(notes, /home folder/, client);
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
      const e = entry(s);
      assert.equal(e.command, '/usr/share/code/code');
      assert.equal(e.env['ELECTRON_RUN_AS_NODE'], '1');
      assert.match(s.notes.join(' '), /editor's own runtime \(\/usr\/share\/code\/code\)/);
    }
  });

  void it('leave out what the profile does not have', () => {
    const e = entry(
      mcpSnippet('cursor', { ...input, profile: { name: 'P', baseUrl: 'https://x.example', voiceInstances: [], senderIds: [] } }),
      'voice-sms-p',
    );
    assert.equal(e.env['VOICESMS_ACCOUNT_ID'], undefined);
    assert.equal(e.env['VOICESMS_VOICE_INSTANCES'], undefined);
    assert.equal(e.env['VOICESMS_SENDER_IDS'], undefined);
  });

  void it("VS Code's install link: vscode:mcp/install? and the URL-encoded server with its name and password inputs", () => {
    const s = mcpSnippet('vscode', input);
    assert.ok(s.link?.startsWith('vscode:mcp/install?'), s.link);
    const linked = JSON.parse(decodeURIComponent(s.link!.slice('vscode:mcp/install?'.length))) as Entry & {
      name: string;
      inputs: Array<{ id: string; type: string; password: boolean }>;
    };
    const file = JSON.parse(s.text) as File;
    assert.equal(linked.name, 'voice-sms-production');
    const { name: _n, inputs, ...server } = linked;
    assert.deepEqual(server, file.servers!['voice-sms-production'], 'the link adds what the file holds');
    assert.deepEqual(inputs, file.inputs);
    assert.ok(inputs.every((i) => i.type === 'promptString' && i.password));
  });

  void it("Cursor's install link: the documented deeplink, its config the file's entry in base64", () => {
    const s = mcpSnippet('cursor', input);
    const url = new URL(s.link!);
    assert.equal(`${url.protocol}//${url.host}${url.pathname}`, 'cursor://anysphere.cursor-deeplink/mcp/install');
    assert.equal(url.searchParams.get('name'), 'voice-sms-production');
    const config = JSON.parse(Buffer.from(url.searchParams.get('config')!, 'base64').toString('utf8')) as Entry;
    assert.deepEqual(config, entry(s));
    const other = mcpSnippet('cursor', { ...input, profile: { ...input.profile, name: 'Zoë ✓' } });
    assert.equal(new URL(other.link!).searchParams.get('name'), other.key, 'a name outside ASCII survives the link');
  });

  void it('Claude Code: one claude mcp add-json command at user scope that holds no credential, only the variables it reads', () => {
    const s = mcpSnippet('claudeCode', { ...input, profile: { ...input.profile, name: "O'Brien & Co" } });
    assert.equal(s.format, 'shell');
    const words = shellWords(s.text);
    assert.equal(words.length, 7, s.text);
    const e = JSON.parse(words[4]!) as Entry;
    assert.equal(e.env['VOICESMS_PROFILE'], "O'Brien & Co", 'a quote in a value survives the shell');
    assert.equal(e.env['VOICESMS_SECRET_ACCESS_KEY'], '${VOICESMS_O_BRIEN_CO_SECRET_ACCESS_KEY}');
    assert.match(s.secretNote, /no secret.*history/);
    assert.doesNotMatch(s.text, /export |=\S*secret/i, 'nothing is set on the command line');
  });

  void it("Codex CLI: a [mcp_servers.<key>] table that forwards only the profile's two variables", () => {
    const s = mcpSnippet('codex', { ...input, profile: { ...input.profile, name: 'Prod "EU"\\1' } });
    assert.equal(s.format, 'toml');
    const e = entry(s, s.key);
    assert.deepEqual(e.env_vars, ['VOICESMS_PROD_EU_1_ACCESS_KEY_ID', 'VOICESMS_PROD_EU_1_SECRET_ACCESS_KEY']);
    assert.equal(e.env['VOICESMS_PROFILE'], 'Prod "EU"\\1', 'quotes and backslashes survive TOML');
    assert.equal(e.env['VOICESMS_ACCESS_KEY_ID'], '${VOICESMS_PROD_EU_1_ACCESS_KEY_ID}');
  });

  void it('in a remote window: CLI agents get the configuration for the remote host, desktop agents what works on your computer', () => {
    const remote: McpSetupInput = { ...input, remoteName: 'ssh-remote' };
    for (const client of ['claudeCode', 'codex', 'gemini'] as const) {
      const s = mcpSnippet(client, remote);
      assert.equal(s.offer, 'config');
      assert.equal(entry(s).command, '/usr/bin/node');
      assert.match(s.notes[0]!, /remote machine \(ssh-remote\).*started there/, client);
    }
    for (const client of ['cursor', 'windsurf', 'claudeDesktop'] as const) {
      const s = mcpSnippet(client, remote);
      assert.equal(s.offer, 'elsewhere', client);
      assert.equal(s.text, '', `${client}: no path of the remote machine is offered`);
      assert.equal(s.link, undefined);
      assert.match(s.notes.join(' '), /runs on your own computer, where they do not exist/);
      assert.match(s.notes.join(' '), client === 'claudeDesktop' ? /MCP Bundle/ : /local editor window/, client);
    }
    const vscode = mcpSnippet('vscode', remote);
    assert.equal(vscode.link, undefined, 'the install link would add the remote path to the local profile');
    assert.match(vscode.file, /Remote User Configuration/);
    for (const client of MCP_CLIENTS) assert.equal(mcpSnippet(client, input).offer, 'config', `${client} locally`);
  });

  void it("in the offline demo: every agent gets the server's --demo, with no service address, account or credential", () => {
    assert.equal(MCP_DEMO_FLAG, DEMO_FLAG, 'the flag the server reads');
    const demo: McpSetupInput = {
      ...input,
      profile: {
        name: 'Demo (offline)',
        baseUrl: 'http://127.0.0.1:41234',
        accountId: 'ACC-DEMO',
        voiceInstances: ['VI-DEMO-01'],
        senderIds: ['VSTK-TEST'],
      },
      settings: { ...input.settings, caFile: '/etc/ssl/corp.pem' },
      network: { proxy: 'http://alice:pw@proxy.corp:3128', noProxy: [] },
      demo: true,
    };
    for (const platform of ['linux', 'win32']) {
      for (const client of MCP_CLIENTS) {
        const s = mcpSnippet(client, { ...demo, platform });
        const e = entry(s, 'voice-sms-demo-offline');
        assert.equal(e.command, '/usr/bin/node');
        assert.deepEqual(e.args, [LAUNCHER, '--demo'], client);
        assert.deepEqual(e.env ?? {}, {}, `${client}: nothing but the runtime's own variables`);
        assert.equal(e.env_vars, undefined, client);
        for (const gone of ['127.0.0.1', 'ACC-DEMO', 'VOICESMS_', 'proxy.corp', 'corp.pem', '${'])
          assert.ok(!s.text.includes(gone), `${client} writes ${gone}: ${s.text}`);
        assert.match(s.secretNote, /needs no credentials/, client);
        assert.match(s.notes.join(' '), /offline demo.*sign in with your profile/, client);
        assert.doesNotMatch(s.notes.join(' '), /proxy/, client);
      }
    }
    const file = JSON.parse(mcpSnippet('vscode', demo).text) as File;
    assert.equal(file.inputs, undefined, 'VS Code asks for nothing');
    const linked = JSON.parse(decodeURIComponent(mcpSnippet('vscode', demo).link!.slice('vscode:mcp/install?'.length))) as Record<
      string,
      unknown
    >;
    assert.deepEqual(linked, { name: 'voice-sms-demo-offline', type: 'stdio', command: '/usr/bin/node', args: [LAUNCHER, '--demo'] });
    const editor = entry(
      mcpSnippet('cursor', {
        ...demo,
        server: { command: '/opt/code/code', args: [LAUNCHER], env: { ELECTRON_RUN_AS_NODE: '1' }, source: 'editor' },
      }),
      'voice-sms-demo-offline',
    );
    assert.deepEqual(editor.env, { ELECTRON_RUN_AS_NODE: '1' }, "the editor's runtime still needs its variable");
  });

  void it('Claude Code in a POSIX shell: sh -c gives claude exactly its words, a path with spaces and a quote included', () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vstk-claude it's here-"));
    try {
      // A stub `claude` first on PATH that prints the argv it received.
      writeFileSync(path.join(dir, 'claude'), `#!${process.execPath}\nprocess.stdout.write(JSON.stringify(process.argv.slice(2)));\n`);
      chmodSync(path.join(dir, 'claude'), 0o755);
      const launcher = path.join(dir, "O'Brien's files", 'mcp.js');
      const s = mcpSnippet('claudeCode', {
        ...input,
        server: { ...input.server, args: [launcher] },
        profile: { ...input.profile, name: "O'Brien & Co $(id)" },
        platform: 'linux',
      });
      assert.equal(s.format, 'shell');
      const out = execFileSync('sh', ['-c', s.text], {
        encoding: 'utf8',
        env: { PATH: `${dir}${path.delimiter}${process.env['PATH'] ?? ''}` },
      });
      const argv = JSON.parse(out) as string[];
      assert.deepEqual([...argv.slice(0, 2), ...argv.slice(4)], ['mcp', 'add-json', '--scope', 'user']);
      assert.equal(argv[2], 'voice-sms-o-brien-co-id');
      const e = JSON.parse(argv[3]!) as Entry;
      assert.deepEqual(e.args, [launcher]);
      assert.equal(e.env['VOICESMS_PROFILE'], "O'Brien & Co $(id)");
      assert.equal(e.env['VOICESMS_SECRET_ACCESS_KEY'], '${VOICESMS_O_BRIEN_CO_ID_SECRET_ACCESS_KEY}', 'not expanded by the shell');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it('Claude Code in PowerShell (Windows): the JSON single-quoted, and whole through both ways PowerShell passes arguments', () => {
    const launcher = "C:\\Users\\O'Brien\\AppData\\Roaming\\Code\\User\\globalStorage\\vstk.voice-sms-toolkit\\mcp-server\\mcp.js";
    const win: McpSetupInput = {
      ...input,
      server: { command: 'C:\\Program Files\\nodejs\\node.exe', args: [launcher], env: {}, source: 'path' },
      profile: { ...input.profile, name: 'O’Brien & Co "EU" 100%' },
      home: "C:\\Users\\O'Brien",
      platform: 'win32',
    };
    const s = mcpSnippet('claudeCode', win);
    assert.equal(s.format, 'powershell');
    assert.match(s.file, /PowerShell/);
    assert.match(s.secretNote, /PowerShell profile/);
    const ps = powershellForm(s.text);
    const e = JSON.parse(ps.json) as Entry;
    assert.equal(ps.key, s.key);
    assert.equal(e.command, 'C:\\Program Files\\nodejs\\node.exe');
    assert.deepEqual(e.args, [launcher]);
    assert.equal(e.env['VOICESMS_PROFILE'], 'O’Brien & Co "EU" 100%');
    assert.match(e.env['VOICESMS_ACCESS_KEY_ID'] ?? '', /^\$\{VOICESMS_[A-Z0-9_]+_ACCESS_KEY_ID\}$/);
    // Nothing a shell or cmd.exe (npm's claude.cmd) could split or interpret is left raw in the argument.
    assert.doesNotMatch(ps.json, /[\s&|<>^%]/, ps.json);
    // PowerShell 7.3+ (Standard): the variable's text is the program's argument as it is.
    // Windows PowerShell 5.1 (Legacy): the line's -replace runs, the argument goes onto the command line unquoted (it
    // holds no whitespace) and the program reads it back by the Windows rules.
    assert.equal(
      ps.escapeLine,
      `if ($PSNativeCommandArgumentPassing -notin 'Standard', 'Windows') { $voiceSmsMcp = $voiceSmsMcp -replace '(\\\\*)"', '$1$1\\"' }`,
    );
    // .NET's -replace and JavaScript's replace read this pattern and replacement alike ($1 the group, \ literal).
    const legacy = ps.json.replace(/(\\*)"/g, '$1$1\\"');
    const argv = windowsArgv(`claude.exe mcp add-json ${ps.key} ${legacy} --scope user`);
    assert.deepEqual(argv, ['claude.exe', 'mcp', 'add-json', s.key, ps.json, '--scope', 'user']);
    // Without the escape, Windows PowerShell's program would get the JSON without its quotes.
    assert.notEqual(windowsArgv(`claude.exe ${ps.json}`)[1], ps.json);
    assert.equal(mcpSnippet('claudeCode', { ...win, platform: 'darwin' }).format, 'shell');
    assert.equal(mcpSnippet('claudeCode', { ...win, platform: undefined }).format, 'shell');
  });
});
