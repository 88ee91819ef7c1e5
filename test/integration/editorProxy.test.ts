// A company network in a real extension host: the service sits behind an authenticating proxy that the editor
// is told about (http.proxy + http.proxyAuthorization). Inside the editor requests take the editor's network
// stack, so with http.proxySupport override the month view loads through that proxy, with the configured
// Proxy-Authorization; with off they go direct; a loopback service is never proxied. The service is reached by
// a name only the proxy resolves (sim.voicesms.test), over TLS signed by a private CA (voiceSms.tls.caFile).
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_INSTANCES, monthViewData, start, type Simulator } from '../../src/simulator/index.js';
import { basicAuth, startAuthProxy, type AuthProxy } from '../unit/core/http/authProxy.js';
import { createPrivateCa } from '../unit/core/http/privateCa.js';
import { EXTENSION_ID } from './contract.js';

interface TestApi {
  panelContent(title: string): Promise<{ viewType: string; shown: readonly unknown[]; html: string } | undefined>;
  storeCredentials(profile: string, credentials: { accessKeyId: string; secretAccessKey: string } | undefined): Promise<void>;
}
interface Shown {
  type: string;
  view?: { currentDateId: string; totals: Record<string, number> };
  error?: { message: string };
}
interface Report {
  lines: { label: string; value: string; verdict: string }[];
}

const NAME = 'sim.voicesms.test';
const PROFILE = 'Editor proxy integration';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const AUTH = basicAuth('alice', 's3cret-proxy');

function utcMonthId(d: Date): string {
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A non-loopback IPv4 address of this machine (a direct, unproxied route to a simulator listening on it). */
function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

describe('editor network stack: proxy support through the editor', function () {
  this.timeout(90_000);
  let api: TestApi;
  let sim: Simulator;
  let lanSim: Simulator | undefined;
  let proxy: AuthProxy;
  let dir: string;
  const lan = lanAddress();
  const voiceSms = () => vscode.workspace.getConfiguration('voiceSms');
  const http = () => vscode.workspace.getConfiguration('http');
  const setHttp = (key: string, value: unknown) => http().update(key, value, vscode.ConfigurationTarget.Global);

  async function useProfile(baseUrl: string, s: Simulator): Promise<void> {
    await voiceSms().update(
      'profiles',
      [{ name: PROFILE, baseUrl, voiceInstances: [INSTANCE], senderIds: [] }],
      vscode.ConfigurationTarget.Global,
    );
    await voiceSms().update('activeProfile', PROFILE, vscode.ConfigurationTarget.Global);
    await api.storeCredentials(PROFILE, s.credentials);
  }

  /** Opens this month's view and returns what the panel shows (month data or the error). */
  async function openMonth(): Promise<Shown[]> {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const title = await vscode.commands.executeCommand<string | undefined>('voiceSms.openMonthView', {
      instanceId: INSTANCE,
      monthId: utcMonthId(new Date()),
    });
    assert.ok(title, 'the month view opened');
    const c = await api.panelContent(title);
    return (c?.shown ?? []) as Shown[];
  }

  function assertMonthLoaded(shown: Shown[], s: Simulator): void {
    const data = shown.find((m) => m.type === 'monthData');
    assert.ok(data?.view, `expected month data, got ${JSON.stringify(shown).slice(0, 400)}`);
    assert.equal(data.view.currentDateId, monthViewData(INSTANCE, utcMonthId(new Date()), Date.now()).currentDateID);
    assert.ok(s.requestCount > 0);
  }

  const lineOf = (r: Report, label: string) => r.lines.find((l) => l.label === label);

  before(async function () {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = (await ext.activate()) as TestApi;
    await voiceSms().update('statusBar.showBalance', false, vscode.ConfigurationTarget.Global);
    const ca = await createPrivateCa();
    dir = mkdtempSync(path.join(tmpdir(), 'vstk-proxy-'));
    const caFile = path.join(dir, 'corp-root.pem');
    writeFileSync(caFile, ca.caPem);
    await voiceSms().update('tls.caFile', caFile, vscode.ConfigurationTarget.Global);
    sim = await start({ tls: await ca.serverCert({ hosts: [NAME, '127.0.0.1', 'localhost'] }), extraHosts: [NAME] });
    if (lan) lanSim = await start({ host: lan, tls: await ca.serverCert({ hosts: [lan] }) });
    proxy = await startAuthProxy({ authorization: AUTH, hosts: { [NAME]: '127.0.0.1' } });
    await setHttp('proxy', proxy.url);
    await setHttp('proxyAuthorization', AUTH);
  });

  afterEach(async function () {
    proxy.seen.length = 0;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async function () {
    for (const k of ['proxy', 'proxyAuthorization', 'proxySupport']) await setHttp(k, undefined);
    await api?.storeCredentials(PROFILE, undefined);
    await voiceSms().update('activeProfile', undefined, vscode.ConfigurationTarget.Global);
    await voiceSms().update('profiles', undefined, vscode.ConfigurationTarget.Global);
    await voiceSms().update('tls.caFile', undefined, vscode.ConfigurationTarget.Global);
    await voiceSms().update('statusBar.showBalance', undefined, vscode.ConfigurationTarget.Global);
    await sim?.close();
    await lanSim?.close();
    await proxy?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('override: the month view loads through the proxy, which saw a CONNECT with the Proxy-Authorization of http.proxyAuthorization', async function () {
    await setHttp('proxySupport', 'override');
    await useProfile(`https://${NAME}:${sim.port}`, sim);
    assertMonthLoaded(await openMonth(), sim);
    const connects = proxy.seen.filter((s) => s.method === 'CONNECT');
    assert.ok(connects.length > 0, `the proxy saw no CONNECT: ${JSON.stringify(proxy.seen)}`);
    for (const c of connects) {
      assert.equal(c.target, `${NAME}:${sim.port}`);
      assert.equal(c.proxyAuthorization, AUTH);
      assert.equal(c.allowed, true);
    }
    const report = await vscode.commands.executeCommand<Report>('voiceSms.checkConnection', {});
    assert.equal(lineOf(report, 'Network')?.value, "the editor's network stack (http.proxySupport: override)");
    assert.match(
      lineOf(report, 'Proxy')?.value ?? '',
      new RegExp(
        `^PROXY 127\\.0\\.0\\.1:${proxy.port} \\(chosen by the editor for the last request; Proxy-Authorization from http\\.proxyAuthorization\\)$`,
      ),
    );
    assert.equal(lineOf(report, 'Round trip')?.verdict, 'ok', JSON.stringify(report.lines));
    assert.ok(!JSON.stringify(report).includes(AUTH.slice('Basic '.length)), 'the proxy credentials never appear in the report');
  });

  it('a wrong http.proxyAuthorization: the month view says the proxy refused it; the service saw nothing', async function () {
    await setHttp('proxySupport', 'override');
    await setHttp('proxyAuthorization', basicAuth('alice', 'wrong'));
    try {
      await useProfile(`https://${NAME}:${sim.port}`, sim);
      const served = sim.requestCount;
      const failed = (await openMonth()).find((m) => m.type === 'error');
      assert.match(
        failed?.error?.message ?? '',
        new RegExp(
          `^The proxy the editor chose for sim\\.voicesms\\.test:${sim.port} \\(PROXY 127\\.0\\.0\\.1:${proxy.port}\\) refused the credentials in http\\.proxyAuthorization \\(HTTP 407\\); correct that setting\\.$`,
        ),
      );
      assert.ok(proxy.seen.length > 0 && proxy.seen.every((c) => !c.allowed), JSON.stringify(proxy.seen));
      assert.equal(sim.requestCount, served, 'the service saw nothing');
    } finally {
      await setHttp('proxyAuthorization', AUTH);
    }
  });

  for (const mode of ['on', 'fallback']) {
    it(`${mode}: also through the proxy (with on, the transport brings no agent of its own, which would turn the proxy off)`, async function () {
      await setHttp('proxySupport', mode);
      await useProfile(`https://${NAME}:${sim.port}`, sim);
      assertMonthLoaded(await openMonth(), sim);
      const connects = proxy.seen.filter((s) => s.method === 'CONNECT');
      assert.ok(connects.length > 0 && connects.every((c) => c.proxyAuthorization === AUTH), JSON.stringify(proxy.seen));
    });
  }

  it('off: requests go direct — the proxy sees nothing; a name only the proxy knows fails its DNS lookup, a reachable address loads', async function () {
    await setHttp('proxySupport', 'off');
    await useProfile(`https://${NAME}:${sim.port}`, sim);
    const failed = (await openMonth()).find((m) => m.type === 'error');
    assert.match(failed?.error?.message ?? '', /sim\.voicesms\.test:\d+ could not be resolved \(DNS (ENOTFOUND|EAI_AGAIN)\)/);
    if (lan && lanSim) {
      await useProfile(`https://${lan}:${lanSim.port}`, lanSim);
      assertMonthLoaded(await openMonth(), lanSim);
      const report = await vscode.commands.executeCommand<Report>('voiceSms.checkConnection', {});
      assert.equal(lineOf(report, 'Network')?.value, "the editor's network stack (http.proxySupport: off)");
      assert.match(lineOf(report, 'Proxy')?.value ?? '', /http\.proxySupport is off/);
    } else {
      console.log('[editorProxy] no non-loopback IPv4 address here: the direct load was not tried');
    }
    assert.deepEqual(proxy.seen, []);
  });

  it('loopback is never proxied, even with override and the proxy configured', async function () {
    await setHttp('proxySupport', 'override');
    await useProfile(`https://127.0.0.1:${sim.port}`, sim);
    assertMonthLoaded(await openMonth(), sim);
    assert.deepEqual(proxy.seen, []);
    const report = await vscode.commands.executeCommand<Report>('voiceSms.checkConnection', {});
    assert.match(lineOf(report, 'Network')?.value ?? '', /bundled client: loopback hosts never take the editor's proxy support/);
    assert.match(lineOf(report, 'Proxy')?.value ?? '', /loopback hosts always go direct/);
  });
});
