// What the editor's extension host does to Node's networking, measured rather than assumed (docs/network.md
// records the answers). Each case states one fact the editor-network transport relies on; a newer editor that
// changes it fails here first, with the fact in the test's name.
import * as assert from 'node:assert/strict';
import * as httpsBare from 'https';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import * as vscode from 'vscode';
import { start, type Simulator } from '../../src/simulator/index.js';
import { basicAuth, startAuthProxy, type AuthProxy } from '../unit/core/http/authProxy.js';
import { createPrivateCa } from '../unit/core/http/privateCa.js';

const NAME = 'sim.voicesms.test';

interface Outcome {
  status?: number;
  error?: string;
  proxyEvent?: string;
}

function get(
  url: string,
  ca: string,
  extra: { agent?: HttpsAgent; headersAfter?: (req: ReturnType<typeof httpsRequest>) => void; mod?: typeof httpsRequest } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const out: Outcome = {};
    const req = (extra.mod ?? httpsRequest)(
      url,
      { method: 'GET', ca, ...(extra.agent ? { agent: extra.agent } : {}), timeout: 8_000 },
      (res) => {
        out.status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () => resolve(out));
      },
    );
    req.on('proxy', (e: { proxy?: string }) => (out.proxyEvent = e.proxy));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ ...out, error: e.code ?? e.message }));
    extra.headersAfter?.(req);
    req.end();
  });
}

describe('editor network probe: what the extension host patches', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let proxy: AuthProxy;
  let open: AuthProxy;
  let ca: string;
  const http = () => vscode.workspace.getConfiguration('http');
  const set = async (key: string, value: unknown) => http().update(key, value, vscode.ConfigurationTarget.Global);
  const auth = basicAuth('probe', 'pa55');

  before(async function () {
    const pki = await createPrivateCa();
    ca = pki.caPem;
    sim = await start({ tls: await pki.serverCert({ hosts: [NAME, '127.0.0.1', 'localhost'] }) });
    proxy = await startAuthProxy({ authorization: auth, hosts: { [NAME]: '127.0.0.1' } });
    open = await startAuthProxy({ hosts: { [NAME]: '127.0.0.1' } });
  });

  afterEach(async function () {
    for (const k of ['proxy', 'proxySupport', 'proxyAuthorization']) await set(k, undefined);
    proxy.seen.length = 0;
    open.seen.length = 0;
  });

  after(async function () {
    await sim?.close();
    await proxy?.close();
    await open?.close();
  });

  const target = () => `https://${NAME}:${sim.port}/`;

  it('override: node:https and https are both routed through http.proxy (the proxy resolves the name)', async function () {
    await set('proxySupport', 'override');
    await set('proxy', open.url);
    const a = await get(target(), ca);
    const b = await get(target(), ca, { mod: httpsBare.request });
    console.log('[probe] override node:https', JSON.stringify(a), 'https', JSON.stringify(b), JSON.stringify(open.seen));
    assert.ok(a.status !== undefined && b.status !== undefined, JSON.stringify([a, b]));
    assert.equal(open.seen.filter((s) => s.method === 'CONNECT').length, 2);
    assert.match(a.proxyEvent ?? '', /^PROXY 127\.0\.0\.1:/);
  });

  it('override: a caller agent is replaced (still proxied); on: a caller agent turns the proxy off', async function () {
    await set('proxy', open.url);
    await set('proxySupport', 'override');
    const agent = new HttpsAgent({ keepAlive: true });
    const o = await get(target(), ca, { agent });
    await set('proxySupport', 'on');
    const on = await get(target(), ca, { agent });
    agent.destroy();
    console.log('[probe] agent override', JSON.stringify(o), 'on', JSON.stringify(on), JSON.stringify(open.seen));
    assert.ok(o.status !== undefined, JSON.stringify(o));
    assert.equal(on.error, 'ENOTFOUND', 'with on + own agent the request went direct (DNS for the test name fails)');
    assert.equal(open.seen.length, 1);
  });

  it('off: nothing is proxied (direct DNS lookup of the name fails)', async function () {
    await set('proxy', open.url);
    await set('proxySupport', 'off');
    const o = await get(target(), ca);
    console.log('[probe] off', JSON.stringify(o));
    assert.equal(o.error, 'ENOTFOUND');
    assert.equal(open.seen.length, 0);
  });

  it('http.proxyAuthorization is NOT sent by the patched modules; credentials in http.proxy are', async function () {
    await set('proxySupport', 'override');
    await set('proxy', proxy.url);
    await set('proxyAuthorization', auth);
    const withSetting = await get(target(), ca);
    const seenWithSetting = [...proxy.seen];
    proxy.seen.length = 0;
    await set('proxyAuthorization', undefined);
    await set('proxy', proxy.url.replace('://', '://probe:pa55@'));
    const inUrl = await get(target(), ca);
    console.log(
      '[probe] proxyAuthorization',
      JSON.stringify(withSetting),
      JSON.stringify(seenWithSetting),
      'in URL',
      JSON.stringify(inUrl),
      JSON.stringify(proxy.seen),
    );
    assert.equal(seenWithSetting[0]?.proxyAuthorization, undefined);
    assert.notEqual(withSetting.status, 200);
    assert.equal(proxy.seen[0]?.proxyAuthorization, auth);
  });

  it('loopback names go direct even under override', async function () {
    await set('proxySupport', 'override');
    await set('proxy', open.url);
    const o = await get(`https://127.0.0.1:${sim.port}/`, ca);
    const l = await get(`https://localhost:${sim.port}/`, ca);
    console.log('[probe] loopback', JSON.stringify(o), JSON.stringify(l), JSON.stringify(open.seen));
    assert.equal(open.seen.length, 0);
  });

  it('keep-alive: two sequential requests through the proxy open two tunnels', async function () {
    await set('proxySupport', 'override');
    await set('proxy', open.url);
    await get(target(), ca);
    await get(target(), ca);
    const tunnels = open.seen.filter((s) => s.method === 'CONNECT').length;
    console.log('[probe] tunnels for two requests', tunnels);
    assert.equal(tunnels, 2, 'the editor builds a proxy agent per request and keeps no tunnel alive');
  });

  it('global fetch under override is routed through the proxy too', async function () {
    await set('proxySupport', 'override');
    await set('proxy', open.url);
    const t0 = Date.now();
    let result: string;
    try {
      const r = await fetch(target(), { signal: AbortSignal.timeout(8_000) });
      result = `status ${r.status}`;
    } catch (e) {
      const c = (e as { cause?: { code?: string; message?: string } }).cause;
      result = `error ${(e as Error).name} ${c?.code ?? c?.message ?? ''}`;
    }
    console.log('[probe] fetch', result, `${Date.now() - t0} ms`, JSON.stringify(open.seen));
    assert.equal(open.seen.filter((s) => s.method === 'CONNECT').length, 1, result);
  });
});
