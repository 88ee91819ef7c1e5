// The client's answer boundary (src/core/boundary.ts) against the simulator's `echoCredentials` fault: a
// gateway that says the request's credentials back in every form, in the status message, the service name,
// a balance field and each activity row. No form may survive in anything the client hands out: results,
// parsed envelopes, the raw answer, errors (message, stack, details, causes), nor in its log lines.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { createClient, type VoiceSmsClient } from '../../../../src/core/client.js';
import { MAX_FIELD, MAX_STATUS_MESSAGE } from '../../../../src/core/boundary.js';
import { KnownSecrets } from '../../../../src/shared/redact.js';
import { credentialForms } from '../../../../src/simulator/credentialEcho.js';
import { start, type Simulator } from '../../../../src/simulator/server.js';
import { DEMO_ACCOUNT, DEMO_INSTANCES, DEMO_SENDER_IDS } from '../../../../src/simulator/defaults.js';
import { recordingLogger } from './fixtures.js';

/** Characters every encoding treats differently: `/ + " & < > % ' !` and a space-free ASCII rest. */
const CREDS = { accessKeyId: 'AKIDECHO7Q', secretAccessKey: `kT9/x+Qw"z&<p>%2F'A!b` };
/** Another stored profile's pair: an answer must not carry it either. */
const OTHER = { accessKeyId: 'AKIDOTHER3', secretAccessKey: 'other/Secret+Value==' };

function leaks(text: string): string[] {
  const forms = [
    ...credentialForms(CREDS.accessKeyId, CREDS.secretAccessKey),
    ...credentialForms(OTHER.accessKeyId, OTHER.secretAccessKey),
  ];
  return forms.filter((f) => text.includes(f));
}

void describe('answer boundary: no credential form passes the client', () => {
  let sim: Simulator;
  const clients: VoiceSmsClient[] = [];
  const log = recordingLogger();
  const others = new KnownSecrets();
  others.addCredentials(OTHER.accessKeyId, OTHER.secretAccessKey);

  // A simulator per test: a fault one test planted, or the record of its requests, never meets the next.
  beforeEach(async () => {
    sim = await start({ credentials: CREDS, recordDetails: true });
  });
  afterEach(async () => {
    await sim.close();
    await Promise.all(clients.splice(0).map((c) => c.close()));
    const lines = log.lines.splice(0);
    assert.deepEqual(leaks(lines.join('\n')), [], 'a credential in the log');
  });

  function client(): VoiceSmsClient {
    const c = createClient({ baseUrl: sim.url, credentials: CREDS, retry: { attempts: 1 }, logger: log, knownSecrets: others });
    clients.push(c);
    return c;
  }

  function echoOther(): string {
    return `${OTHER.accessKeyId}:${OTHER.secretAccessKey} ${Buffer.from(`${OTHER.accessKeyId}:${OTHER.secretAccessKey}`).toString('base64')}`;
  }

  async function thrown(p: Promise<unknown>): Promise<Error> {
    try {
      await p;
    } catch (e) {
      assert.ok(e instanceof Error);
      return e;
    }
    assert.fail('expected a failure');
  }

  function assertClean(value: unknown, where: string): void {
    const text = typeof value === 'string' ? value : `${JSON.stringify(value)}\n${inspect(value, { depth: 10 })}`;
    assert.deepEqual(leaks(text), [], `a credential in ${where}`);
  }

  void it('the simulator fault does echo every form (the test can fail)', async () => {
    sim.addFault({ kind: 'echoCredentials', match: { operation: 'balance' }, times: 1 });
    const res = await fetch(`${sim.url}/v1/account/${DEMO_ACCOUNT}/balance`, {
      headers: {
        Authorization: `Basic ${Buffer.from(`${CREDS.accessKeyId}:${CREDS.secretAccessKey}`).toString('base64')}`,
        AccessKeyId: CREDS.accessKeyId,
        Timestamp: String(Date.now()),
        Signature: '',
      },
    });
    const body = await res.text();
    // XML escaping changes the forms holding & < > " ': those still reach the parser, which decodes them.
    const unescaped = body
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    assert.deepEqual(
      credentialForms(CREDS.accessKeyId, CREDS.secretAccessKey).filter((f) => !unescaped.includes(f)),
      [],
    );
  });

  void it('a successful balance and activities: results, envelope and raw answer are scrubbed; strings capped', async () => {
    sim.addFault({ kind: 'echoCredentials', match: { operation: 'balance' }, times: 1 });
    const balance = await client().getBalance(DEMO_ACCOUNT);
    assertClean(balance, 'the balance result');
    assert.ok(balance.envelope.status.message.length <= MAX_STATUS_MESSAGE);
    assert.ok(balance.envelope.service.provider.length <= MAX_FIELD);
    assert.ok(balance.balance?.currency === undefined || balance.balance.currency.length <= MAX_FIELD);

    sim.addFault({ kind: 'echoCredentials', match: { operation: 'activities' }, times: 1 });
    const day = await client().getDayActivities(DEMO_INSTANCES[0] ?? '', '20240601');
    assertClean(day, 'the activities result');
    assert.match(day.rawXml, /\*\*\*/, 'the raw answer shows where the credential was');
  });

  void it('a failed month view and a failed send: message, stack, details and cause are scrubbed', async () => {
    sim.addFault({ kind: 'echoCredentials', status: 502, match: { operation: 'calls' }, times: 1 });
    const month = await thrown(client().getMonthView(DEMO_INSTANCES[0] ?? '', '202406'));
    assertClean(month, 'the month view error');
    assertClean(month.stack ?? '', 'its stack');
    assert.ok(month.message.length < 2000, `a capped message (${month.message.length})`);

    sim.addFault({ kind: 'echoCredentials', status: 400, match: { operation: 'sms' }, times: 1 });
    const send = await thrown(client().sendSms({ from: DEMO_SENDER_IDS[0] ?? '', to: '+4915123456789', body: 'boundary test' }));
    assertClean(send, 'the SMS error');
    // The signed POST's Signature header came back in the echo too; it is masked like a secret.
    const signature = sim.requests.at(-1)?.headers?.['signature'];
    assert.ok(typeof signature === 'string' && signature.length > 0);
    assert.ok(!send.message.includes(signature), 'the Signature in the SMS error');
    assert.ok(!send.message.includes(encodeURIComponent(signature)), 'the percent-encoded Signature in the SMS error');
  });

  void it("another stored profile's secret is masked too (the host's known secrets)", async () => {
    sim.addFault({
      kind: 'status',
      status: 500,
      serviceMessage: `upstream said ${echoOther()}`,
      match: { operation: 'balance' },
      times: 1,
    });
    const err = await thrown(client().getBalance(DEMO_ACCOUNT));
    assertClean(err, 'the error');
    assert.match(err.message, /upstream said/);
  });

  void it('a character reference spelling the secret is masked after parsing', async () => {
    const spelled = [...CREDS.secretAccessKey].map((c) => `&#${c.charCodeAt(0)};`).join('');
    // The simulator escapes what it writes; a server of our own sends the references as they are.
    const srv = await import('node:http');
    const server = srv.createServer((_req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/xml' });
      res.end(
        `<?xml version="1.0"?><response><status><code>400</code><message>bad ${spelled}</message></status><service><provider>${spelled}</provider><id>x</id><version>1</version></service><result/></response>`,
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const c = createClient({ baseUrl: `http://127.0.0.1:${port}`, credentials: CREDS, retry: { attempts: 1 } });
    try {
      const err = await thrown(c.getBalance(DEMO_ACCOUNT));
      assertClean(err, 'the error');
    } finally {
      await c.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
