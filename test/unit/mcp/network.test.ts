// The MCP server hears the profile's non-secret settings from its environment and words network failures
// for a process of its own: the built dist/mcp.js over stdio with the SDK client, against simulators with
// non-default authentication, an HTTPS simulator signed by a private CA, and a real proxy on loopback that
// answers 407 (CONNECT) until it gets the right credentials.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { start, type Simulator } from '../../../src/simulator/index.js';
import { basicAuth, startAuthProxy, type AuthProxy } from '../core/http/authProxy.js';
import { createPrivateCa } from '../core/http/privateCa.js';
import { buildServer, connect, textOf, type Connected } from './harness.js';

const CREDENTIALS = { accessKeyId: 'AKID-MCP-NET-51C2', secretAccessKey: 'mcp-net-secret-Qv7w-never-echo' };
/** A host name only the test proxy resolves (to the simulator on loopback): loopback itself is never proxied. */
const PROXIED_HOST = 'sim.voicesms.test';

let built: Awaited<ReturnType<typeof buildServer>>;
const open: Connected[] = [];
const sims: Simulator[] = [];
let dir: string;

function baseEnv(sim: Simulator, baseUrl = sim.url): Record<string, string> {
  return {
    VOICESMS_BASE_URL: baseUrl,
    VOICESMS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    VOICESMS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    VOICESMS_ACCOUNT_ID: 'ACC-DEMO',
  };
}

async function server(env: Record<string, string>, args: string[] = []): Promise<Connected> {
  const c = await connect(built.mcpJs, env, { args, answer: () => ({ action: 'accept', content: { send: true } }) });
  open.push(c);
  return c;
}

async function simulator(o: Parameters<typeof start>[0] = {}): Promise<Simulator> {
  const sim = await start({ credentials: CREDENTIALS, controlEndpoint: false, ...o });
  sims.push(sim);
  return sim;
}

async function balance(c: Connected): Promise<CallToolResult> {
  return (await c.client.callTool({ name: 'get_balance', arguments: {} })) as CallToolResult;
}

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

void describe('MCP server: settings and network errors from the environment', { timeout: 120_000 }, () => {
  before(async () => {
    built = await buildServer();
    dir = mkdtempSync(join(tmpdir(), 'vstk-mcp-net-'));
  });

  // The servers and simulators a test started are stopped after it: a server's connection check (a read made
  // 300 ms after it starts) never reaches the next test's simulator or proxy.
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close().catch(() => undefined);
    for (const s of sims.splice(0)) await s.close();
  });
  after(() => {
    built?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  void describe('VOICESMS_AUTH_*', () => {
    void it('a service with another scheme: reads signed with it (VOICESMS_AUTH_FORM=signed) and a test SMS accepted', async () => {
      const sim = await simulator({ authScheme: 'ACME-V2', recordDetails: true });
      const c = await server({ ...baseEnv(sim), VOICESMS_AUTH_FORM: 'signed', VOICESMS_AUTH_SCHEME: 'ACME-V2' }, ['--allow-send']);
      const r = await balance(c);
      assert.notEqual(r.isError, true, textOf(r));
      const read = sim.requests.find((q) => q.path.includes('balance') || q.method === 'GET');
      assert.equal(read?.headers?.['authorization'], 'ACME-V2', 'the GET went out in the signed form with the scheme');
      const sent = (await c.client.callTool({
        name: 'send_test_sms',
        arguments: { from: 'VSTK-TEST', to: '+15005550123', body: 'signed with ACME-V2' },
      })) as CallToolResult;
      assert.notEqual(sent.isError, true, textOf(sent));
      assert.equal(sim.received.length, 1);
    });

    void it('an empty signature (VOICESMS_AUTH_SIGNATURE=empty) against a service that accepts one', async () => {
      const sim = await simulator({ acceptEmptySignature: true, recordDetails: true });
      const c = await server({ ...baseEnv(sim), VOICESMS_AUTH_FORM: 'signed', VOICESMS_AUTH_SIGNATURE: 'empty' });
      const r = await balance(c);
      assert.notEqual(r.isError, true, textOf(r));
      const read = sim.requests.at(-1);
      assert.equal(read?.headers?.['signature'], '');
      assert.equal(read?.headers?.['authorization'], 'CLOUD-V1');
    });

    void it('values the settings do not take are a problem sentence naming the variable, never repeating the value', async () => {
      const sim = await simulator();
      const c = await server({
        ...baseEnv(sim),
        VOICESMS_AUTH_FORM: 'sgned',
        VOICESMS_AUTH_SCHEME: 'CLOUD V1 with-spaces',
        VOICESMS_DEFAULT_REGION: 'Germany',
      });
      const r = await balance(c);
      assert.equal(r.isError, true);
      const text = textOf(r);
      assert.match(text, /VOICESMS_AUTH_FORM must be one of seed, signed, basic\./);
      assert.match(text, /VOICESMS_AUTH_SCHEME must be a single token/);
      assert.match(text, /VOICESMS_DEFAULT_REGION must be a two-letter ISO country code/);
      for (const v of ['sgned', 'with-spaces', 'Germany']) assert.ok(!text.includes(v), text);
      await until(() => c.stderr().includes('VOICESMS_AUTH_FORM'));
      assert.match(c.stderr(), /VOICESMS_AUTH_FORM must be one of/);
    });
  });

  void describe('a service signed by a private CA', () => {
    let ca: Awaited<ReturnType<typeof createPrivateCa>>;
    let caFile: string;
    let tls: { key: string; cert: string };
    let tlsSim: Simulator;
    before(async () => {
      ca = await createPrivateCa();
      caFile = join(dir, 'corp-root.pem');
      writeFileSync(caFile, ca.caPem);
      tls = await ca.serverCert({ hosts: ['127.0.0.1', PROXIED_HOST] });
    });
    // A simulator per test (the certificate is made once).
    beforeEach(async () => {
      tlsSim = await simulator({ tls, extraHosts: [PROXIED_HOST] });
    });

    void it('without its CA: one sentence naming VOICESMS_CA_FILE and NODE_EXTRA_CA_CERTS, not an editor setting, and no retry', async () => {
      const c = await server(baseEnv(tlsSim));
      const r = await balance(c);
      assert.equal(r.isError, true);
      const text = textOf(r);
      assert.match(
        text,
        /^The certificate of 127\.0\.0\.1:\d+ is not signed by an authority this server trusts \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\); if your network inspects TLS, set VOICESMS_CA_FILE \(or NODE_EXTRA_CA_CERTS\) in the server's environment to the path of your organisation's root certificate \(PEM\)\./,
      );
      assert.ok(!text.includes('voiceSms.tls.caFile'), text);
      assert.ok(!/retrying/.test(c.stderr()), `retried: ${c.stderr()}`);
    });

    void it('with VOICESMS_CA_FILE (or NODE_EXTRA_CA_CERTS): answers', async () => {
      for (const extra of [{ VOICESMS_CA_FILE: caFile }, { NODE_EXTRA_CA_CERTS: caFile }] as Array<Record<string, string>>) {
        const r = await balance(await server({ ...baseEnv(tlsSim), ...extra }));
        assert.notEqual(r.isError, true, `${Object.keys(extra)[0]}: ${textOf(r)}`);
      }
    });

    void it('an unusable VOICESMS_CA_FILE is named as the variable, never by its path (missing, relative, not a certificate)', async () => {
      const notPem = join(dir, 'private-notes.txt');
      writeFileSync(notPem, 'not a certificate');
      const cases: Array<[string, RegExp]> = [
        [
          join(dir, 'missing.pem'),
          /The CA file in VOICESMS_CA_FILE could not be read \(ENOENT\); correct the path or clear VOICESMS_CA_FILE\./,
        ],
        ['corp/secret-folder/root.pem', /The CA file in VOICESMS_CA_FILE must be an absolute path\./],
        [notPem, /The CA file in VOICESMS_CA_FILE holds no certificate; export your organisation's root certificate/],
      ];
      for (const [value, expected] of cases) {
        const c = await server({ ...baseEnv(tlsSim), VOICESMS_CA_FILE: value });
        const r = await balance(c);
        assert.equal(r.isError, true);
        assert.match(textOf(r), expected);
        for (const part of [value, dir, 'missing.pem', 'secret-folder', 'private-notes']) {
          assert.ok(!JSON.stringify(r).includes(part), `the agent is told ${part}: ${textOf(r)}`);
        }
      }
    });

    void it('a base URL or credential the core refuses is named by its variable, never by its value', async () => {
      const cases: Array<[Record<string, string>, RegExp, string]> = [
        [
          { VOICESMS_BASE_URL: 'https://alice:pw-9Zq@api.example.test/' },
          /VOICESMS_BASE_URL: must not contain a user name or password/,
          'pw-9Zq',
        ],
        // A plain http:// address of another host stops the server at start-up instead (startupChecks.test.ts).
        [
          { VOICESMS_ACCESS_KEY_ID: 'AK\u00e9-44x' },
          /VOICESMS_ACCESS_KEY_ID: the access key id may only contain visible ASCII characters/,
          '44x',
        ],
      ];
      for (const [extra, expected, hidden] of cases) {
        const r = await balance(await server({ ...baseEnv(tlsSim), ...extra }));
        assert.equal(r.isError, true);
        assert.match(textOf(r), /^The Voice & SMS MCP server is not configured correctly: /);
        assert.match(textOf(r), expected);
        assert.ok(!JSON.stringify(r).includes(hidden), textOf(r));
      }
    });

    void describe('behind a proxy that wants credentials (407)', () => {
      const AUTH = basicAuth('alice', 'pr0xy-s3cret');
      let proxy: AuthProxy;
      let env: Record<string, string>;
      // A proxy per test: what it saw is this test's alone.
      beforeEach(async () => {
        proxy = await startAuthProxy({ authorization: AUTH, hosts: { [PROXIED_HOST]: '127.0.0.1' } });
        env = { ...baseEnv(tlsSim, `https://${PROXIED_HOST}:${tlsSim.port}`), VOICESMS_CA_FILE: caFile };
      });
      afterEach(async () => proxy?.close());

      void it('without credentials: says the proxy wants them and how to give them in HTTPS_PROXY, asked once', async () => {
        const c = await server({ ...env, HTTPS_PROXY: proxy.url });
        // The start-up check asks the proxy too; counted from its end, the tool call's own request stands alone.
        await until(() => /Cannot use the service at/.test(c.stderr()), 60_000);
        assert.match(c.stderr(), /Cannot use the service at/);
        const before = proxy.seen.length;
        const r = await balance(c);
        assert.equal(r.isError, true);
        const text = textOf(r);
        assert.match(
          text,
          /^The proxy http.\/\/127\.0\.0\.1:\d+\/ asks for credentials before it connects to sim\.voicesms\.test:\d+ \(HTTP 407\); put them in the proxy URL in HTTPS_PROXY, as user:password@ before the proxy host \(percent-encode characters such as @ and : in them\)\./,
        );
        assert.match(text, /"error":"http"/);
        assert.equal(proxy.seen.length - before, 1, 'the 407 is not retried');
        assert.ok(!/retrying/.test(c.stderr()), c.stderr());
      });

      void it('with wrong credentials: says they were refused, without repeating them', async () => {
        const url = new URL(proxy.url);
        url.username = 'alice';
        url.password = 'wrong-pass-77';
        const r = await balance(await server({ ...env, HTTPS_PROXY: url.toString() }));
        assert.equal(r.isError, true);
        const text = textOf(r);
        assert.match(text, /^The proxy http.\/\/\*\*\*@127\.0\.0\.1:\d+\/ refused the user name and password in HTTPS_PROXY \(HTTP 407\)/);
        assert.ok(!text.includes('wrong-pass-77') && !text.includes('alice'), text);
      });

      void it('with the credentials in HTTPS_PROXY: answers through the proxy', async () => {
        const url = new URL(proxy.url);
        url.username = 'alice';
        url.password = 'pr0xy-s3cret';
        const r = await balance(await server({ ...env, HTTPS_PROXY: url.toString() }));
        assert.notEqual(r.isError, true, textOf(r));
        assert.ok(proxy.seen.some((s) => s.allowed && s.target.startsWith(PROXIED_HOST)));
      });
    });
  });
});
