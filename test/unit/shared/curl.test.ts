// The cURL text must (1) never contain a credential and (2) really work: each generated snippet is
// run with `sh -c` against the simulator, with the credentials only in the environment.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createClient, parseEnvelope, type OperationCall, type VoiceSmsClient } from '../../../src/core/index.js';
import { ACCESS_KEY_ID_VAR, formatCurl, SECRET_ACCESS_KEY_VAR, shQuote } from '../../../src/shared/requestCode/curl.js';
import { start, type Simulator } from '../../../src/simulator/index.js';

const run = promisify(execFile);
const CREDS = { accessKeyId: 'AK-curl-test', secretAccessKey: 's3cr\'et "$HOME" `x` \\n' };

async function runSnippet(text: string, creds = CREDS): Promise<string> {
  const { stdout } = await run('sh', ['-c', text], {
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      [ACCESS_KEY_ID_VAR]: creds.accessKeyId,
      [SECRET_ACCESS_KEY_VAR]: creds.secretAccessKey,
    },
    timeout: 10_000,
  });
  return stdout;
}

function assertNoSecret(text: string): void {
  assert.ok(!text.includes(CREDS.secretAccessKey), 'the secret appears in the text');
  assert.ok(!text.includes(CREDS.accessKeyId), 'the access key id appears in the text');
  const basic = Buffer.from(`${CREDS.accessKeyId}:${CREDS.secretAccessKey}`).toString('base64');
  assert.ok(!text.includes(basic), 'the basic credentials appear in the text');
}

void describe('shQuote', () => {
  void it('survives quotes, dollars, backticks and newlines through sh', async () => {
    const nasty = 'it\'s $HOME `id` "q" \\ \n end';
    const out = await runSnippet(`printf '%s' ${shQuote(nasty)}`);
    assert.equal(out, nasty);
  });
});

void describe('formatCurl', () => {
  void it('hands the basic credentials to curl on standard input and uses Name; for the empty Signature', () => {
    const text = formatCurl({
      method: 'GET',
      url: 'https://api.example.test/v1/account/A/balance',
      headers: {
        Authorization: 'Basic QUs6c2VjcmV0',
        AccessKeyId: 'AK',
        Timestamp: '1700000000000',
        Signature: '',
        Accept: 'application/xml',
      },
      sensitiveHeaders: ['Authorization'],
    });
    assert.match(
      text,
      /^VS_OUT=\$\(printf 'user = "%s:%s"\\nheader = "AccessKeyId: %s"\\n' "\$\(vs_q "\$VOICESMS_ACCESS_KEY_ID"\)" "\$\(vs_q "\$VOICESMS_SECRET_ACCESS_KEY"\)"/m,
    );
    assert.doesNotMatch(text, / -u /, 'no credential on the command line');
    assert.match(text, /-H 'Signature;'/);
    assert.match(text, /^VS_TS=\$\(date \+%s\)000$/m);
    assert.match(text, /-H "Timestamp: \$VS_TS"/);
    assert.match(
      text,
      /^curl -sS -K - --connect-timeout 10 --max-time 60 -w '\\n%\{http_code\}'/m,
      'timeouts, and the status code after the answer for the check',
    );
    assert.ok(!text.includes('QUs6c2VjcmV0'));
    assert.ok(!text.includes('1700000000000'), 'a fixed timestamp would be stale when pasted');
  });

  void it('refuses a sensitive header it cannot replace by a placeholder', () => {
    assert.throws(() => formatCurl({ method: 'GET', url: 'https://x.test/', headers: { 'X-Key': 'k' }, sensitiveHeaders: ['X-Key'] }));
  });
});

void describe('generated cURL against the simulator', { timeout: 20_000 }, () => {
  let sim: Simulator;
  const clients: VoiceSmsClient[] = [];
  // A simulator per test: an SMS or a refused request of one test is not in the next one's record.
  beforeEach(async () => {
    sim = await start({ credentials: CREDS, acceptEmptySignature: true });
  });
  afterEach(async () => {
    await sim.close();
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  function client(auth?: { form?: 'seed' | 'signed' | 'basic'; signature?: 'hmac-sha256' | 'empty' }): VoiceSmsClient {
    const c = createClient({ baseUrl: sim.url, credentials: CREDS, ...(auth ? { auth } : {}), defaultRegion: 'US' });
    clients.push(c);
    return c;
  }

  const calls: [string, OperationCall][] = [
    ['calls', { operation: 'calls', instanceId: 'VI-DEMO-01', monthId: '202601' }],
    ['activities', { operation: 'activities', instanceId: 'VI-DEMO-02', dateId: '20260105' }],
    ['balance', { operation: 'balance', accountId: 'ACC-DEMO' }],
  ];
  for (const [name, call] of calls) {
    for (const form of ['seed', 'signed'] as const) {
      void it(`${name} (${form} form) answers 200`, async () => {
        const text = formatCurl(client({ form }).describeRequest(call));
        assertNoSecret(text);
        const envelope = parseEnvelope(await runSnippet(text));
        assert.equal(envelope.status.code, '200');
      });
    }
  }

  void it('sms (signed form) is accepted exactly once, with the exact body', async () => {
    const before = sim.received.length;
    const body = "Héllo 'quoted' & $money `tick` ✓";
    const text = formatCurl(client().describeRequest({ operation: 'sms', input: { from: 'VSTK-TEST', to: '(201) 555-0123', body } }));
    assertNoSecret(text);
    const envelope = parseEnvelope(await runSnippet(text));
    assert.equal(envelope.status.code, '200');
    assert.equal(sim.received.length, before + 1);
    const got = sim.received.at(-1);
    assert.equal(got?.body, body);
    assert.equal(got?.to, '+12015550123');
  });

  void it('sms with auth.signature = empty sends an empty Signature the simulator accepts', async () => {
    const text = formatCurl(
      client({ signature: 'empty' }).describeRequest({ operation: 'sms', input: { from: 'VSTK-TEST', to: '+12015550124', body: 'hi' } }),
    );
    assert.doesNotMatch(text, /openssl/);
    assert.equal(parseEnvelope(await runSnippet(text)).status.code, '200');
  });

  void it('a wrong secret in the environment is refused (the signature is really checked)', async () => {
    const before = sim.received.length;
    const text = formatCurl(client().describeRequest({ operation: 'sms', input: { from: 'VSTK-TEST', to: '+12015550125', body: 'x' } }));
    // One line and exit code 1, as the Node.js and Python programs fail (the answer itself is not printed).
    const failed = await runSnippet(text, { ...CREDS, secretAccessKey: 'wrong' }).then(
      (stdout) => assert.fail(`the snippet succeeded: ${stdout}`),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    assert.deepEqual({ code: failed.code, stdout: failed.stdout }, { code: 1, stdout: '' });
    assert.match(failed.stderr, /^HTTP 401, service status 401: [^\n]+\n$/);
    assert.equal(sim.received.length, before);
  });
});
