// Corporate TLS: the real client against an HTTPS simulator whose certificate a private CA (made here) signed.
// Without that CA it fails with one sentence naming voiceSms.tls.caFile; with the CA in the CA file setting, in
// NODE_EXTRA_CA_CERTS or in the operating system's store (SSL_CERT_FILE, in a child process) it succeeds.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isVoiceSmsError, type VoiceSmsError } from '../../../../src/core/errors.js';
import { createClient, createProxyDispatcher, resolveTrust, type TrustStore } from '../../../../src/core/index.js';
import type { TrustPlatform } from '../../../../src/core/http/trust.js';
import { DEMO_ACCOUNT, start, type Simulator } from '../../../../src/simulator/index.js';
import { createPrivateCa, type PrivateCa } from './privateCa.js';

const run = promisify(execFile);
const HOUR = 3_600_000;

let dir: string;
let ca: PrivateCa;
let caFile: string;
let serverTls: { key: string; cert: string };
let sim: Simulator;

function writeTemp(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

async function balanceWith(baseUrl: string, credentials: Simulator['credentials'], trust?: TrustStore, attempts = 1): Promise<unknown> {
  const client = createClient({ baseUrl, credentials, retry: { attempts, baseDelayMs: 1 }, ...(trust ? { trust } : {}) });
  try {
    return await client.getBalance(DEMO_ACCOUNT);
  } finally {
    await client.close();
  }
}

async function failure(p: Promise<unknown>): Promise<VoiceSmsError> {
  try {
    await p;
  } catch (err) {
    assert.ok(isVoiceSmsError(err), String(err));
    return err;
  }
  assert.fail('the request succeeded');
}

/** A platform with an empty OS store and no bundled roots (real files): results depend only on what a test sets. */
const withFiles = (p: Partial<TrustPlatform>): TrustPlatform => ({
  platform: 'win32',
  getCACertificates: () => [],
  bundled: [],
  readFile: (f) => readFileSync(f),
  ...p,
});

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'vstk-trust-'));
  ca = await createPrivateCa();
  caFile = writeTemp('corp-root.pem', ca.caPem);
  serverTls = await ca.serverCert();
});

after(() => {
  rmSync(dir, { recursive: true, force: true });
});

void describe('resolveTrust', () => {
  void it('lists bundled roots, the OS store, the CA file and NODE_EXTRA_CA_CERTS, without duplicates', () => {
    const extra = writeTemp('extra.pem', ca.caPem);
    const store = resolveTrust(
      { systemCertificates: true, caFile, env: { NODE_EXTRA_CA_CERTS: extra } },
      withFiles({ bundled: ['B1'], getCACertificates: () => ['S1', 'S2', 'B1'] }),
    );
    assert.deepEqual(
      store.sources.map((s) => `${s.kind}:${s.count}`),
      ['bundled:1', 'system:3', 'caFile:1', 'extra:1'],
    );
    assert.deepEqual(store.ca.slice(0, 3), ['B1', 'S1', 'S2']);
    assert.equal(store.ca.length, 4, 'B1 and the CA (in both files) once each');
    const file = store.sources.find((s) => s.kind === 'caFile');
    assert.ok(file?.kind === 'caFile' && file.certs[0]?.subject.includes('Voice SMS Test Root CA'));
    assert.equal(file.certs[0]?.expired, false);
  });

  void it('honours http.systemCertificates: false', () => {
    const store = resolveTrust({ systemCertificates: false, env: {} }, withFiles({ getCACertificates: () => ['S1'] }));
    assert.deepEqual(store.sources[1], { kind: 'system', count: 0, unavailable: 'off' });
  });

  void it('on a Node without tls.getCACertificates, reads SSL_CERT_FILE or the distribution bundle on Linux and says "unsupported" elsewhere', () => {
    const linux = resolveTrust(
      { systemCertificates: true, env: { SSL_CERT_FILE: caFile } },
      withFiles({ platform: 'linux', getCACertificates: undefined }),
    );
    assert.deepEqual(linux.sources[1], { kind: 'system', count: 1, from: caFile });
    const mac = resolveTrust(
      { systemCertificates: true, env: { SSL_CERT_FILE: caFile } },
      withFiles({ platform: 'darwin', getCACertificates: undefined }),
    );
    assert.deepEqual(mac.sources[1], { kind: 'system', count: 0, unavailable: 'unsupported' });
  });

  void it('accepts a DER certificate file', () => {
    const der = writeTemp('corp-root.cer', new X509Certificate(ca.caPem).raw);
    const store = resolveTrust({ systemCertificates: false, caFile: der, env: {} }, withFiles({}));
    assert.equal(store.sources.find((s) => s.kind === 'caFile')?.count, 1);
  });

  void it('refuses an unusable CA file with a message naming the setting and the fix', () => {
    const cases: [string, RegExp][] = [
      ['relative/root.pem', /voiceSms\.tls\.caFile must be an absolute path/],
      [path.join(dir, 'missing.pem'), /could not be read \(ENOENT: .*missing\.pem\); correct the path or clear the setting/],
      [writeTemp('notes.txt', 'not a certificate'), /holds no certificate; export your organisation's root certificate as PEM/],
    ];
    for (const [file, expected] of cases) {
      assert.throws(
        () => resolveTrust({ systemCertificates: false, caFile: file, env: {} }, withFiles({})),
        (e: unknown) => isVoiceSmsError(e, 'validation') && expected.test(e.message) && e.message.includes('voiceSms.tls.caFile'),
        file,
      );
    }
  });

  void it('records a broken NODE_EXTRA_CA_CERTS instead of failing (Node itself only warns)', () => {
    const store = resolveTrust({ systemCertificates: false, env: { NODE_EXTRA_CA_CERTS: path.join(dir, 'nope.pem') } }, withFiles({}));
    assert.deepEqual(store.sources[2], { kind: 'extra', path: path.join(dir, 'nope.pem'), count: 0, certs: [], problem: 'ENOENT' });
  });
});

void describe('the client against an HTTPS service signed by a private CA', { timeout: 30_000 }, () => {
  // A simulator per test (the certificate is made once): one test's connections and counts never reach the next.
  beforeEach(async () => {
    sim = await start({ tls: serverTls });
  });
  afterEach(async () => {
    await sim.close();
  });

  void it('without the CA: fails with one sentence that names voiceSms.tls.caFile, and nothing is received', async () => {
    const before = sim.requestCount;
    const e = await failure(balanceWith(sim.url, sim.credentials, undefined, 3));
    assert.equal(e.kind, 'network');
    assert.equal(e.details.causeCode, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    // Only the user can fix it: asked once, whatever the retry policy allows.
    assert.equal(e.details.problem, 'certificate');
    assert.equal(e.details.attempts, 1);
    assert.match(
      e.message,
      /^The certificate of 127\.0\.0\.1:\d+ is not signed by an authority this editor trusts \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\); if your network inspects TLS, set voiceSms\.tls\.caFile to your organisation's root certificate \(PEM\) or add that certificate to the operating system's store\.$/,
    );
    // The same through the trust store when it holds nothing but Node's roots.
    const e2 = await failure(balanceWith(sim.url, sim.credentials, resolveTrust({ systemCertificates: false, env: {} })));
    assert.equal(e2.details.causeCode, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    assert.equal(sim.requestCount, before, 'no request reached the service');
  });

  void it('with the CA in voiceSms.tls.caFile: succeeds', async () => {
    const trust = resolveTrust({ systemCertificates: true, caFile, env: {} });
    assert.ok(await balanceWith(sim.url, sim.credentials, trust));
  });

  void it('with the CA in NODE_EXTRA_CA_CERTS (read from the environment given): succeeds', async () => {
    const trust = resolveTrust({ systemCertificates: false, env: { NODE_EXTRA_CA_CERTS: caFile } });
    assert.ok(await balanceWith(sim.url, sim.credentials, trust));
  });

  void it('through an HTTP proxy (CONNECT tunnel): the CA file reaches the service behind it', async () => {
    const proxy = await startConnectProxy();
    try {
      const trust = resolveTrust({ systemCertificates: false, caFile, env: {} });
      for (const withTrust of [false, true]) {
        const dispatcher = createProxyDispatcher({
          proxyUrl: proxy.url,
          strictSSL: true,
          ...(withTrust ? { secureContext: trust.secureContext() } : {}),
        });
        const client = createClient({ baseUrl: sim.url, credentials: sim.credentials, retry: { attempts: 1 }, dispatcher });
        try {
          if (withTrust) assert.ok(await client.getBalance(DEMO_ACCOUNT));
          else assert.equal((await failure(client.getBalance(DEMO_ACCOUNT))).details.causeCode, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
        } finally {
          await client.close();
          await dispatcher.close();
        }
      }
      assert.ok(proxy.tunnels() >= 2, 'both went through the proxy');
    } finally {
      await proxy.close();
    }
  });

  void it('an expired certificate and one for another host name each get their own sentence and fix', async () => {
    const trust = resolveTrust({ systemCertificates: false, caFile, env: {} });
    const expired = await start({
      tls: await ca.serverCert({ notBefore: new Date(Date.now() - 48 * HOUR), notAfter: new Date(Date.now() - HOUR) }),
    });
    const otherName = await start({ tls: await ca.serverCert({ hosts: ['service.example.test'] }) });
    try {
      const e1 = await failure(balanceWith(expired.url, expired.credentials, trust));
      assert.equal(e1.details.causeCode, 'CERT_HAS_EXPIRED');
      assert.match(e1.message, /is outside its validity dates \(CERT_HAS_EXPIRED\); check this computer's date and time/);
      const e2 = await failure(balanceWith(otherName.url, otherName.credentials, trust));
      assert.equal(e2.details.causeCode, 'ERR_TLS_CERT_ALTNAME_INVALID');
      assert.match(
        e2.message,
        /is issued for another host name \(ERR_TLS_CERT_ALTNAME_INVALID\); check the host in the profile's base URL/,
      );
    } finally {
      await expired.close();
      await otherName.close();
    }
  });

  // The environment as the editor's extension host has it: set before Node starts.
  async function child(
    env: Record<string, string>,
    o: { trust: boolean; systemCertificates: boolean },
  ): Promise<{ ok: boolean; code?: string; message?: string }> {
    const script = path.join(__dirname, 'trustChild.ts');
    const args = JSON.stringify({ baseUrl: sim.url, accountId: DEMO_ACCOUNT, credentials: sim.credentials, ...o });
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, args], { env: { ...process.env, ...env }, timeout: 20_000 });
    return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { ok: boolean; code?: string; message?: string };
  }

  void it('with the CA in the operating system store (SSL_CERT_FILE, a child process): succeeds, and fails with http.systemCertificates off or without the trust store', async () => {
    const env = { SSL_CERT_FILE: caFile, SSL_CERT_DIR: dir };
    assert.deepEqual((await child(env, { trust: true, systemCertificates: true })).ok, true);
    const off = await child(env, { trust: true, systemCertificates: false });
    assert.equal(off.code, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    // What the client did before it had a trust store: undici sees only Node's bundled roots.
    const before = await child(env, { trust: false, systemCertificates: true });
    assert.equal(before.code, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });

  void it('with NODE_EXTRA_CA_CERTS set before Node starts: succeeds with the trust store', async () => {
    assert.equal((await child({ NODE_EXTRA_CA_CERTS: caFile }, { trust: true, systemCertificates: false })).ok, true);
  });
});

/** The `proxy` package on loopback: it tunnels CONNECT and never sees inside the TLS. */
async function startConnectProxy(): Promise<{ url: string; tunnels: () => number; close(): Promise<void> }> {
  // `proxy` is ESM-only; this test file compiles as CommonJS.
  const { createProxy } = await import('proxy');
  const proxy = createProxy(createServer());
  let tunnels = 0;
  proxy.on('connect', () => tunnels++);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    tunnels: () => tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
