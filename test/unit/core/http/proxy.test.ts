// Proxy conventions: which hosts bypass the proxy, which proxy the settings/environment pick, and a
// client that really goes THROUGH a local HTTP proxy (the `proxy` package) to the simulator.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import {
  connectClient,
  createClient,
  createProxyDispatcher,
  redactProxyUrl,
  resolveProxy,
  shouldBypassProxy,
  type NetworkInputs,
} from '../../../../src/core/index.js';
import { start, type Simulator } from '../../../../src/simulator/index.js';

void describe('shouldBypassProxy', () => {
  const cases: [host: string, list: string[] | string, bypass: boolean][] = [
    ['api.example.com', [], false],
    ['api.example.com', ['*'], true],
    ['api.example.com', ['example.com'], true],
    ['example.com', ['example.com'], true],
    ['badexample.com', ['example.com'], false],
    ['api.example.com', ['.example.com'], true],
    ['api.example.com', ['*.example.com'], true],
    ['API.Example.COM:443', ['example.com'], true],
    ['api.example.com:8443', ['example.com:443'], false],
    ['api.example.com:443', ['example.com:443'], true],
    ['api.example.com', 'other.org, example.com', true],
    ['api.example.com', ['other.org', ' ', ''], false],
    ['127.0.0.1:8080', ['127.0.0.1'], true],
    ['127.0.0.10', ['127.0.0.1'], false],
    ['10.1.2.3', ['10.0.0.0/8'], true],
    ['11.1.2.3', ['10.0.0.0/8'], false],
    ['[::1]:3000', ['::1'], true],
    ['[fd00::5]', ['fd00::/8'], true],
    ['[fe80::1]', ['fd00::/8'], false],
    ['example.com', ['10.0.0.0/not-a-number'], false],
  ];
  for (const [host, list, bypass] of cases) {
    void it(`${host} with ${JSON.stringify(list)} -> ${bypass ? 'direct' : 'proxy'}`, () => {
      assert.equal(shouldBypassProxy(host, list), bypass);
    });
  }
});

void describe('resolveProxy', () => {
  void it('prefers http.proxy over the environment and adds a missing scheme', () => {
    assert.equal(
      resolveProxy({ targetUrl: 'https://api.x.test', proxySetting: 'corp:3128', env: { HTTPS_PROXY: 'http://env:1' } }),
      'http://corp:3128',
    );
  });
  void it('falls back to HTTPS_PROXY for https targets and HTTP_PROXY for http targets (either case)', () => {
    const env = { https_proxy: 'http://secure:1', HTTP_PROXY: 'http://plain:2' };
    assert.equal(resolveProxy({ targetUrl: 'https://api.x.test', proxySetting: '', env }), 'http://secure:1');
    assert.equal(resolveProxy({ targetUrl: 'http://api.x.test', env }), 'http://plain:2');
    assert.equal(resolveProxy({ targetUrl: 'https://api.x.test', env: { HTTP_PROXY: 'http://plain:2' } }), 'http://plain:2');
    assert.equal(resolveProxy({ targetUrl: 'https://api.x.test', env: {} }), undefined);
  });
  void it('bypasses hosts listed in http.noProxy or NO_PROXY', () => {
    assert.equal(resolveProxy({ targetUrl: 'https://api.x.test', proxySetting: 'http://p:1', noProxySetting: ['x.test'] }), undefined);
    assert.equal(
      resolveProxy({ targetUrl: 'https://api.x.test', proxySetting: 'http://p:1', env: { NO_PROXY: 'foo,.x.test' } }),
      undefined,
    );
    assert.equal(resolveProxy({ targetUrl: 'https://api.y.test', proxySetting: 'http://p:1', noProxySetting: ['x.test'] }), 'http://p:1');
  });
  void it('never proxies loopback targets (localhost, 127.0.0.0/8, [::1]), whatever the settings and environment say', () => {
    const env = { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:2' };
    for (const targetUrl of [
      'http://127.0.0.1:8080',
      'http://127.9.8.7',
      'http://localhost:3000',
      'https://LOCALHOST',
      'http://[::1]:3000',
      'http://127.1:9',
    ]) {
      assert.equal(resolveProxy({ targetUrl, env }), undefined, targetUrl);
      assert.equal(resolveProxy({ targetUrl, proxySetting: 'http://corp:3128', env }), undefined, targetUrl);
    }
    // Only loopback: look-alikes still go through the proxy.
    for (const targetUrl of ['https://localhost.example.com', 'https://128.0.0.1', 'https://[::2]', 'https://127-0-0-1.example']) {
      assert.equal(resolveProxy({ targetUrl, proxySetting: 'http://corp:3128' }), 'http://corp:3128', targetUrl);
    }
  });
  void it('redacts proxy credentials for log lines', () => {
    assert.equal(redactProxyUrl('http://user:pa55@proxy.corp:3128'), 'http://***@proxy.corp:3128/');
    assert.ok(!redactProxyUrl('http://user:pa55@proxy.corp:3128').includes('pa55'));
    assert.equal(redactProxyUrl('http://proxy.corp:3128'), 'http://proxy.corp:3128/');
  });
});

void describe('client through a real local proxy', { timeout: 15_000 }, () => {
  let sim: Simulator;
  let proxy: Server & { authenticate?: ((req: IncomingMessage) => boolean | Promise<boolean>) | 'negotiate' };
  let proxyUrl: string;
  let tunnels = 0;
  let plainRequests = 0;
  const toClose: { close(): Promise<void> }[] = [];

  // A simulator and a proxy per test: the counts, the authenticate hook and a tunnel one test left open stay with it.
  beforeEach(async () => {
    sim = await start();
    // `proxy` is ESM-only; this test file compiles as CommonJS.
    const { createProxy } = await import('proxy');
    proxy = createProxy(createServer());
    proxy.on('connect', () => tunnels++);
    proxy.on('request', () => plainRequests++);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    // Dispatchers first: their kept-alive tunnels would otherwise hold the proxy open.
    await Promise.all(toClose.splice(0).map((c) => c.close()));
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await sim.close();
  });

  function clientVia(url: string | undefined) {
    const dispatcher = url ? createProxyDispatcher({ proxyUrl: url, strictSSL: true, connectMs: 5_000 }) : undefined;
    const client = createClient({
      baseUrl: sim.url,
      credentials: sim.credentials,
      retry: { attempts: 1 },
      ...(dispatcher ? { dispatcher } : {}),
    });
    toClose.push(client);
    if (dispatcher) toClose.push(dispatcher);
    return client;
  }

  void it('reaches the simulator through the proxy', async () => {
    const before = { tunnels, plainRequests, served: sim.requests.length };
    const res = await clientVia(proxyUrl).getBalance('ACC-DEMO');
    assert.equal(res.balance?.currency, 'EUR');
    assert.equal(tunnels + plainRequests - before.tunnels - before.plainRequests, 1, 'the proxy saw the request');
    assert.equal(sim.requests.length, before.served + 1);
  });

  void it('sends an SMS through the proxy exactly once', async () => {
    const received = sim.received.length;
    const res = await clientVia(proxyUrl).sendSms({ from: 'VSTK-TEST', to: '+12015550123', body: 'via proxy' });
    assert.ok(res.messageId);
    assert.equal(sim.received.length, received + 1);
  });

  void it('a loopback base URL goes direct even with HTTP_PROXY and http.proxy set: the proxy sees no request', async () => {
    const before = { tunnels, plainRequests, served: sim.requests.length };
    // A proxy that would record everything (credentials in clear for plain http) and then refuse it.
    proxy.authenticate = () => false;
    const chosen = resolveProxy({ targetUrl: sim.url, proxySetting: proxyUrl, env: { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl } });
    const res = await clientVia(chosen).getBalance('ACC-DEMO');
    assert.equal(res.balance?.currency, 'EUR');
    assert.equal(tunnels + plainRequests, before.tunnels + before.plainRequests, 'the proxy saw nothing');
    assert.equal(sim.requests.length, before.served + 1, 'the simulator answered directly');
  });

  void it('goes direct (proxy untouched) when noProxy matches the base URL host', async () => {
    const before = tunnels + plainRequests;
    const chosen = resolveProxy({ targetUrl: sim.url, proxySetting: proxyUrl, noProxySetting: ['127.0.0.1'] });
    assert.equal(chosen, undefined);
    await clientVia(chosen).getBalance('ACC-DEMO');
    assert.equal(tunnels + plainRequests, before);
  });

  void it('authenticates to the proxy with the URL credentials, and fails cleanly without them', async () => {
    const expected = 'Basic ' + Buffer.from('alice:s3cret!').toString('base64');
    proxy.authenticate = (req) => req.headers['proxy-authorization'] === expected;
    const withAuth = new URL(proxyUrl);
    withAuth.username = 'alice';
    withAuth.password = encodeURIComponent('s3cret!');
    const ok = await clientVia(withAuth.toString()).getBalance('ACC-DEMO');
    assert.equal(ok.balance?.currency, 'EUR');

    const err: unknown = await clientVia(proxyUrl)
      .getBalance('ACC-DEMO')
      .then(
        () => assert.fail('expected the proxy to refuse'),
        (e: unknown) => e,
      );
    assert.ok(isVoiceSmsError(err));
    assert.ok(!String(err.message).includes('s3cret'));
  });

  void it('a 407 is asked once and says where the credentials go: http.proxy in the editor, HTTPS_PROXY outside it', async () => {
    proxy.authenticate = () => false;
    // A name only a proxy could resolve: loopback is never proxied. The 407 comes before any lookup.
    const baseUrl = 'https://api.voicesms.test';
    const net = (over: Partial<NetworkInputs>): NetworkInputs => ({
      proxySetting: '',
      noProxySetting: [],
      proxyStrictSSL: true,
      systemCertificates: false,
      caFile: '',
      env: {},
      ...over,
    });
    const cases = [
      { advice: 'editor' as const, net: net({ proxySetting: proxyUrl }), from: 'http.proxy' },
      { advice: 'process' as const, net: net({ env: { HTTPS_PROXY: proxyUrl } }), from: 'HTTPS_PROXY' },
    ];
    for (const c of cases) {
      const client = connectClient(
        { baseUrl, credentials: sim.credentials, advice: c.advice, retry: { attempts: 3, baseDelayMs: 1 } },
        c.net,
      );
      toClose.push(client);
      const before = tunnels;
      const err: unknown = await client.getBalance('ACC-DEMO').then(
        () => assert.fail('expected the proxy to refuse'),
        (e: unknown) => e,
      );
      assert.ok(isVoiceSmsError(err, 'http'), String(err));
      assert.equal(err.details.problem, 'proxyAuth');
      assert.equal(err.details.httpStatus, 407);
      assert.equal(err.details.attempts, 1);
      assert.equal(tunnels - before, 1, 'not retried');
      assert.equal(
        err.message,
        `The proxy ${proxyUrl}/ asks for credentials before it connects to api.voicesms.test (HTTP 407); put them in the proxy URL in ${c.from}, as user:password@ before the proxy host (percent-encode characters such as @ and : in them).`,
      );
    }
  });

  void it('a proxy that is down is a network error, not a hang', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const err: unknown = await clientVia(deadUrl)
      .getBalance('ACC-DEMO')
      .then(
        () => assert.fail('expected a failure'),
        (e: unknown) => e,
      );
    assert.ok(isVoiceSmsError(err));
    assert.equal(err.kind, 'network');
  });
});
