// The editor-free rules of sign-in: the argument object, the VOICESMS_* import, the one check
// request, and which step a real failure (from the core client against the simulator) sends the
// user back to.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createServer } from 'node:net';
import { createClient } from '../../../../src/core/client.js';
import { resolveTrust } from '../../../../src/core/http/trust.js';
import { credentialsFromEnv, readSignInArgs, stepToFix, verificationCall } from '../../../../src/host/commands/signInInput.js';
import { readProfileArg } from '../../../../src/host/commands/profileArg.js';
import { DEMO_ACCOUNT, DEMO_INSTANCES, start, type Simulator } from '../../../../src/simulator/index.js';

void describe('readSignInArgs', () => {
  void it('is undefined without an argument object, so the command shows the UI', () => {
    for (const arg of [undefined, null, 'x', 3, ['a']]) assert.equal(readSignInArgs(arg), undefined);
  });

  void it('keeps the secret and key id exactly as given and drops blank optional ids', () => {
    const args = readSignInArgs({
      name: 'P',
      baseUrl: 'https://a',
      accessKeyId: ' K',
      secretAccessKey: 's ',
      accountId: '  ',
      voiceInstanceId: ' VI-1 ',
    });
    assert.deepEqual(args, { name: 'P', baseUrl: 'https://a', accessKeyId: ' K', secretAccessKey: 's ', voiceInstanceId: 'VI-1' });
  });

  void it('names a missing or mistyped field without echoing any value', () => {
    assert.throws(() => readSignInArgs({ name: 'P', baseUrl: 'https://a', accessKeyId: 'K' }), /"secretAccessKey" is required/);
    assert.throws(
      () => readSignInArgs({ name: 'P', baseUrl: 'https://a', accessKeyId: 'K', secretAccessKey: 12345678 }),
      (e: Error) => /"secretAccessKey" must be a string/.test(e.message) && !e.message.includes('12345678'),
    );
  });
});

void describe('readProfileArg', () => {
  void it('reads { name, removeProfile } and rejects wrong types', () => {
    assert.equal(readProfileArg(undefined), undefined);
    assert.deepEqual(readProfileArg({}), { removeProfile: false });
    assert.deepEqual(readProfileArg({ name: ' Prod ', removeProfile: true }), { name: 'Prod', removeProfile: true });
    assert.throws(() => readProfileArg({ name: 1 }), /"name" must be a string/);
    assert.throws(() => readProfileArg({ removeProfile: 'yes' }), /"removeProfile"/);
  });
});

void describe('credentialsFromEnv', () => {
  const full = { VOICESMS_BASE_URL: ' http://127.0.0.1:9 ', VOICESMS_ACCESS_KEY_ID: 'id', VOICESMS_SECRET_ACCESS_KEY: 'secret' };

  void it('offers the import only when all three variables are set', () => {
    assert.deepEqual(credentialsFromEnv(full), { baseUrl: 'http://127.0.0.1:9', accessKeyId: 'id', secretAccessKey: 'secret' });
    assert.equal(credentialsFromEnv({ ...full, VOICESMS_SECRET_ACCESS_KEY: undefined }), undefined);
    assert.equal(credentialsFromEnv({ ...full, VOICESMS_ACCESS_KEY_ID: '  ' }), undefined);
    assert.equal(credentialsFromEnv({}), undefined);
  });
});

void describe('verificationCall', () => {
  void it('asks for the balance when there is an account, else the current month of the instance', () => {
    assert.deepEqual(verificationCall({ accountId: 'A', voiceInstanceId: 'V' }, '202406'), { operation: 'balance', accountId: 'A' });
    assert.deepEqual(verificationCall({ voiceInstanceId: 'V' }, '202406'), { operation: 'monthView', instanceId: 'V', monthId: '202406' });
    assert.equal(verificationCall({}, '202406'), undefined);
  });
});

void describe('stepToFix with real failures from the simulator', () => {
  let sim: Simulator;
  // A simulator per test: nothing one test sent is still being answered in the next.
  beforeEach(async () => {
    sim = await start();
  });
  afterEach(async () => {
    await sim.close();
  });

  async function failure(
    baseUrl: string,
    secret: string,
    call: (c: ReturnType<typeof createClient>) => Promise<unknown>,
  ): Promise<unknown> {
    const client = createClient({
      baseUrl,
      credentials: { accessKeyId: sim.credentials.accessKeyId, secretAccessKey: secret },
      timeouts: { totalMs: 5_000, connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 },
    });
    try {
      await call(client);
    } catch (e) {
      return e;
    } finally {
      await client.close();
    }
    assert.fail('the request was expected to fail');
  }

  void it('a wrong secret reopens the secret step', async () => {
    const e = await failure(sim.url, 'not-the-secret', (c) => c.getMonthView(DEMO_INSTANCES[0] ?? '', '202406'));
    assert.equal(stepToFix(e, 'monthView'), 'secretAccessKey');
    assert.match((e as Error).message, /refused the credentials/);
  });

  void it('an unknown instance or account reopens that id step', async () => {
    const vi = await failure(sim.url, sim.credentials.secretAccessKey, (c) => c.getMonthView('VI-NOT-THERE', '202406'));
    assert.equal(stepToFix(vi, 'monthView'), 'voiceInstanceId');
    const acc = await failure(sim.url, sim.credentials.secretAccessKey, (c) => c.getBalance(`${DEMO_ACCOUNT}-NOT-THERE`));
    assert.equal(stepToFix(acc, 'balance'), 'accountId');
  });

  void it('an address where nothing listens reopens the base URL step', async () => {
    // A port that was free a moment ago: connection refused.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const e = await failure(`http://127.0.0.1:${port}`, sim.credentials.secretAccessKey, (c) => c.getBalance(DEMO_ACCOUNT));
    assert.equal(stepToFix(e, 'balance'), 'baseUrl');
  });

  void it('an unusable voiceSms.tls.caFile reopens the base URL step (not the access key id)', () => {
    let e: unknown;
    try {
      resolveTrust({ systemCertificates: false, caFile: 'relative.pem', env: {} });
    } catch (err) {
      e = err;
    }
    assert.equal((e as { kind?: string }).kind, 'validation');
    assert.equal(stepToFix(e, 'balance'), 'baseUrl');
  });
});
