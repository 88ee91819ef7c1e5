// connectClient/routeFacts: the editor's network settings turned into a client (proxy or direct, trust
// for https only), the way the host builds every client.
import assert from 'node:assert/strict';
import * as nodeHttp from 'node:http';
import { createServer, type Server } from 'node:http';
import * as nodeHttps from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { connectClient, redactRoute, routeFacts, type EditorNetwork, type NetworkInputs } from '../../../../src/core/index.js';
import { start, type Simulator } from '../../../../src/simulator/index.js';

const NONE: NetworkInputs = { proxySetting: '', noProxySetting: [], proxyStrictSSL: true, systemCertificates: false, caFile: '', env: {} };

void describe('connectClient', { timeout: 15_000 }, () => {
  let sim: Simulator;
  let proxy: Server;
  let proxyUrl: string;
  const seen: string[] = [];

  // A simulator and a proxy per test: what the proxy saw in one test (a request to .invalid) is not there in the next.
  beforeEach(async () => {
    seen.length = 0;
    sim = await start();
    const { createProxy } = await import('proxy');
    proxy = createProxy(createServer());
    proxy.on('request', (req: { url?: string }) => seen.push(String(req.url)));
    proxy.on('connect', (req: { url?: string }) => seen.push(String(req.url)));
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await sim.close();
  });

  void it('goes direct to a loopback service even with http.proxy set, and close() works', async () => {
    const client = connectClient(
      { baseUrl: sim.url, credentials: sim.credentials, retry: { attempts: 1 } },
      { ...NONE, proxySetting: proxyUrl },
    );
    const res = await client.getBalance('ACC-DEMO');
    assert.equal(res.balance?.currency, 'EUR');
    assert.deepEqual(seen, [], 'the proxy saw nothing');
    await client.close();
  });

  void it('sends a non-loopback host through http.proxy, and closes the proxy dispatcher with the client', async () => {
    const client = connectClient(
      { baseUrl: 'https://vstk-service.invalid:8443', credentials: sim.credentials, retry: { attempts: 1 } },
      { ...NONE, proxySetting: proxyUrl },
    );
    const err: unknown = await client.getBalance('ACC-DEMO').then(
      () => assert.fail('the proxy cannot reach .invalid'),
      (e: unknown) => e,
    );
    assert.ok(isVoiceSmsError(err));
    assert.ok(
      seen.some((u) => u.includes('vstk-service.invalid')),
      `the proxy saw the request: ${JSON.stringify(seen)}`,
    );
    await client.close();
  });

  void it('refuses an https base URL whose CA file is missing, naming the setting; an http one ignores it', () => {
    const net = { ...NONE, caFile: '/nonexistent/corp-ca.pem' };
    assert.throws(() => connectClient({ baseUrl: 'https://api.example.com', credentials: sim.credentials }, net), /voiceSms\.tls\.caFile/);
    const client = connectClient({ baseUrl: sim.url, credentials: sim.credentials }, net);
    void client.close();
  });
});

/** Node's own modules, counting the requests made through them (the editor would hand over its patched ones). */
function countingModules(): { modules: EditorNetwork['modules']; calls: string[] } {
  const calls: string[] = [];
  const wrap = <M extends typeof nodeHttp | typeof nodeHttps>(m: M): M => ({
    ...m,
    request: (...args: Parameters<M['request']>) => (
      calls.push(String(args[0])),
      (m.request as (...a: unknown[]) => nodeHttp.ClientRequest)(...args)
    ),
  });
  return { modules: { http: wrap(nodeHttp), https: wrap(nodeHttps) }, calls };
}

void describe('connectClient inside the editor', { timeout: 15_000 }, () => {
  let sim: Simulator;
  beforeEach(async () => (sim = await start()));
  afterEach(async () => sim.close());

  void it('sends a non-loopback service through the modules the editor hands over, not through the bundled proxy', async () => {
    const { modules, calls } = countingModules();
    const client = connectClient(
      { baseUrl: 'https://vstk-service.invalid:8443', credentials: sim.credentials, retry: { attempts: 1 } },
      { ...NONE, proxySetting: 'http://127.0.0.1:9' },
      { modules, proxySupport: 'override' },
    );
    const err: unknown = await client.getBalance('ACC-DEMO').then(
      () => assert.fail('.invalid never resolves'),
      (e: unknown) => e,
    );
    assert.ok(isVoiceSmsError(err) && /could not be resolved/.test(err.message), String(err));
    assert.equal(calls.length, 1, JSON.stringify(calls));
    assert.match(calls[0] ?? '', /^https:\/\/vstk-service\.invalid:8443\/.*ACC-DEMO/);
    await client.close();
  });

  void it('keeps the bundled client for a loopback service: the modules are never used', async () => {
    const { modules, calls } = countingModules();
    const client = connectClient({ baseUrl: sim.url, credentials: sim.credentials, retry: { attempts: 1 } }, NONE, {
      modules,
      proxySupport: 'override',
    });
    assert.equal((await client.getBalance('ACC-DEMO')).balance?.currency, 'EUR');
    assert.deepEqual(calls, []);
    await client.close();
  });
});

void describe('redactRoute', () => {
  void it('removes credentials from the route the editor reports, keeps the rest', () => {
    assert.equal(redactRoute('PROXY alice:pw@10.0.0.1:3128'), 'PROXY ***@10.0.0.1:3128');
    assert.equal(redactRoute('HTTPS corp.example:443'), 'HTTPS corp.example:443');
    assert.equal(redactRoute('DIRECT'), 'DIRECT');
  });
});

void describe('routeFacts', () => {
  void it("names the path: the editor's stack for a non-loopback service inside the editor, the bundled client otherwise", () => {
    const editor = { modules: { http: nodeHttp, https: nodeHttps }, proxySupport: 'on', proxyAuthorization: 'Basic x' };
    assert.deepEqual(routeFacts('https://api.example.com', NONE, undefined, editor).path, {
      kind: 'editor',
      proxySupport: 'on',
      proxyAuthorization: true,
    });
    const last = { proxy: 'PROXY corp:3128', proxyAuthorization: true };
    assert.deepEqual(routeFacts('https://api.example.com', NONE, undefined, { ...editor, lastRoute: last }).path, {
      kind: 'editor',
      proxySupport: 'on',
      proxyAuthorization: true,
      lastRoute: last,
    });
    assert.deepEqual(routeFacts('http://127.0.0.1:9', NONE, undefined, editor).path, { kind: 'bundled', why: 'loopback' });
    assert.deepEqual(routeFacts('https://api.example.com', NONE).path, { kind: 'bundled', why: 'outsideEditor' });
  });

  void it('reports the proxy decision and the trust sources, or the CA file error, for Check Connection', () => {
    const direct = routeFacts('http://127.0.0.1:9', NONE);
    assert.equal(direct.trust, undefined, 'no trust store for plain http');
    const proxied = routeFacts('https://api.example.com', { ...NONE, proxySetting: 'http://alice:pw@corp:3128' });
    assert.ok(JSON.stringify(proxied.proxy).includes('corp:3128'));
    assert.ok(!JSON.stringify(proxied.proxy).includes('pw@'), 'proxy credentials removed');
    assert.ok(Array.isArray(proxied.trust) && proxied.trust.some((s) => s.kind === 'bundled'));
    const broken = routeFacts('https://api.example.com', { ...NONE, caFile: '/nonexistent/corp-ca.pem' });
    assert.ok(broken.trust && 'error' in broken.trust && /corp-ca\.pem/.test(broken.trust.error));
  });
});
