// Check Connection's verdicts: each line of the report from the facts the host gathers, and one real probe
// against a simulator whose clock runs ahead (the envelope timestamp gives the skew).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  buildConnectionReport,
  clockSkewVerdict,
  createClient,
  decideProxy,
  formatConnectionReport,
  issueBody,
  maskIdentifier,
  maskPath,
  maskProxyUrl,
  type ConnectionCheck,
} from '../../../src/core/index.js';
import { DEMO_ACCOUNT, start } from '../../../src/simulator/index.js';

const base: ConnectionCheck = {
  profileName: 'Production',
  baseUrl: 'https://api.example.test',
  proxy: { reason: 'notConfigured' },
  trust: [
    { kind: 'bundled', count: 120 },
    { kind: 'system', count: 300, from: 'node' },
  ],
  auth: { form: 'seed', scheme: 'CLOUD-V1', signature: 'hmac-sha256' },
  probe: {
    ok: true,
    operation: 'GET balance (ACC-1)',
    elapsedMs: 80,
    localMidpoint: Date.parse('2026-11-22T12:00:00Z'),
    serviceTime: new Date('2026-11-22T12:00:01Z'),
    service: { provider: 'Example', id: 'acct', version: '1.2' },
  },
};
const verdicts = (c: ConnectionCheck) => Object.fromEntries(buildConnectionReport(c).map((l) => [l.label, l.verdict]));
const values = (c: ConnectionCheck) => Object.fromEntries(buildConnectionReport(c).map((l) => [l.label, l.value]));

void describe('clockSkewVerdict', () => {
  void it('ok within a minute, warn up to 5 minutes, fail beyond (the signed form is refused there)', () => {
    assert.equal(clockSkewVerdict(0), 'ok');
    assert.equal(clockSkewVerdict(-60_000), 'ok');
    assert.equal(clockSkewVerdict(60_001), 'warn');
    assert.equal(clockSkewVerdict(-300_000), 'warn');
    assert.equal(clockSkewVerdict(300_001), 'fail');
    assert.equal(clockSkewVerdict(-3_600_000), 'fail');
  });
});

void describe('buildConnectionReport', () => {
  void it('a healthy profile: every line ok, service name/id/version and the round trip shown', () => {
    assert.deepEqual(Object.values(verdicts(base)), ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    const v = values(base);
    assert.equal(v['Service'], 'Example / acct / 1.2');
    assert.match(v['Round trip'] ?? '', /answered in 80 ms/);
    assert.match(v['Clock skew'] ?? '', /clock is 1\.0 s behind the service \(signed requests are refused beyond 5 minutes\)/);
    assert.match(v['TLS trust'] ?? '', /120 bundled with Node \+ 300 from the OS store/);
  });

  void it('says why there is no proxy, or which one (credentials already removed by the host)', () => {
    assert.match(values({ ...base, proxy: { reason: 'loopback' } })['Proxy'] ?? '', /loopback hosts always go direct/);
    assert.match(values({ ...base, proxy: { reason: 'noProxy' } })['Proxy'] ?? '', /http\.noProxy or NO_PROXY/);
    assert.match(
      values({ ...base, proxy: { proxy: 'http://***@corp:3128/', source: 'http.proxy' } })['Proxy'] ?? '',
      /corp:3128.*http\.proxy/,
    );
  });

  void it('warns about an unreadable OS store, an expired CA file certificate and an empty signature; fails a broken CA file', () => {
    assert.equal(
      verdicts({
        ...base,
        trust: [
          { kind: 'bundled', count: 1 },
          { kind: 'system', count: 0, unavailable: 'unsupported' },
        ],
      })['TLS trust'],
      'warn',
    );
    assert.equal(verdicts({ ...base, trust: [{ kind: 'system', count: 0, unavailable: 'off' }] })['TLS trust'], 'ok');
    const expired = {
      kind: 'caFile' as const,
      path: '/corp.pem',
      count: 1,
      certs: [{ subject: 'CN=Corp', validTo: '2020-01-01T00:00:00.000Z', expired: true }],
    };
    assert.equal(verdicts({ ...base, trust: [expired] })['TLS trust'], 'warn');
    assert.equal(verdicts({ ...base, trust: { error: 'The CA file in voiceSms.tls.caFile could not be read' } })['TLS trust'], 'fail');
    assert.equal(verdicts({ ...base, trust: undefined })['TLS trust'], 'ok');
    assert.equal(verdicts({ ...base, auth: { ...base.auth, signature: 'empty' } })['Authentication'], 'warn');
  });

  void it('a failed request fails the report with its message; a slow one and a skewed clock warn', () => {
    const failed = buildConnectionReport({
      ...base,
      probe: { ok: false, operation: 'GET balance (ACC-1)', elapsedMs: 12, message: 'Connection refused.' },
    });
    assert.deepEqual(failed.at(-1), {
      label: 'Request',
      value: 'GET balance (ACC-1) failed after 12 ms: Connection refused.',
      verdict: 'fail',
    });
    assert.equal(failed.length, 6, 'no round trip, skew or service lines without an answer');
    const ok = base.probe.ok ? base.probe : assert.fail();
    assert.equal(verdicts({ ...base, probe: { ...ok, elapsedMs: 2_500 } })['Round trip'], 'warn');
    assert.equal(verdicts({ ...base, probe: { ...ok, serviceTime: new Date(ok.localMidpoint + 6 * 60_000) } })['Clock skew'], 'fail');
    assert.match(
      values({ ...base, probe: { ...ok, serviceTime: new Date(ok.localMidpoint + 6 * 60_000) } })['Clock skew'] ?? '',
      /correct the system clock/,
    );
  });

  void it('formats one line per check, verdict first', () => {
    const text = formatConnectionReport(buildConnectionReport(base), {
      version: '0.1.0',
      editorVersion: '1.139.1',
      platform: 'linux',
      at: new Date('2026-11-22T12:00:00Z'),
    });
    assert.match(
      text,
      /^Voice & SMS Toolkit 0\.1\.0, VS Code 1\.139\.1, linux: connection check at 2026-11-22T12:00:00\.000Z\n\n\[OK {2}\] Profile +Production \(api\.example\.test\)\n/,
    );
    assert.equal(text.trim().split('\n').length, 10);
  });

  void it("names the path: the bundled client (outside the editor, loopback) or the editor's network stack with the proxy the last request took", () => {
    assert.equal(values(base)['Network'], 'the bundled client');
    assert.match(
      values({ ...base, path: { kind: 'bundled', why: 'loopback' } })['Network'] ?? '',
      /bundled client: loopback hosts never take the editor's proxy support/,
    );
    const editor = { kind: 'editor' as const, proxySupport: 'override', proxyAuthorization: true };
    const through = { ...base, path: { ...editor, lastRoute: { proxy: 'PROXY 10.0.0.1:3128', proxyAuthorization: true } } };
    assert.equal(values(through)['Network'], "the editor's network stack (http.proxySupport: override)");
    assert.match(
      values(through)['Proxy'] ?? '',
      /^PROXY 10\.0\.0\.1:3128 \(chosen by the editor for the last request; Proxy-Authorization from http\.proxyAuthorization\)$/,
    );
    assert.equal(verdicts(through)['Proxy'], 'ok');
    const notHanded = { ...base, path: { ...editor, lastRoute: { proxy: 'PROXY 10.0.0.1:3128', proxyAuthorization: false } } };
    assert.equal(verdicts(notHanded)['Proxy'], 'warn', 'http.proxyAuthorization set but not handed to the proxy');
    assert.match(
      values({ ...base, path: { ...editor, lastRoute: { proxy: 'DIRECT', proxyAuthorization: false } } })['Proxy'] ?? '',
      /direct connection/,
    );
    assert.match(values({ ...base, path: { ...editor, proxySupport: 'off' } })['Proxy'] ?? '', /http\.proxySupport is off/);
    assert.match(values({ ...base, path: editor })['Proxy'] ?? '', /no request has completed yet/);
  });
});

void describe('decideProxy reasons', () => {
  void it('loopback, not configured, listed in NO_PROXY, from the setting, from the environment', () => {
    assert.deepEqual(decideProxy({ targetUrl: 'http://127.0.0.1:1', proxySetting: 'http://p:1' }), { reason: 'loopback' });
    assert.deepEqual(decideProxy({ targetUrl: 'https://a.test', env: {} }), { reason: 'notConfigured' });
    assert.deepEqual(decideProxy({ targetUrl: 'https://a.test', proxySetting: 'p:1', env: { NO_PROXY: 'a.test' } }), { reason: 'noProxy' });
    assert.deepEqual(decideProxy({ targetUrl: 'https://a.test', proxySetting: 'p:1' }), { proxy: 'http://p:1', source: 'http.proxy' });
    assert.deepEqual(decideProxy({ targetUrl: 'https://a.test', env: { HTTPS_PROXY: 'http://e:2' } }), {
      proxy: 'http://e:2',
      source: 'environment',
    });
  });
});

void describe('a real probe against a simulator whose clock is 2 minutes ahead', () => {
  void it('measures the skew from the envelope timestamp: warn', async () => {
    const sim = await start({ now: () => Date.now() + 120_000 });
    const client = createClient({ baseUrl: sim.url, credentials: sim.credentials });
    try {
      const t0 = Date.now();
      const answer = await client.getBalance(DEMO_ACCOUNT);
      const t1 = Date.now();
      const lines = buildConnectionReport({
        ...base,
        baseUrl: sim.url,
        proxy: decideProxy({ targetUrl: sim.url }),
        trust: undefined,
        probe: {
          ok: true,
          operation: 'GET balance',
          elapsedMs: answer.elapsedMs,
          localMidpoint: (t0 + t1) / 2,
          ...(answer.envelope.status.timestamp ? { serviceTime: answer.envelope.status.timestamp } : {}),
          service: answer.envelope.service,
        },
      });
      const skew = lines.find((l) => l.label === 'Clock skew');
      assert.equal(skew?.verdict, 'warn');
      assert.match(skew?.value ?? '', /clock is 1[12]\d\.\d s behind the service/);
    } finally {
      await client.close();
      await sim.close();
    }
  });
});

void describe('what the report hides, so that it can be pasted into a public issue', () => {
  const privacy = {
    identifiers: ['ACC-7731-PRIVATE', 'VI-SECRET-42', 'VI SPACE 9'],
    paths: ['~/certs/corp.pem', '/home/ana/certs/corp.pem', '/opt/extra/ca.pem'],
    home: '/home/ana',
  };
  const hidden = [
    'ACC-7731-PRIVATE',
    'VI-SECRET-42',
    'VI SPACE 9',
    'VI%20SPACE%209',
    '/home/ana',
    'certs/corp',
    '/opt/extra',
    'pac-path',
    'token=abc',
  ];
  const assertHidden = (text: string): void => {
    for (const h of hidden) assert.ok(!text.includes(h), `${h} in: ${text}`);
  };

  void it("masks the account id, instance ids (also percent-encoded), CA file paths and the proxy URL's path and query in every line", () => {
    const check: ConnectionCheck = {
      ...base,
      privacy,
      proxy: { proxy: 'http://***@proxy.corp:3128/pac-path/x?token=abc', source: 'http.proxy' },
      trust: [
        {
          kind: 'caFile',
          path: '/home/ana/certs/corp.pem',
          count: 1,
          certs: [{ subject: 'CN=Corp', validTo: '2030-01-01T00:00:00.000Z', expired: false }],
        },
        { kind: 'extra', path: '/opt/extra/ca.pem', count: 0, certs: [], problem: 'ENOENT' },
      ],
      probe: {
        ok: false,
        operation: 'GET balance (ACC-7731-PRIVATE)',
        elapsedMs: 9,
        message: 'Account ACC-7731-PRIVATE unknown; instance VI-SECRET-42 and /v1/vvoice/VI%20SPACE%209/calls; see /home/ana/notes.txt',
      },
    };
    const lines = buildConnectionReport(check);
    const text = formatConnectionReport(lines, {
      version: '0.1.0',
      editorVersion: '1.139.1',
      platform: 'linux',
      at: new Date('2026-11-22T12:00:00Z'),
    });
    assertHidden(text);
    const v = Object.fromEntries(lines.map((l) => [l.label, l.value]));
    assert.match(v['Proxy'] ?? '', /^http:\/\/\*\*\*@proxy\.corp:3128\/… \(from http\.proxy\)$/);
    assert.match(v['TLS trust'] ?? '', /1 from …\/corp\.pem .*NODE_EXTRA_CA_CERTS …\/ca\.pem unusable/);
    assert.equal(
      v['Request'],
      'GET balance (AC…TE) failed after 9 ms: Account AC…TE unknown; instance VI…42 and /v1/vvoice/VI… 9/calls; see ~/notes.txt',
    );
  });

  void it('masks a CA file error that names the path, as written and expanded', () => {
    const lines = buildConnectionReport({
      ...base,
      privacy,
      trust: { error: 'The CA file in voiceSms.tls.caFile could not be read (ENOENT: /home/ana/certs/corp.pem); was "~/certs/corp.pem"' },
    });
    const trust = lines.find((l) => l.label === 'TLS trust');
    assert.equal(trust?.value, 'The CA file in voiceSms.tls.caFile could not be read (ENOENT: …/corp.pem); was "…/corp.pem"');
  });

  void it('the helpers: ids keep two characters at each end, paths their file name, proxies their origin', () => {
    assert.equal(maskIdentifier('ACC-DEMO'), 'AC…MO');
    assert.equal(maskIdentifier('AB123'), '…');
    assert.equal(maskPath('C:\\Users\\ana\\corp.pem'), '…/corp.pem');
    assert.equal(maskProxyUrl('http://proxy:8080/'), 'http://proxy:8080/');
    assert.equal(maskProxyUrl('https://***@proxy:8443/a?b=c#d'), 'https://***@proxy:8443/…');
  });

  void it('the issue body holds the report exactly as shown, in a fence nothing in it can close', () => {
    const text = 'Report\n[FAIL] Request  failed: ```\n[click](https://evil.example) ````\n';
    const body = issueBody(text);
    assert.ok(body.startsWith('`````text\n'), body);
    assert.ok(body.endsWith('\n`````\n'), body);
    assert.equal(body.slice('`````text\n'.length, -'`````\n'.length), text, 'the same string inside');
    assert.equal(issueBody('plain\n'), '```text\nplain\n```\n');
  });
});
