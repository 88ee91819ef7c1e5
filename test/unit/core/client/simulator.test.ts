// The core client against the local simulator: every operation end to end, both credential forms
// as the simulator verifies them, and the simulator's faults mapped to the right error kinds.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type ClientOptions, type VoiceSmsClient } from '../../../../src/core/client.js';
import { computeSignature } from '../../../../src/core/auth/signature.js';
import { start, type Simulator } from '../../../../src/simulator/server.js';
import { failure } from '../http/harness.js';

const TO = '+4915123456789';

void describe('client against the simulator', () => {
  let sim: Simulator;
  const clients: VoiceSmsClient[] = [];

  // A simulator per test: a hung or trickling answer, a fault or a recorded request of one test never meets the next.
  beforeEach(async () => {
    sim = await start({ recordDetails: true });
  });
  afterEach(async () => {
    await sim.close();
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  function client(o: Partial<ClientOptions> = {}): VoiceSmsClient {
    const c = createClient({ baseUrl: sim.url, credentials: sim.credentials, retry: { baseDelayMs: 10 }, ...o });
    clients.push(c);
    return c;
  }

  void describe('happy paths', () => {
    void it('sends an SMS with the signed form, which the simulator verifies and records', async () => {
      const r = await client().sendSms({ from: 'VSTK-TEST', to: '+49 1512 3456789', body: 'Hello from the test' });
      assert.equal(r.to, TO);
      assert.ok(r.messageId, 'the simulator answers with a message id');
      assert.equal(r.status, 'accepted');
      assert.equal(r.segments.segments, 1);
      assert.deepEqual(
        sim.received.map(({ from, to, body }) => ({ from, to, body })),
        [{ from: 'VSTK-TEST', to: TO, body: 'Hello from the test' }],
      );
      assert.equal(sim.received[0]?.messageId, r.messageId);

      const req = sim.requests[0]!;
      const h = req.headers ?? {};
      assert.equal(h['authorization'], 'CLOUD-V1');
      assert.equal(h['accesskeyid'], sim.credentials.accessKeyId);
      assert.match(String(h['timestamp']), /^\d{13}$/);
      assert.equal(h['content-type'], 'application/x-www-form-urlencoded; charset=UTF-8');
      assert.equal(h['accept'], 'application/xml');
      const expected = computeSignature(sim.credentials.secretAccessKey, {
        method: 'POST',
        pathWithQuery: req.path,
        timestamp: String(h['timestamp']),
        accessKeyId: sim.credentials.accessKeyId,
        body: req.body ?? '',
      });
      assert.equal(h['signature'], expected);
      const form = new URLSearchParams(req.body ?? '');
      assert.deepEqual(
        [...form.entries()],
        [
          ['from:id', 'VSTK-TEST'],
          ['to', TO],
          ['body', 'Hello from the test'],
        ],
      );
    });

    void it('reads the month view with basic credentials', async () => {
      const r = await client().getMonthView('VI-DEMO-01', '202401');
      assert.equal(r.view.monthId, '202401');
      assert.equal(r.view.days.length, 31);
      assert.equal(r.envelope.status.code, '200');
      assert.equal(r.envelope.service.version, '2.10');
      assert.match(r.rawXml, /<monthView>/);
      const h = sim.requests[0]!.headers ?? {};
      const basic = Buffer.from(`${sim.credentials.accessKeyId}:${sim.credentials.secretAccessKey}`).toString('base64');
      assert.equal(h['authorization'], `Basic ${basic}`);
      assert.equal(h['signature'], '');
      assert.equal(sim.requests[0]!.path, '/v1/vvoice/VI-DEMO-01/calls/202401');
    });

    void it('reads the balance and recognises amount and currency', async () => {
      const r = await client().getBalance('ACC-DEMO');
      assert.equal(r.balance?.currency, 'EUR');
      assert.match(r.balance?.amount ?? '', /^\d+\.\d{2}$/);
    });

    void it('reads the day activities as a raw result', async () => {
      const r = await client().getDayActivities('VI-DEMO-01', '2024-01-15');
      assert.equal(sim.requests[0]!.path, '/v1/vvoice/VI-DEMO-01/activities/20240115');
      assert.ok(r.result && typeof r.result === 'object' && 'activities' in r.result);
    });

    void it('the signed form also passes for the GETs', async () => {
      const r = await client({ auth: { form: 'signed' } }).getMonthView('VI-DEMO-02', '202402');
      assert.equal(r.view.days.length, 29);
      assert.equal(sim.requests[0]!.headers?.['authorization'], 'CLOUD-V1');
    });
  });

  void describe('faults', () => {
    void it('wrong secret -> auth error naming the profile', async () => {
      const err = await failure(
        client({ credentials: { ...sim.credentials, secretAccessKey: 'wrong-secret' }, profileName: 'Demo' }).getBalance('ACC-DEMO'),
      );
      assert.equal(err.kind, 'auth');
      assert.equal(err.details.httpStatus, 401);
      assert.match(err.message, /profile "Demo"/);
      assert.ok(!err.message.includes('wrong-secret'));
    });

    void it('unknown instance -> HTTP 404 with the envelope message', async () => {
      const err = await failure(client().getMonthView('VI-NOPE', '202401'));
      assert.equal(err.kind, 'http');
      assert.equal(err.details.httpStatus, 404);
      assert.ok(err.details.serviceMessage);
      assert.equal(sim.requests.length, 1, '404 is not retried');
    });

    void it('envelopeError -> service error with code and message', async () => {
      sim.addFault({ kind: 'envelopeError', serviceCode: '500', serviceMessage: 'Backend unavailable' });
      const err = await failure(client().getBalance('ACC-DEMO'));
      assert.equal(err.kind, 'service');
      assert.equal(err.details.serviceCode, '500');
      assert.match(err.message, /Backend unavailable/);
    });

    void it('html 502 -> HTTP error with a tag-free excerpt after 3 attempts', async () => {
      sim.addFault({ kind: 'html', status: 502 });
      const err = await failure(client().getBalance('ACC-DEMO'));
      assert.equal(err.kind, 'http');
      assert.equal(err.details.attempts, 3);
      assert.doesNotMatch(err.message, /<[a-z/!]/i);
    });

    void it('malformed and entityBomb -> parse errors', async () => {
      sim.addFault({ kind: 'malformed', times: 1 });
      assert.equal((await failure(client().getMonthView('VI-DEMO-01', '202401'))).kind, 'parse');
      sim.addFault({ kind: 'entityBomb', times: 1 });
      assert.equal((await failure(client().getMonthView('VI-DEMO-01', '202401'))).kind, 'parse');
    });

    void it('429 with Retry-After: 1 -> waits about a second, then succeeds', async () => {
      sim.addFault({ kind: 'status', status: 429, retryAfter: '1', times: 1 });
      const r = await client().getBalance('ACC-DEMO');
      assert.equal(sim.requests.length, 2);
      assert.ok(r.elapsedMs >= 950, `waited only ${r.elapsedMs} ms`);
    });

    void it('503 twice -> success on the third attempt', async () => {
      sim.addFault({ kind: 'status', status: 503, times: 2 });
      const r = await client().getMonthView('VI-DEMO-01', '202401');
      assert.equal(sim.requests.length, 3);
      assert.equal(r.view.days.length, 31);
    });

    void it('503 three times -> HTTP error with attempts 3', async () => {
      sim.addFault({ kind: 'status', status: 503 });
      const err = await failure(client().getDayActivities('VI-DEMO-01', '20240115'));
      assert.equal(err.kind, 'http');
      assert.equal(err.details.attempts, 3);
      assert.equal(sim.requests.length, 3);
    });

    void it('POST with 503 -> exactly one request, no retry', async () => {
      sim.addFault({ kind: 'status', status: 503, retryAfter: '0' });
      const err = await failure(client().sendSms({ from: 'VSTK-TEST', to: TO, body: 'hi' }));
      assert.equal(err.kind, 'http');
      assert.equal(sim.requests.length, 1);
      assert.equal(sim.received.length, 0);
      assert.notEqual(err.details.outcomeUnknown, true);
    });

    void it('POST whose answer is lost after processing -> one SMS received, outcome unknown', async () => {
      sim.addFault({ kind: 'resetAfterReceive', match: { operation: 'sms' } });
      const err = await failure(client().sendSms({ from: 'VSTK-TEST', to: TO, body: 'hi' }));
      assert.equal(sim.requests.length, 1);
      assert.equal(sim.received.length, 1, 'the SMS went out');
      assert.equal(err.kind, 'network');
      assert.equal(err.details.outcomeUnknown, true);
      assert.match(err.message, /outcome .* unknown.*resending could duplicate the message/);
    });

    void it('POST that hangs -> headers timeout, one request, outcome unknown', async () => {
      sim.addFault({ kind: 'hang', match: { operation: 'sms' } });
      const err = await failure(client({ timeouts: { headersMs: 300 } }).sendSms({ from: 'VSTK-TEST', to: TO, body: 'hi' }));
      assert.equal(sim.requests.length, 1);
      assert.equal(err.kind, 'timeout');
      assert.equal(err.details.outcomeUnknown, true);
    });

    void it('truncated body -> network error; slow body -> body timeout', async () => {
      sim.addFault({ kind: 'truncated', times: 3 });
      const t = await failure(client().getMonthView('VI-DEMO-01', '202401'));
      assert.equal(t.kind, 'network');
      sim.clearFaults();
      sim.addFault({ kind: 'slowBody', latencyMs: 1500, sizeBytes: 16 });
      const s = await failure(client({ timeouts: { bodyMs: 300 } }).getMonthView('VI-DEMO-01', '202401'));
      assert.equal(s.kind, 'timeout');
      assert.equal(s.details.causeCode, 'UND_ERR_BODY_TIMEOUT');
    });

    void it('oversized 40 MiB month view -> refused up front by Content-Length', async () => {
      sim.addFault({ kind: 'oversized' });
      const t0 = performance.now();
      const err = await failure(client().getMonthView('VI-DEMO-01', '202401'));
      assert.equal(err.kind, 'http');
      assert.equal(err.details.causeCode, 'RESPONSE_TOO_LARGE');
      assert.match(err.message, /1 MB limit \(it announces 40 MB\)/);
      assert.ok(performance.now() - t0 < 3000);
    });

    void it('a 2 MB balance, activities or month-view answer is refused by the per-operation 1 MB cap, unparsed', async () => {
      for (const [operation, call] of [
        ['balance', () => client().getBalance('ACC-DEMO')],
        ['activities', () => client().getDayActivities('VI-DEMO-01', '2024-01-15')],
        ['calls', () => client().getMonthView('VI-DEMO-01', '202401')],
      ] as const) {
        sim.addFault({ kind: 'oversized', sizeBytes: 2 * 1024 * 1024, match: { operation } });
        const err = await failure(call());
        assert.equal(err.details.causeCode, 'RESPONSE_TOO_LARGE', operation);
        assert.match(err.message, /larger than the 1 MB limit/, operation);
        sim.clearFaults();
      }
      // Below the cap, the same kind of answer is read.
      sim.addFault({ kind: 'oversized', sizeBytes: 32 * 1024, match: { operation: 'balance' } });
      await client().getBalance('ACC-DEMO');
    });

    void it('a reset on arrival of a GET is retried', async () => {
      sim.addFault({ kind: 'reset', times: 1 });
      const r = await client().getBalance('ACC-DEMO');
      assert.equal(sim.requests.length, 2);
      assert.ok(r.balance);
    });
  });
});
