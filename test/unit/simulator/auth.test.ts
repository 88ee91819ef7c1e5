import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { authHeaders, DEFAULT_AUTH } from '../../../src/core/auth/headers.js';
import type { Simulator } from '../../../src/simulator/types.js';
import { basicHeaders, envelope, FORM_TYPE, getBasic, send, signedHeaders, smsForm, startSim, T0, type Reply } from './helpers.js';

const CALLS = '/v1/vvoice/VI-DEMO-01/calls/202406';

void describe('simulator authentication', () => {
  let sim: Simulator;
  // A simulator per test: what one test sent, armed or left trickling is not in the next one's.
  beforeEach(async () => {
    sim = await startSim({ recordDetails: true });
  });
  afterEach(() => sim.close());

  function refusal(r: Reply, mentions: RegExp): void {
    assert.equal(r.status, 401, r.body);
    const env = envelope(r);
    assert.equal(env.status.code, '401');
    assert.match(env.status.message, mentions);
    assert.ok(!r.body.includes(sim.credentials.secretAccessKey), 'the secret must never be echoed');
  }

  void it('accepts basic credentials with an empty Signature on the calls request (the spec example)', async () => {
    const r = await getBasic(sim, CALLS);
    assert.equal(r.status, 200, r.body);
    assert.equal(envelope(r).status.code, '200');
  });

  void it('accepts the signed form on the SMS POST, with the HMAC computed from docs/authentication.md', async () => {
    const body = smsForm('VSTK-TEST', '+14155550123', 'hello');
    const headers = {
      ...signedHeaders(sim.credentials, { method: 'POST', path: '/v1/message/sms', body, now: T0 }),
      'Content-Type': FORM_TYPE,
    };
    const r = await send(`${sim.url}/v1/message/sms`, { method: 'POST', headers, body });
    assert.equal(r.status, 200, r.body);
  });

  void it('accepts either form on any operation, and signs the path with its query', async () => {
    const path = `${CALLS}?view=full&x=%2F`;
    const signedGet = await send(`${sim.url}${path}`, { headers: signedHeaders(sim.credentials, { method: 'GET', path, now: T0 }) });
    assert.equal(signedGet.status, 200, signedGet.body);

    const body = smsForm('VSTK-TEST', '+14155550123', 'hi');
    const basicPost = await send(`${sim.url}/v1/message/sms`, {
      method: 'POST',
      headers: { ...basicHeaders(sim.credentials, T0), 'Content-Type': FORM_TYPE },
      body,
    });
    assert.equal(basicPost.status, 200, basicPost.body);
  });

  void it("accepts the headers of the core's authHeaders in both forms", async () => {
    for (const form of ['signed', 'basic'] as const) {
      const headers = authHeaders(
        sim.credentials,
        { ...DEFAULT_AUTH, form },
        { method: 'GET', pathWithQuery: CALLS, body: '', now: T0, seedForm: 'basic' },
      );
      const r = await send(`${sim.url}${CALLS}`, { headers });
      assert.equal(r.status, 200, `${form}: ${r.body}`);
    }
  });

  void it('refuses a wrong secret in basic credentials, saying so without echoing either secret', async () => {
    const r = await send(`${sim.url}${CALLS}`, { headers: basicHeaders({ ...sim.credentials, secretAccessKey: 'not-the-secret' }, T0) });
    refusal(r, /secret access key is wrong/);
    assert.ok(!r.body.includes('not-the-secret'));
  });

  void it('refuses a signature made with the wrong secret, or over a different body', async () => {
    const wrongKey = await send(`${sim.url}${CALLS}`, {
      headers: signedHeaders({ ...sim.credentials, secretAccessKey: 'guess' }, { method: 'GET', path: CALLS, now: T0 }),
    });
    refusal(wrongKey, /Signature does not match/);
    // The message shows what the server signed (method, path, timestamp, id, body hash), never the key.
    assert.match(
      envelope(wrongKey).status.message,
      new RegExp(String.raw`GET\\n/v1/vvoice/VI-DEMO-01/calls/202406\\n1718460207481\\n${sim.credentials.accessKeyId}\\n[0-9a-f]{64}`),
    );

    const signedBody = smsForm('VSTK-TEST', '+14155550123', 'pay 10');
    const headers = {
      ...signedHeaders(sim.credentials, { method: 'POST', path: '/v1/message/sms', body: signedBody, now: T0 }),
      'Content-Type': FORM_TYPE,
    };
    const tampered = await send(`${sim.url}/v1/message/sms`, {
      method: 'POST',
      headers,
      body: smsForm('VSTK-TEST', '+14155550123', 'pay 99'),
    });
    refusal(tampered, /Signature does not match/);
  });

  void it('refuses a Timestamp more than 5 minutes off, in both forms, and accepts exactly 5 minutes', async () => {
    const skewed = T0 + 5 * 60_000 + 1;
    refusal(await send(`${sim.url}${CALLS}`, { headers: basicHeaders(sim.credentials, skewed) }), /Timestamp is ahead/);
    refusal(
      await send(`${sim.url}${CALLS}`, { headers: signedHeaders(sim.credentials, { method: 'GET', path: CALLS, now: T0 - 10 * 60_000 }) }),
      /Timestamp is behind.*5 minutes/,
    );
    assert.equal((await send(`${sim.url}${CALLS}`, { headers: basicHeaders(sim.credentials, T0 - 5 * 60_000) })).status, 200);
  });

  void it('names each other failed check', async () => {
    const basic = basicHeaders(sim.credentials, T0);
    const signed = signedHeaders(sim.credentials, { method: 'GET', path: CALLS, now: T0 });
    const cases: [Record<string, string>, RegExp][] = [
      [{ AccessKeyId: sim.credentials.accessKeyId, Timestamp: String(T0) }, /Missing Authorization/],
      [{ ...signed, Authorization: 'OTHER-V1' }, /Unsupported Authorization.*CLOUD-V1/],
      [{ ...basic, AccessKeyId: 'SOMEONE-ELSE' }, /AccessKeyId header does not match/],
      [{ ...basic, Authorization: 'Basic !!!' }, /Malformed Basic/],
      [basicHeaders({ ...sim.credentials, accessKeyId: 'SOMEONE-ELSE' }, T0), /unknown access key id/],
      [{ ...signed, AccessKeyId: 'SOMEONE-ELSE' }, /Unknown access key id/],
      [{ ...basic, Timestamp: String(Math.floor(T0 / 1000)) }, /Malformed Timestamp.*13 digits/],
      [{ Authorization: 'CLOUD-V1', AccessKeyId: sim.credentials.accessKeyId, Signature: 'x' }, /Missing Timestamp/],
      [{ Authorization: 'CLOUD-V1', AccessKeyId: sim.credentials.accessKeyId, Timestamp: String(T0) }, /Missing Signature/],
    ];
    for (const [headers, why] of cases) refusal(await send(`${sim.url}${CALLS}`, { headers }), why);
  });

  void it('checks credentials before revealing whether an instance exists, but after the path shape', async () => {
    const noAuth = await send(`${sim.url}/v1/vvoice/NOPE/calls/202406`);
    assert.equal(noAuth.status, 401);
    const unknownPath = await send(`${sim.url}/v1/nothing-here`);
    assert.equal(unknownPath.status, 404);
  });

  void it('records each request with its headers as received', async () => {
    const before = sim.requests.length;
    await getBasic(sim, '/v1/account/ACC-DEMO/balance');
    const rec = sim.requests[before];
    assert.ok(rec);
    assert.equal(rec.method, 'GET');
    assert.equal(rec.path, '/v1/account/ACC-DEMO/balance');
    assert.equal(rec.headers?.['accesskeyid'], sim.credentials.accessKeyId);
    assert.equal(rec.headers?.['signature'], '');
    assert.ok(rec.rawHeaders?.includes('AccessKeyId'));
    assert.equal(rec.time, T0);
  });
});

void describe('simulator authentication options', () => {
  void it('refuses an empty Signature in the signed form unless acceptEmptySignature is set', async () => {
    const strict = await startSim();
    const lenient = await startSim({ acceptEmptySignature: true, credentials: strict.credentials });
    try {
      const headers = { ...signedHeaders(strict.credentials, { method: 'GET', path: CALLS, now: T0 }), Signature: '' };
      const refused = await send(`${strict.url}${CALLS}`, { headers });
      assert.equal(refused.status, 401);
      assert.match(envelope(refused).status.message, /Signature header is empty/);
      assert.equal((await send(`${lenient.url}${CALLS}`, { headers })).status, 200);
      // Lenient about the signature only: the key id is still checked.
      assert.equal((await send(`${lenient.url}${CALLS}`, { headers: { ...headers, AccessKeyId: 'X' } })).status, 401);
    } finally {
      await strict.close();
      await lenient.close();
    }
  });

  void it('uses the configured scheme and credentials', async () => {
    const creds = { accessKeyId: 'AK-1', secretAccessKey: 's3cr3t' };
    const sim = await startSim({ authScheme: 'ACME-V1', credentials: creds });
    try {
      assert.deepEqual(sim.credentials, creds);
      const acme = signedHeaders(creds, { method: 'GET', path: CALLS, now: T0, scheme: 'ACME-V1' });
      assert.equal((await send(`${sim.url}${CALLS}`, { headers: acme })).status, 200);
      const cloud = signedHeaders(creds, { method: 'GET', path: CALLS, now: T0 });
      assert.equal((await send(`${sim.url}${CALLS}`, { headers: cloud })).status, 401);
      assert.equal((await send(`${sim.url}${CALLS}`, { headers: basicHeaders(creds, T0) })).status, 200);
    } finally {
      await sim.close();
    }
  });

  void it('follows the injected clock for the Timestamp window', async () => {
    let clock = T0;
    const sim = await startSim({ now: () => clock });
    try {
      const headers = basicHeaders(sim.credentials, T0);
      assert.equal((await send(`${sim.url}${CALLS}`, { headers })).status, 200);
      clock = T0 + 6 * 60_000;
      assert.equal((await send(`${sim.url}${CALLS}`, { headers })).status, 401);
    } finally {
      await sim.close();
    }
  });
});
