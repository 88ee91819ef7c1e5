// What keeps a web page (or anything else on the machine without the credentials) from using the
// simulator as an attacker would: DNS rebinding (a foreign Host header), the control endpoints without
// their token, and unauthenticated posts that used to be kept, bodies and all, in an unbounded list.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONTROL_TOKEN_HEADER, REQUEST_LIMIT } from '../../../src/simulator/index.js';
import { isAllowedHost } from '../../../src/simulator/guard.js';
import type { Simulator } from '../../../src/simulator/types.js';
import { basicHeaders, FORM_TYPE, getBasic, send, sendSms, smsForm, startSim, T0 } from './helpers.js';

const BALANCE = '/v1/account/ACC-DEMO/balance';

void describe('simulator: Host header', () => {
  let sim: Simulator;
  // A simulator per test: what one test sent, armed or left trickling is not in the next one's.
  beforeEach(async () => {
    sim = await startSim();
  });
  afterEach(() => sim.close());

  void it('refuses a request addressed to another name (DNS rebinding), for the service and the control endpoints', async () => {
    const service = await send(`${sim.url}${BALANCE}`, { headers: { ...basicHeaders(sim.credentials, T0), Host: 'evil.example' } });
    assert.equal(service.status, 421);
    assert.ok(!service.body.includes('EUR'), 'no balance for a foreign host');
    const withPort = await send(`${sim.url}${BALANCE}`, {
      headers: { ...basicHeaders(sim.credentials, T0), Host: `evil.example:${sim.port}` },
    });
    assert.equal(withPort.status, 421);
    const control = await send(`${sim.url}/__sim/received`, {
      headers: { Host: 'evil.example', [CONTROL_TOKEN_HEADER]: sim.controlToken },
    });
    assert.equal(control.status, 421);
    assert.equal(sim.requests.length, 0, 'nothing recorded');
  });

  void it('answers loopback names, with or without a port', async () => {
    for (const host of [`127.0.0.1:${sim.port}`, '127.0.0.1', `localhost:${sim.port}`, 'LOCALHOST', `[::1]:${sim.port}`, '127.8.9.10']) {
      const r = await send(`${sim.url}${BALANCE}`, { headers: { ...basicHeaders(sim.credentials, T0), Host: host } });
      assert.equal(r.status, 200, host);
    }
  });

  void it('accepts only loopback hosts or the address it listens on', () => {
    assert.equal(isAllowedHost(undefined, '127.0.0.1'), false);
    assert.equal(isAllowedHost('', '127.0.0.1'), false);
    assert.equal(isAllowedHost('127.0.0.1.evil.example', '127.0.0.1'), false);
    assert.equal(isAllowedHost('localhost.evil.example:80', '127.0.0.1'), false);
    assert.equal(isAllowedHost('[::2]:80', '127.0.0.1'), false);
    assert.equal(isAllowedHost('localhost.:80', '127.0.0.1'), true);
    assert.equal(isAllowedHost('[::1]', '::1'), true);
    assert.equal(isAllowedHost('192.168.1.5:8080', '192.168.1.5'), true, 'an explicit --host address');
  });

  void it('accepts the extra names it is given (a test proxy resolves them), and only those', () => {
    assert.equal(isAllowedHost('sim.voicesms.test:8443', '127.0.0.1', ['sim.voicesms.test']), true);
    assert.equal(isAllowedHost('SIM.voicesms.test', '127.0.0.1', ['sim.voicesms.test']), true);
    assert.equal(isAllowedHost('other.voicesms.test:8443', '127.0.0.1', ['sim.voicesms.test']), false);
    assert.equal(isAllowedHost('sim.voicesms.test:8443', '127.0.0.1'), false);
  });
});

void describe('simulator: control token', () => {
  let sim: Simulator;
  // A simulator per test: what one test sent, armed or left trickling is not in the next one's.
  beforeEach(async () => {
    sim = await startSim();
  });
  afterEach(() => sim.close());

  void it('refuses /__sim/* without the token or with a wrong one', async () => {
    assert.match(sim.controlToken, /^[0-9a-f]{64}$/, 'a random token when none is given');
    const attempts: Record<string, string>[] = [
      {},
      { [CONTROL_TOKEN_HEADER]: '' },
      { [CONTROL_TOKEN_HEADER]: 'guess' },
      { [CONTROL_TOKEN_HEADER]: sim.controlToken.slice(1) },
    ];
    for (const headers of attempts) {
      assert.equal((await send(`${sim.url}/__sim/received`, { headers })).status, 401);
      assert.equal((await send(`${sim.url}/__sim/requests`, { headers })).status, 401);
      const arm = await send(`${sim.url}/__sim/faults`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: '{"kind":"reset"}',
      });
      assert.equal(arm.status, 401);
    }
    assert.equal((await getBasic(sim, BALANCE)).status, 200, 'no fault was armed');
    assert.equal((await send(`${sim.url}/__sim/received`, { headers: { [CONTROL_TOKEN_HEADER]: sim.controlToken } })).status, 200);
  });

  void it('uses the token it is given', async () => {
    const own = await startSim({ controlToken: 'a-known-token-for-this-test' });
    try {
      assert.equal(own.controlToken, 'a-known-token-for-this-test');
      assert.equal(
        (await send(`${own.url}/__sim/faults`, { headers: { [CONTROL_TOKEN_HEADER]: 'a-known-token-for-this-test' } })).status,
        200,
      );
      assert.equal((await send(`${own.url}/__sim/faults`, { headers: { [CONTROL_TOKEN_HEADER]: sim.controlToken } })).status, 401);
    } finally {
      await own.close();
    }
  });
});

void describe('simulator: what it remembers', { timeout: 120_000 }, () => {
  let sim: Simulator;
  // A simulator per test: what one test sent, armed or left trickling is not in the next one's.
  beforeEach(async () => {
    sim = await startSim();
  });
  afterEach(() => sim.close());

  void it('150 unauthenticated 1 MB posts leave nothing behind', async () => {
    const megabyte = 'x'.repeat(1024 * 1024 - 64);
    for (let i = 0; i < 150; i++) {
      const r = await send(`${sim.url}/v1/message/sms`, {
        method: 'POST',
        headers: { 'Content-Type': FORM_TYPE },
        body: smsForm('VSTK-TEST', '+14155550123', megabyte),
      });
      assert.equal(r.status, 401);
    }
    assert.equal(sim.requests.length, 0, 'unauthenticated requests are not recorded');
    assert.equal(sim.received.length, 0);
  });

  void it('keeps authenticated requests without headers or body, and only the latest few hundred', async () => {
    assert.equal((await sendSms(sim, T0, 'VSTK-TEST', '+14155550123', 'hello')).status, 200);
    const rec = sim.requests.at(-1);
    assert.deepEqual(rec, { method: 'POST', path: '/v1/message/sms', time: T0 });
    for (let i = 0; i < REQUEST_LIMIT + 20; i++) await getBasic(sim, BALANCE);
    assert.equal(sim.requests.length, REQUEST_LIMIT);
    assert.ok(sim.requests.every((r) => r.headers === undefined && r.body === undefined && r.rawHeaders === undefined));
    assert.ok(!JSON.stringify(sim.requests).includes(sim.credentials.secretAccessKey));
  });

  void it('refuses an SMS body longer than 10 segments before counting it', async () => {
    const r = await sendSms(sim, T0, 'VSTK-TEST', '+14155550123', 'y'.repeat(1024 * 1024 - 64));
    assert.equal(r.status, 400);
    assert.match(r.body, /too long/);
    assert.equal((await sendSms(sim, T0, 'VSTK-TEST', '+14155550123', 'y'.repeat(1530))).status, 200);
  });
});
