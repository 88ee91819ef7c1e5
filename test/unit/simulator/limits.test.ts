// What one process on the machine can make the simulator hold: connections (capped, the ones past it
// are closed as they arrive), request bodies (capped together across all requests, 503 past it) and
// nothing at all for a request with wrong credentials (refused before its body is read). Over real
// loopback HTTP, with raw sockets where a client library would hide what the server did.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { randomCredentials, start } from '../../../src/simulator/index.js';
import type { Simulator } from '../../../src/simulator/types.js';
import { basicHeaders, FORM_TYPE, getBasic, send, smsForm, startSim, T0 } from './helpers.js';

const BALANCE = '/v1/account/ACC-DEMO/balance';

/** A connected raw socket, and a promise that settles when the server closes it. */
function openSocket(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.resume();
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
}

/** A POST whose headers (and `first` bytes of body) go out now; the rest only when `finish` is called. */
function partialPost(
  sim: Simulator,
  headers: Record<string, string>,
  declared: number,
  first: Buffer,
): { req: ClientRequest; answer: Promise<{ status: number; body: string }>; finish: (rest: Buffer) => void } {
  const req = httpRequest(`${sim.url}/v1/message/sms`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': FORM_TYPE, 'Content-Length': String(declared) },
    agent: false,
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  if (first.length > 0) req.write(first);
  return { req, answer, finish: (rest) => req.end(rest) };
}

void describe('simulator: credentials', () => {
  void it('draws random credentials on every start; the old public pair opens nothing', async () => {
    const a = await start();
    const b = await start();
    try {
      assert.notDeepEqual(a.credentials, b.credentials);
      for (const c of [a.credentials, b.credentials]) {
        assert.match(c.accessKeyId, /^DEMO-[0-9A-F]{16}$/);
        assert.match(c.secretAccessKey, /^[0-9a-f]{64}$/, 'a 256-bit secret');
      }
      const old = { accessKeyId: 'DEMO-ACCESS-KEY', secretAccessKey: 'demo-secret-for-local-simulator-only' };
      assert.equal((await send(`${a.url}${BALANCE}`, { headers: basicHeaders(old, Date.now()) })).status, 401);
      assert.equal(
        (await send(`${a.url}${BALANCE}`, { headers: basicHeaders(b.credentials, Date.now()) })).status,
        401,
        "one start's pair does not open another",
      );
      assert.equal((await send(`${a.url}${BALANCE}`, { headers: basicHeaders(a.credentials, Date.now()) })).status, 200);
    } finally {
      await a.close();
      await b.close();
    }
  });

  void it('uses the credentials it is given', async () => {
    const given = randomCredentials();
    const sim = await start({ credentials: given });
    try {
      assert.deepEqual(sim.credentials, given);
    } finally {
      await sim.close();
    }
  });
});

void describe('simulator: connections', () => {
  let sim: Simulator;
  // A simulator per test: what one test sent, armed or left trickling is not in the next one's.
  beforeEach(async () => {
    sim = await startSim({ maxConnections: 3 });
  });
  afterEach(() => sim.close());

  void it('closes connections past the cap as they arrive, and serves again once one is closed', async () => {
    const held = await Promise.all([0, 1, 2].map(() => openSocket(sim.port)));
    // Let the server see all three before the fourth knocks.
    await new Promise((r) => setTimeout(r, 100));
    const extra = await openSocket(sim.port);
    assert.equal(await settlesWithin(extra.closed, 2_000), true, 'the fourth connection is closed by the server');
    const refused = await send(`${sim.url}${BALANCE}`, { headers: basicHeaders(sim.credentials, T0), abortAfterMs: 2_000 });
    assert.ok(refused.error !== undefined && refused.status === 0, `a request past the cap is not served: ${refused.status}`);
    for (const h of held) assert.equal(await settlesWithin(h.closed, 50), false, 'the held connections stay open');

    for (const h of held) h.socket.destroy();
    await Promise.all(held.map((h) => h.closed));
    await new Promise((r) => setTimeout(r, 100));
    assert.equal((await getBasic(sim, BALANCE)).status, 200);
  });
});

void describe('simulator: request bodies', () => {
  let sim: Simulator;
  // A simulator per test: what one test sent, armed or left trickling is not in the next one's.
  beforeEach(async () => {
    sim = await startSim({ maxBufferedBytes: 64 * 1024 });
  });
  afterEach(() => sim.close());

  void it('caps the bytes held across all requests: a body that would pass the cap gets 503 with Retry-After', async () => {
    const headers = basicHeaders(sim.credentials, T0);
    const body = Buffer.from(smsForm('VSTK-TEST', '+14155550123', 'x'.repeat(50 * 1024)));
    // The first request holds about 50 KiB, unfinished.
    const held = partialPost(sim, headers, body.length, body.subarray(0, body.length - 10));
    await new Promise((r) => setTimeout(r, 200));
    const other = await send(`${sim.url}/v1/message/sms`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': FORM_TYPE },
      body: smsForm('VSTK-TEST', '+14155550123', 'y'.repeat(30 * 1024)),
    });
    assert.equal(other.status, 503, other.body);
    assert.equal(other.headers['retry-after'], '1');
    assert.match(other.body, /too many request bodies/);

    // The held request still completes (refused by the SMS rules for its length, not by the cap) ...
    held.finish(body.subarray(body.length - 10));
    const first = await held.answer;
    assert.equal(first.status, 400, first.body);
    // ... and releases what it held: the same 30 KiB body is read now.
    const again = await send(`${sim.url}/v1/message/sms`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': FORM_TYPE },
      body: smsForm('VSTK-TEST', '+14155550123', 'y'.repeat(30 * 1024)),
    });
    assert.equal(again.status, 400, again.body);
  });

  void it('gives back the bytes of a refused request once, even when its client then drops the connection', async () => {
    const headers = basicHeaders(sim.credentials, T0);
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const hold = partialPost(sim, headers, 60 * 1024, Buffer.alloc(40 * 1024, 0x61));
    // Dropped on purpose below: its answer never comes.
    hold.answer.catch(() => undefined);
    await pause(150);
    // 10 KiB are taken, the next 20 KiB pass the cap: 503, and the 10 KiB go back.
    const refused = partialPost(sim, headers, 60 * 1024, Buffer.alloc(10 * 1024, 0x62));
    await pause(150);
    refused.req.write(Buffer.alloc(20 * 1024, 0x62));
    assert.equal((await refused.answer).status, 503);
    refused.req.destroy();
    await pause(150);
    // Still 40 KiB held: 30 KiB more would pass 64 KiB. Counted twice, the 10 KiB would have let them in.
    const probe = await send(`${sim.url}/v1/message/sms`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': FORM_TYPE },
      body: 'z'.repeat(30 * 1024),
    });
    assert.equal(probe.status, 503, probe.body);
    hold.req.destroy();
    await pause(150);
    const after = await send(`${sim.url}/v1/message/sms`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': FORM_TYPE },
      body: 'z'.repeat(30 * 1024),
    });
    assert.notEqual(after.status, 503, 'everything held was given back');
  });

  void it('refuses wrong credentials before reading the body: the 401 comes while the body is still on its way', async () => {
    const recorded = sim.requests.length;
    const wrong = basicHeaders({ ...sim.credentials, secretAccessKey: 'guess' }, T0);
    const p = partialPost(sim, wrong, 1024 * 1024, Buffer.alloc(1024, 0x61));
    try {
      assert.equal(await settlesWithin(p.answer, 2_000), true, 'no answer until the whole body arrived');
      const r = await p.answer;
      assert.equal(r.status, 401);
      assert.match(r.body, /secret access key is wrong/);
    } finally {
      p.req.destroy();
    }
    // No credentials at all: the same.
    const none = partialPost(sim, {}, 1024 * 1024, Buffer.alloc(1024, 0x61));
    try {
      assert.equal(await settlesWithin(none.answer, 2_000), true);
      assert.equal((await none.answer).status, 401);
    } finally {
      none.req.destroy();
    }
    assert.equal(sim.requests.length, recorded, 'nothing recorded');
  });
});
