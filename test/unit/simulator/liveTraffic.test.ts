// The demo's live traffic: while on, today's row of every instance grows at its own pace and each new leg is
// charged to the first account; off, the legs added stay and nothing more is charged. Over real HTTP.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type VoiceSmsClient } from '../../../src/core/client.js';
import {
  DEMO_ACCOUNT,
  DEMO_INSTANCES,
  DEMO_STARTING_BALANCE_CENTS,
  dayStats,
  start,
  type Simulator,
} from '../../../src/simulator/index.js';
import { LIVE_CENTS_PER_LEG, livePeriodMs } from '../../../src/simulator/liveTraffic.js';

const VI = DEMO_INSTANCES[0]!;

void describe('simulator live traffic (the demo watch)', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  const START = Date.UTC(2026, 10, 27, 12);
  let now = START;
  const monthId = '202611';
  const todayLegs = async (): Promise<number> => {
    const { view } = await client.getMonthView(VI, monthId);
    return view.days.find((d) => d.dateId === view.currentDateId)!.callLegs;
  };
  const balanceCents = async (): Promise<number> => Math.round(Number((await client.getBalance(DEMO_ACCOUNT)).balance!.amount) * 100);

  // A simulator and a clock per test: the traffic and the charges one test switched on are not in the next.
  beforeEach(async () => {
    now = START;
    sim = await start({ now: () => now });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => now });
  });
  afterEach(async () => {
    await sim.close();
    await client.close();
  });

  void it('is off by default: today as traffic.ts has it, the starting balance', async () => {
    assert.equal(await todayLegs(), dayStats(VI, '20261127').call_legs);
    assert.equal(await balanceCents(), DEMO_STARTING_BALANCE_CENTS);
  });

  void it('grows today and charges the account while on; keeps what was added when off', async () => {
    const base = dayStats(VI, '20261127').call_legs;
    sim.liveTraffic(true);
    now += 60_000;
    const added = Math.floor(60_000 / livePeriodMs(VI));
    assert.ok(added >= 5, `${added} legs a minute`);
    assert.equal(await todayLegs(), base + added);
    const charged = DEMO_STARTING_BALANCE_CENTS - (await balanceCents());
    const allLegs = DEMO_INSTANCES.reduce((n, id) => n + Math.floor(60_000 / livePeriodMs(id)), 0);
    assert.equal(charged, allLegs * LIVE_CENTS_PER_LEG);
    sim.liveTraffic(false);
    now += 60_000;
    assert.equal(await todayLegs(), base + added, 'nothing more once off, nothing taken back');
    assert.equal(DEMO_STARTING_BALANCE_CENTS - (await balanceCents()), charged);
  });

  void it('brings the demo balance below the default threshold (5) within about two minutes', async () => {
    sim.liveTraffic(true);
    now += 120_000;
    assert.ok((await balanceCents()) <= 500, `${await balanceCents()} cents after two minutes on`);
    sim.liveTraffic(false);
  });
});
