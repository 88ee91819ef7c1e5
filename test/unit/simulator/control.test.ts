import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Simulator } from '../../../src/simulator/types.js';
import { CONTROL_TOKEN_HEADER } from '../../../src/simulator/index.js';
import { envelope, getBasic, send, sendSms, startSim, T0, type Send } from './helpers.js';

const CALLS = '/v1/vvoice/VI-DEMO-01/calls/202406';

/** A control request, with the simulator's token as every caller of /__sim/* must send it. */
function control(sim: Simulator, path: string, s: Send = {}): ReturnType<typeof send> {
  return send(`${sim.url}${path}`, { ...s, headers: { [CONTROL_TOKEN_HEADER]: sim.controlToken, ...s.headers } });
}

function postJson(sim: Simulator, path: string, value: unknown, type = 'application/json'): ReturnType<typeof send> {
  return control(sim, path, { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify(value) });
}

void describe('simulator control endpoint', () => {
  let sim: Simulator;
  // A simulator per test: what one test sent, armed or left trickling is not in the next one's.
  beforeEach(async () => {
    sim = await startSim();
  });
  afterEach(() => sim.close());

  void it('arms a fault from JSON, which then applies to service requests', async () => {
    const r = await postJson(sim, '/__sim/faults', {
      kind: 'status',
      status: 503,
      retryAfter: '7',
      times: 1,
      match: { operation: 'calls' },
    });
    assert.equal(r.status, 200, r.body);
    assert.deepEqual(JSON.parse(r.body), { faults: 1 });
    const listed = await control(sim, '/__sim/faults');
    assert.deepEqual(JSON.parse(listed.body), [{ kind: 'status', status: 503, retryAfter: '7', times: 1, match: { operation: 'calls' } }]);
    const hit = await getBasic(sim, CALLS);
    assert.equal(hit.status, 503);
    assert.equal(hit.headers['retry-after'], '7');
    assert.equal((await getBasic(sim, CALLS)).status, 200);
  });

  void it('clears faults with {clear:true} and with DELETE', async () => {
    await postJson(sim, '/__sim/faults', { kind: 'html' });
    assert.equal((await getBasic(sim, CALLS)).status, 502);
    assert.deepEqual(JSON.parse((await postJson(sim, '/__sim/faults', { clear: true })).body), { faults: 0 });
    assert.equal((await getBasic(sim, CALLS)).status, 200);
    await postJson(sim, '/__sim/faults', { kind: 'html' });
    assert.equal((await control(sim, '/__sim/faults', { method: 'DELETE' })).status, 200);
    assert.equal((await getBasic(sim, CALLS)).status, 200);
  });

  void it('refuses a fault that is not JSON, not valid, or sent as a form', async () => {
    const form = await postJson(sim, '/__sim/faults', { kind: 'html' }, 'application/x-www-form-urlencoded');
    assert.equal(form.status, 415);
    const bad = await control(sim, '/__sim/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{kind:' });
    assert.equal(bad.status, 400);
    const invalid = await postJson(sim, '/__sim/faults', { kind: 'explode' });
    assert.equal(invalid.status, 400);
    assert.match((JSON.parse(invalid.body) as { error: string }).error, /kind/);
    assert.deepEqual(JSON.parse((await control(sim, '/__sim/faults')).body), []);
    assert.equal((await control(sim, '/__sim/nothing')).status, 404);
  });

  void it('lists received SMS and service requests as JSON, and does not record its own requests', async () => {
    await sendSms(sim, T0, 'VSTK-TEST', '+14155550123', 'count me');
    const received = JSON.parse((await control(sim, '/__sim/received')).body) as unknown[];
    assert.equal(received.length, sim.received.length);
    assert.deepEqual(received.at(-1), { ...sim.received.at(-1) });
    assert.equal((received.at(-1) as { body: string }).body, 'count me');

    const before = sim.requests.length;
    const listed = JSON.parse((await control(sim, '/__sim/requests')).body) as Record<string, unknown>[];
    assert.equal(sim.requests.length, before, 'control requests are not recorded');
    assert.equal(listed.length, before);
    assert.deepEqual(listed.at(-1), { method: 'POST', path: '/v1/message/sms', time: T0 });
    assert.ok(!JSON.stringify(listed).includes('Basic '), 'no credentials in the request list');
  });

  void it('is not faulted itself', async () => {
    sim.addFault({ kind: 'reset' });
    try {
      assert.equal((await control(sim, '/__sim/received')).status, 200);
    } finally {
      sim.clearFaults();
    }
  });

  void it('can be switched off, leaving only the service', async () => {
    const plain = await startSim({ controlEndpoint: false });
    try {
      const r = await send(`${plain.url}/__sim/received`);
      assert.equal(r.status, 404);
      assert.equal(envelope(r).status.code, '404');
    } finally {
      await plain.close();
    }
  });
});
