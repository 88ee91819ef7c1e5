// POST /__sim/live: what the demo's live traffic brings in minutes, added at once for a test that must not wait for
// it (the e2e watch test). Every instance gains the calls today, each charged to the first account; other days and
// a bad body change nothing. Over real HTTP, the control token as every caller sends it.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type VoiceSmsClient } from '../../../src/core/client.js';
import {
  CONTROL_TOKEN_HEADER,
  DEMO_ACCOUNT,
  DEMO_INSTANCES,
  DEMO_STARTING_BALANCE_CENTS,
  dayStats,
  start,
  type Simulator,
} from '../../../src/simulator/index.js';
import { LIVE_CENTS_PER_LEG } from '../../../src/simulator/liveTraffic.js';

const NOW = Date.UTC(2026, 10, 27, 12);

void describe('simulator control: POST /__sim/live', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  const legsOn = async (instanceId: string, dateId: string): Promise<number> =>
    (await client.getMonthView(instanceId, dateId.slice(0, 6))).view.days.find((d) => d.dateId === dateId)!.callLegs;
  const balanceCents = async (): Promise<number> => Math.round(Number((await client.getBalance(DEMO_ACCOUNT)).balance!.amount) * 100);
  const live = (body: string): Promise<Response> =>
    fetch(`${sim.url}/__sim/live`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CONTROL_TOKEN_HEADER]: sim.controlToken },
      body,
    });

  beforeEach(async () => {
    sim = await start({ now: () => NOW });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => NOW });
  });
  afterEach(async () => {
    await client.close();
    await sim.close();
  });

  void it('adds the calls today on every instance and charges each to the first account', async () => {
    const r = await live('{"legs": 7}');
    assert.equal(r.status, 200);
    for (const id of DEMO_INSTANCES.slice(0, 3)) assert.equal(await legsOn(id, '20261127'), dayStats(id, '20261127').call_legs + 7, id);
    assert.equal(await legsOn(DEMO_INSTANCES[0]!, '20261126'), dayStats(DEMO_INSTANCES[0]!, '20261126').call_legs, 'yesterday unchanged');
    assert.equal(DEMO_STARTING_BALANCE_CENTS - (await balanceCents()), 7 * DEMO_INSTANCES.length * LIVE_CENTS_PER_LEG);
  });

  void it('refuses a body that is not a whole number of calls, and changes nothing', async () => {
    for (const body of ['{"legs": 0}', '{"legs": 2.5}', '{"legs": "3"}', '{}', 'legs=3', '{"legs": 100001}']) {
      assert.equal((await live(body)).status, 400, body);
    }
    assert.equal(await legsOn(DEMO_INSTANCES[0]!, '20261127'), dayStats(DEMO_INSTANCES[0]!, '20261127').call_legs);
    assert.equal(await balanceCents(), DEMO_STARTING_BALANCE_CENTS);
  });

  void it('wants the control token', async () => {
    const r = await fetch(`${sim.url}/__sim/live`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"legs": 1}',
    });
    assert.notEqual(r.status, 200);
    assert.equal(await balanceCents(), DEMO_STARTING_BALANCE_CENTS);
  });
});
