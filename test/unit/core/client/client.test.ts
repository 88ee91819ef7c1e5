// The core client against real loopback servers whose behaviour each test scripts exactly:
// headers as received, retries, the never-retried POST, outcome-unknown sends, every error kind.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type ClientOptions, type VoiceSmsClient } from '../../../../src/core/client.js';
import { computeSignature } from '../../../../src/core/auth/signature.js';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { cleanupsAfterEach, failure } from '../http/harness.js';
import { refusedPort, type startLoopback } from '../http/loopback.js';
import { ENTITY_BOMB, envelope, MONTH_RESULT, recordingLogger } from './fixtures.js';

const CREDS = { accessKeyId: 'AKID-KAT', secretAccessKey: 'kat-secret' };
const FIXED_NOW = 1717243200000; // 2024-06-01T12:00:00Z
const TO = '+4915123456789';

// Known answer, computed independently of our code with the shell:
//   BODY='from%3Aid=VSTK-TEST&to=%2B4915123456789&body=Hello+world'
//   H=$(printf '%s' "$BODY" | openssl dgst -sha256 -r | cut -d' ' -f1)
//   printf 'POST\n/v1/message/sms\n1717243200000\nAKID-KAT\n%s' "$H" | openssl dgst -sha256 -hmac 'kat-secret' -binary | base64
const KAT_SIGNATURE = 'ga/M51IUHhD/nX6w6jAILQZKzH8HgMaEaApCmpzrFo8=';
// printf 'AKID-KAT:kat-secret' | base64
const KAT_BASIC = 'Basic QUtJRC1LQVQ6a2F0LXNlY3JldA==';

void describe('createClient over loopback HTTP', () => {
  const cleanups = cleanupsAfterEach();
  const server = cleanups.server;

  function client(baseUrl: string, o: Partial<ClientOptions> = {}): VoiceSmsClient {
    const c = createClient({
      baseUrl,
      credentials: CREDS,
      now: () => FIXED_NOW,
      retry: { baseDelayMs: 10, maxDelayMs: 5000 },
      ...o,
    });
    cleanups.push(() => c.close());
    return c;
  }

  const ok =
    (result = ''): Parameters<typeof startLoopback>[0] =>
    (_req, res) => {
      res.setHeader('content-type', 'application/xml');
      res.end(envelope('200', 'OK', result));
    };

  void describe('request shape', () => {
    void it('signs the SMS POST exactly (known-answer signature) and sends the form', async () => {
      const lb = await server(ok('<message><messageId>MSG-1</messageId><status>queued</status></message>'));
      const r = await client(lb.url).sendSms({ from: 'VSTK-TEST', to: '+49 151 2345 6789', body: 'Hello world' });
      assert.equal(lb.seen.length, 1);
      const seen = lb.seen[0]!;
      assert.equal(seen.method, 'POST');
      assert.equal(seen.url, '/v1/message/sms');
      assert.equal(seen.headers['authorization'], 'CLOUD-V1');
      assert.equal(seen.headers['accesskeyid'], 'AKID-KAT');
      assert.equal(seen.headers['timestamp'], '1717243200000');
      assert.equal(seen.headers['signature'], KAT_SIGNATURE);
      assert.equal(seen.headers['content-type'], 'application/x-www-form-urlencoded; charset=UTF-8');
      assert.equal(seen.headers['accept'], 'application/xml');
      assert.equal(seen.body, 'from%3Aid=VSTK-TEST&to=%2B4915123456789&body=Hello+world');
      const form = new URLSearchParams(seen.body);
      assert.deepEqual([...form.keys()], ['from:id', 'to', 'body']);
      assert.equal(r.to, TO);
      assert.equal(r.messageId, 'MSG-1');
      assert.equal(r.status, 'queued');
      assert.equal(r.segments.segments, 1);
      assert.equal(r.segments.encoding, 'GSM-7');
      assert.equal(r.envelope.service.version, '2.10');
    });

    void it('sends basic credentials, an empty Signature and a 13-digit Timestamp on GETs', async () => {
      const lb = await server(ok(MONTH_RESULT));
      await client(lb.url, { now: Date.now }).getMonthView('VI-DEMO-01', '202406');
      const h = lb.seen[0]!.headers;
      assert.equal(h['authorization'], KAT_BASIC);
      assert.equal(h['accesskeyid'], 'AKID-KAT');
      assert.equal(h['signature'], '');
      assert.match(String(h['timestamp']), /^\d{13}$/);
      assert.ok(Math.abs(Number(h['timestamp']) - Date.now()) < 60_000);
      assert.equal(h['accept'], 'application/xml');
      assert.equal(h['content-type'], undefined);
      assert.equal(lb.seen[0]!.url, '/v1/vvoice/VI-DEMO-01/calls/202406');
    });

    void it('forces one credential form everywhere when asked, with a verifiable HMAC on GETs', async () => {
      const lb = await server(ok('<x>1</x>'));
      await client(lb.url, { auth: { form: 'signed', scheme: 'ACME-V1' } }).getBalance('ACC DEMO/1'.replace('/', '-'));
      const h = lb.seen[0]!.headers;
      assert.equal(h['authorization'], 'ACME-V1');
      const expected = computeSignature('kat-secret', {
        method: 'GET',
        pathWithQuery: '/v1/account/ACC%20DEMO-1/balance',
        timestamp: '1717243200000',
        accessKeyId: 'AKID-KAT',
        body: '',
      });
      assert.equal(h['signature'], expected);
      assert.equal(lb.seen[0]!.url, '/v1/account/ACC%20DEMO-1/balance');

      const lb2 = await server(ok());
      await client(lb2.url, { auth: { form: 'basic' } }).sendSms({ from: 'VSTK-TEST', to: TO, body: 'x' });
      assert.equal(lb2.seen[0]!.headers['authorization'], KAT_BASIC);
      assert.equal(lb2.seen[0]!.headers['signature'], '');

      const lb3 = await server(ok());
      await client(lb3.url, { auth: { signature: 'empty' } }).sendSms({ from: 'VSTK-TEST', to: TO, body: 'x' });
      assert.equal(lb3.seen[0]!.headers['authorization'], 'CLOUD-V1');
      assert.equal(lb3.seen[0]!.headers['signature'], '');
    });

    void it('keeps a path prefix of the base URL and sends DATEID as YYYYMMDD', async () => {
      const lb = await server(ok('<activities/>'));
      const r = await client(`${lb.url}/api/`).getDayActivities('VI-DEMO-01', '2024-06-03');
      assert.equal(lb.seen[0]!.url, '/api/v1/vvoice/VI-DEMO-01/activities/20240603');
      assert.deepEqual(r.result, { activities: '' });
      assert.match(r.rawXml, /<activities\/>/);
    });

    void it('describeRequest builds exactly what would be sent, and flags the secret-bearing header', async () => {
      const lb = await server(ok());
      const c = client(lb.url);
      const d = c.describeRequest({ operation: 'sms', input: { from: 'VSTK-TEST', to: TO, body: 'Hello world' } });
      assert.equal(d.method, 'POST');
      assert.equal(d.url, `${lb.url}/v1/message/sms`);
      assert.equal(d.headers['Signature'], KAT_SIGNATURE);
      assert.equal(d.body, 'from%3Aid=VSTK-TEST&to=%2B4915123456789&body=Hello+world');
      assert.deepEqual(d.sensitiveHeaders, []);
      const g = c.describeRequest({ operation: 'calls', instanceId: 'VI-DEMO-01', monthId: '202406' });
      assert.equal(g.headers['Authorization'], KAT_BASIC);
      assert.deepEqual(g.sensitiveHeaders, ['Authorization']);
      assert.equal(lb.seen.length, 0, 'describeRequest sends nothing');
    });
  });

  void describe('results', () => {
    void it('builds the typed month view and keeps the raw XML', async () => {
      const lb = await server(ok(MONTH_RESULT));
      const r = await client(lb.url).getMonthView('VI-DEMO-01', '202406');
      assert.equal(r.view.monthId, '202406');
      assert.deepEqual(
        r.view.days.map((d) => d.dateId),
        ['20240601', '20240602'],
      );
      assert.equal(r.view.totals.callLegs, 6);
      assert.equal(r.envelope.status.code, '200');
      assert.ok(r.elapsedMs >= 0);
      assert.match(r.rawXml, /<monthView>/);
    });

    void it('recognises a balance amount with its currency, and works without one', async () => {
      const lb = await server(ok('<balance currency="EUR">12.50</balance>'));
      const r = await client(lb.url).getBalance('ACC-DEMO');
      assert.deepEqual(r.balance, { amount: '12.50', currency: 'EUR' });
      const lb2 = await server(ok('<account><credit><amount>-3.10</amount><currency>USD</currency></credit></account>'));
      assert.deepEqual((await client(lb2.url).getBalance('ACC-DEMO')).balance, { amount: '-3.10', currency: 'USD' });
      const lb3 = await server(ok('<account><name>x</name></account>'));
      const r3 = await client(lb3.url).getBalance('ACC-DEMO');
      assert.equal(r3.balance, undefined);
      assert.deepEqual(r3.result, { account: { name: 'x' } });
    });

    void it('finds a message id under common names anywhere, preferring specific names', async () => {
      const lb = await server(ok('<sms id="outer"><detail><message_id>M-77</message_id></detail></sms>'));
      const r = await client(lb.url).sendSms({ from: 'VSTK-TEST', to: TO, body: 'x' });
      assert.equal(r.messageId, 'M-77');
      const lb2 = await server(ok());
      const r2 = await client(lb2.url).sendSms({ from: 'VSTK-TEST', to: TO, body: 'x' });
      assert.equal(r2.messageId, undefined);
      assert.equal(r2.to, TO);
    });
  });

  void describe('errors', () => {
    void it('HTTP 401 is an auth error naming the profile, with the envelope message', async () => {
      const lb = await server((_req, res) => {
        res.writeHead(401, { 'content-type': 'application/xml' });
        res.end(envelope('401', 'Signature mismatch'));
      });
      const err = await failure(client(lb.url, { profileName: 'work' }).getMonthView('VI-DEMO-01', '202406'));
      assert.equal(err.kind, 'auth');
      assert.equal(err.details.httpStatus, 401);
      assert.equal(err.details.serviceMessage, 'Signature mismatch');
      assert.match(err.message, /Signature mismatch/);
      assert.match(err.message, /check the access key id and secret of profile "work"/i);
      assert.equal(lb.seen.length, 1, 'auth failures are not retried');
    });

    void it('envelope code 403 under HTTP 200 is an auth error too', async () => {
      const lb = await server((_req, res) => res.end(envelope('403', 'Forbidden')));
      const err = await failure(client(lb.url).getBalance('ACC-DEMO'));
      assert.equal(err.kind, 'auth');
      assert.equal(err.details.serviceCode, '403');
      assert.match(err.message, /of the active profile/);
    });

    void it('envelope code other than 200 under HTTP 200 is a service error with code and message', async () => {
      const lb = await server((_req, res) => res.end(envelope('404', 'Voice instance not found')));
      const err = await failure(client(lb.url).getMonthView('VI-NOPE', '202406'));
      assert.equal(err.kind, 'service');
      assert.equal(err.details.serviceCode, '404');
      assert.equal(err.details.serviceMessage, 'Voice instance not found');
      assert.match(err.message, /GET \/v1\/vvoice\/VI-NOPE\/calls\/202406 with status 404: Voice instance not found/);
    });

    void it('an HTTP error with an XML envelope quotes the envelope message', async () => {
      const lb = await server((_req, res) => {
        res.writeHead(400, { 'content-type': 'application/xml' });
        res.end(envelope('400', 'Invalid month'));
      });
      const err = await failure(client(lb.url).getMonthView('VI-DEMO-01', '202406'));
      assert.equal(err.kind, 'http');
      assert.equal(err.details.httpStatus, 400);
      assert.match(err.message, /HTTP 400 Bad Request: Invalid month\./);
    });

    void it('an HTML 502 page becomes a short sanitised excerpt, after 3 attempts', async () => {
      const lb = await server((_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(`<html><head><title>x</title></head><body><h1>502 Bad Gateway</h1><p>${'nginx '.repeat(80)}</p></body></html>`);
      });
      const err = await failure(client(lb.url).getBalance('ACC-DEMO'));
      assert.equal(err.kind, 'http');
      assert.equal(err.details.httpStatus, 502);
      assert.equal(err.details.attempts, 3);
      assert.equal(lb.seen.length, 3);
      assert.doesNotMatch(err.message, /<|>/);
      const excerpt = err.message.split(': ').slice(1).join(': ');
      assert.ok(excerpt.length <= 202, `excerpt too long: ${excerpt.length}`);
      assert.match(err.message, /HTTP 502 Bad Gateway after 3 attempts: 502 Bad Gateway nginx nginx/);
      assert.doesNotMatch(err.message, /<title>|\bx\b/, 'the <head> is dropped');
    });

    void it('a redirect is not followed; the message points at the base URL', async () => {
      const lb = await server((_req, res) => {
        res.writeHead(301, { location: 'https://api.example.com/v1/account/ACC-DEMO/balance' });
        res.end();
      });
      const err = await failure(client(lb.url).getBalance('ACC-DEMO'));
      assert.equal(err.kind, 'http');
      assert.equal(err.details.httpStatus, 301);
      assert.equal(lb.seen.length, 1);
      assert.match(err.message, /redirect to https:\/\/api\.example\.com\/.*check the base URL/);
    });

    void it('malformed XML under HTTP 200 is a parse error', async () => {
      const lb = await server((_req, res) => res.end('<response><status><code>200</code>'));
      const err = await failure(client(lb.url).getMonthView('VI-DEMO-01', '202406'));
      assert.equal(err.kind, 'parse');
      assert.match(err.message, /not with the service's XML envelope/);
    });

    void it('an entity bomb is refused as a parse error, fast', async () => {
      const lb = await server((_req, res) => res.end(ENTITY_BOMB));
      const t0 = performance.now();
      const err = await failure(client(lb.url).getBalance('ACC-DEMO'));
      assert.equal(err.kind, 'parse');
      assert.match(err.message, /DOCTYPE|ENTITY/);
      assert.ok(performance.now() - t0 < 2000);
    });

    void it('a refused connection is a network error naming host and what to check, retried then reported', async () => {
      const port = await refusedPort();
      const err = await failure(client(`http://127.0.0.1:${port}`).getBalance('ACC-DEMO'));
      assert.equal(err.kind, 'network');
      assert.equal(err.details.causeCode, 'ECONNREFUSED');
      assert.equal(err.details.attempts, 3);
      assert.match(err.message, new RegExp(`127\\.0\\.0\\.1:${port}.*refused.*base URL`));
    });

    void it('a stalled answer hits the headers timeout, naming the phase and limit', async () => {
      const lb = await server(() => undefined);
      const err = await failure(client(lb.url, { timeouts: { headersMs: 200 } }).getMonthView('VI-DEMO-01', '202406'));
      assert.equal(err.kind, 'timeout');
      assert.equal(err.details.causeCode, 'UND_ERR_HEADERS_TIMEOUT');
      assert.match(err.message, /200 ms \(waiting for the response headers\)/);
      assert.equal(lb.seen.length, 1, 'timeouts are not retried');
    });

    void it('the overall deadline cuts a slow operation short as a total timeout', async () => {
      const lb = await server(() => undefined);
      const t0 = performance.now();
      const err = await failure(client(lb.url, { timeouts: { totalMs: 300 } }).getBalance('ACC-DEMO'));
      assert.equal(err.kind, 'timeout');
      assert.equal(err.details.causeCode, 'TOTAL_TIMEOUT');
      assert.match(err.message, /within 300 ms overall/);
      assert.ok(performance.now() - t0 < 1500);
    });

    void it('an oversized answer is cut off at the configured cap', async () => {
      const lb = await server((_req, res) => res.end(envelope('200', 'OK', 'x'.repeat(20_000))));
      const err = await failure(client(lb.url, { maxResponseBytes: 10_000 }).getBalance('ACC-DEMO'));
      assert.equal(err.kind, 'http');
      assert.equal(err.details.causeCode, 'RESPONSE_TOO_LARGE');
      assert.match(err.message, /larger than the 9\.8 KB limit/);
    });
  });

  void describe('retries', () => {
    void it('waits for Retry-After on 429, then succeeds', async () => {
      const lb = await server((req, res) => {
        if (lb.seen.length === 1) {
          res.writeHead(429, { 'retry-after': '1' });
          res.end();
          return;
        }
        ok()(req, res, '');
      });
      const log = recordingLogger();
      const r = await client(lb.url, { logger: log }).getBalance('ACC-DEMO');
      assert.equal(lb.seen.length, 2);
      assert.ok(r.elapsedMs >= 950, `Retry-After: 1 must be honoured, waited ${r.elapsedMs} ms`);
      assert.ok(
        log.lines.some((l) => /HTTP 429; retrying in 1000 ms/.test(l)),
        log.lines.join('\n'),
      );
    });

    void it('retries 503 twice and succeeds on the third attempt', async () => {
      const lb = await server((req, res) => {
        if (lb.seen.length <= 2) {
          res.writeHead(503);
          res.end('busy');
          return;
        }
        ok(MONTH_RESULT)(req, res, '');
      });
      const r = await client(lb.url).getMonthView('VI-DEMO-01', '202406');
      assert.equal(lb.seen.length, 3);
      assert.equal(r.view.days.length, 2);
      // Each attempt is signed afresh.
      assert.ok(lb.seen.every((s) => s.headers['authorization'] === KAT_BASIC));
    });

    void it('reports 503 three times as an HTTP error with attempts = 3', async () => {
      const lb = await server((_req, res) => {
        res.writeHead(503);
        res.end('Service Unavailable');
      });
      const err = await failure(client(lb.url).getDayActivities('VI-DEMO-01', '20240603'));
      assert.equal(err.kind, 'http');
      assert.equal(err.details.httpStatus, 503);
      assert.equal(err.details.attempts, 3);
      assert.equal(lb.seen.length, 3);
    });

    void it('gives up at once when Retry-After asks for more than the cap, saying how long', async () => {
      const lb = await server((_req, res) => {
        res.writeHead(429, { 'retry-after': '120' });
        res.end();
      });
      const err = await failure(client(lb.url).getBalance('ACC-DEMO'));
      assert.equal(lb.seen.length, 1);
      assert.match(err.message, /asks to wait 120 s/);
    });

    void it('rejects promptly with the abort reason when aborted during the backoff', async () => {
      const lb = await server((_req, res) => {
        res.writeHead(503, { 'retry-after': '3' });
        res.end();
      });
      const ac = new AbortController();
      const reason = new Error('user cancelled');
      const p = client(lb.url).getMonthView('VI-DEMO-01', '202406', ac.signal);
      setTimeout(() => ac.abort(reason), 200);
      const t0 = performance.now();
      await assert.rejects(p, (e) => e === reason);
      assert.ok(performance.now() - t0 < 1000, 'must not wait out the 3 s Retry-After');
      assert.equal(lb.seen.length, 1);
    });
  });

  void describe('the SMS POST', () => {
    void it('is never retried: a 503 means exactly one request and a plain HTTP error', async () => {
      const lb = await server((_req, res) => {
        res.writeHead(503, { 'retry-after': '0' });
        res.end();
      });
      const err = await failure(client(lb.url).sendSms({ from: 'VSTK-TEST', to: TO, body: 'hi' }));
      assert.equal(lb.seen.length, 1);
      assert.equal(err.kind, 'http');
      assert.equal(err.details.httpStatus, 503);
      assert.equal(err.details.outcomeUnknown, undefined);
    });

    void it('reports a connection reset after the request was received as outcome unknown', async () => {
      const lb = await server((req) => req.socket.destroy());
      const err = await failure(client(lb.url).sendSms({ from: 'VSTK-TEST', to: TO, body: 'hi' }));
      assert.equal(lb.seen.length, 1, 'exactly one request');
      assert.equal(err.kind, 'network');
      assert.equal(err.details.outcomeUnknown, true);
      assert.match(err.message, /outcome .* is unknown/);
      assert.match(err.message, /resending could duplicate the message/);
      assert.doesNotMatch(err.message, /4915123456789/, 'no full phone number in the message');
    });

    void it('reports a headers timeout as outcome unknown, after exactly one request', async () => {
      const lb = await server(() => undefined);
      const err = await failure(client(lb.url, { timeouts: { headersMs: 200 } }).sendSms({ from: 'VSTK-TEST', to: TO, body: 'hi' }));
      assert.equal(lb.seen.length, 1);
      assert.equal(err.kind, 'timeout');
      assert.equal(err.details.outcomeUnknown, true);
    });

    void it('reports a refused connection as a plain network error: nothing was sent', async () => {
      const port = await refusedPort();
      const err = await failure(client(`http://127.0.0.1:${port}`).sendSms({ from: 'VSTK-TEST', to: TO, body: 'hi' }));
      assert.equal(err.kind, 'network');
      assert.equal(err.details.causeCode, 'ECONNREFUSED');
      assert.notEqual(err.details.outcomeUnknown, true);
      assert.doesNotMatch(err.message, /unknown/);
      assert.equal(err.details.attempts, 1);
    });

    void it('reports a 504 from a gateway as outcome unknown', async () => {
      const lb = await server((_req, res) => {
        res.writeHead(504, { 'content-type': 'text/html' });
        res.end('<h1>Gateway Timeout</h1>');
      });
      const err = await failure(client(lb.url).sendSms({ from: 'VSTK-TEST', to: TO, body: 'hi' }));
      assert.equal(lb.seen.length, 1);
      assert.equal(err.details.outcomeUnknown, true);
    });
  });

  void describe('validation happens before any request', () => {
    void it('refuses bad ids, months, dates, numbers and bodies without contacting the server', async () => {
      const lb = await server(ok());
      const c = client(lb.url);
      const cases: [Promise<unknown>, string][] = [
        [c.getMonthView('', '202406'), 'instanceId'],
        [c.getMonthView('VI/1', '202406'), 'instanceId'],
        [c.getMonthView('VI-1', '202413'), 'monthId'],
        [c.getDayActivities('VI-1', '20240631'), 'dateId'],
        [c.getBalance('  '), 'accountId'],
        [c.sendSms({ from: 'VSTK-TEST', to: '12', body: 'x' }), 'to'],
        [c.sendSms({ from: 'VSTK-TEST', to: TO, body: '   ' }), 'body'],
        [c.sendSms({ from: '', to: TO, body: 'x' }), 'from'],
        [c.sendSms({ from: 'a/b', to: TO, body: 'x' }), 'from'],
      ];
      for (const [p, field] of cases) {
        const err = await failure(p);
        assert.equal(err.kind, 'validation', err.message);
        assert.equal(err.details.field, field, err.message);
      }
      assert.equal(lb.seen.length, 0);
      assert.equal(lb.connections(), 0);
    });

    void it('normalises a national number with the default region', async () => {
      const lb = await server(ok());
      const r = await client(lb.url, { defaultRegion: 'DE' }).sendSms({ from: 'VSTK-TEST', to: '0151 23456789', body: 'x' });
      assert.equal(r.to, TO);
      assert.equal(new URLSearchParams(lb.seen[0]!.body).get('to'), TO);
    });

    void it('createClient refuses a bad base URL, empty credentials and nonsense options', () => {
      const bad: [Partial<ClientOptions>, string][] = [
        [{ baseUrl: 'http://example.com' }, 'baseUrl'],
        [{ baseUrl: 'not a url' }, 'baseUrl'],
        [{ credentials: { accessKeyId: '', secretAccessKey: 's' } }, 'accessKeyId'],
        [{ credentials: { accessKeyId: 'a\nb', secretAccessKey: 's' } }, 'accessKeyId'],
        [{ credentials: { accessKeyId: 'a', secretAccessKey: '' } }, 'secretAccessKey'],
        [{ timeouts: { headersMs: -1 } }, 'timeouts.headersMs'],
      ];
      for (const [o, field] of bad) {
        assert.throws(
          () => createClient({ baseUrl: 'https://api.example.com', credentials: CREDS, ...o }),
          (e: unknown) => isVoiceSmsError(e, 'validation') && e.details.field === field && !e.message.includes('kat-secret'),
          field,
        );
      }
    });
  });

  void describe('connections and logging', () => {
    void it('two sequential GETs reuse one kept-alive connection', async () => {
      const lb = await server(ok(MONTH_RESULT));
      const c = client(lb.url);
      await c.getMonthView('VI-DEMO-01', '202406');
      await c.getMonthView('VI-DEMO-01', '202405');
      assert.equal(lb.seen.length, 2);
      assert.equal(lb.seen[0]!.socketId, lb.seen[1]!.socketId);
      assert.equal(lb.connections(), 1);
    });

    void it('logs method, path, status and attempts, but never credentials, bodies or full numbers', async () => {
      const lb = await server((req, res, body) => {
        if (req.method === 'POST') return ok('<messageId>M1</messageId>')(req, res, body);
        if (lb.seen.length === 1) {
          res.writeHead(503, { 'retry-after': '0' });
          res.end();
          return;
        }
        return ok(MONTH_RESULT)(req, res, body);
      });
      const log = recordingLogger();
      const c = client(lb.url, { logger: log });
      await c.getMonthView('VI-DEMO-01', '202406');
      await c.sendSms({ from: 'VSTK-TEST', to: TO, body: 'Secret plans' });
      const all = log.lines.join('\n');
      assert.match(all, /GET \/v1\/vvoice\/VI-DEMO-01\/calls\/202406 -> 503 .*attempt 1/);
      assert.match(all, /GET \/v1\/vvoice\/VI-DEMO-01\/calls\/202406 -> 200 .*attempt 2/);
      assert.match(all, /POST \/v1\/message\/sms \(to \+4915\*+89/);
      for (const secret of ['kat-secret', 'QUtJRC1LQVQ6a2F0LXNlY3JldA', KAT_SIGNATURE, '4915123456789', 'Secret plans', 'Hello']) {
        assert.ok(!all.includes(secret), `log leaked ${secret}`);
      }
    });

    void it('refuses requests after close()', async () => {
      const lb = await server(ok());
      const c = client(lb.url);
      await c.close();
      const err = await failure(c.getBalance('ACC-DEMO'));
      assert.equal(err.kind, 'network');
      assert.equal(lb.seen.length, 0);
    });
  });
});
