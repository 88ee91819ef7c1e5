// The Voice Instances tree model against the simulator through the real client: lazy loads with at
// most 3 in flight, past months cached, the current month reloaded when stale or refreshed, errors kept
// as states, and the cache dropped on a profile change.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type VoiceSmsClient } from '../../../../src/core/client.js';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { addMonths, monthIdOf } from '../../../../src/core/model/month.js';
import { MonthCache, type LoadMonth, type MonthKey, type MonthState } from '../../../../src/host/months/monthCache.js';
import { DEMO_INSTANCES, monthViewData, start, type Simulator } from '../../../../src/simulator/index.js';

const VI = DEMO_INSTANCES[0]!;

function expectedLegs(instanceId: string, monthId: string): { legs: number; minutes: number } {
  const data = monthViewData(instanceId, monthId, Date.now());
  const counted = data.days.filter((d) => d.dateId <= data.currentDateID);
  return { legs: counted.reduce((s, d) => s + d.call_legs, 0), minutes: counted.reduce((s, d) => s + d.duration_min, 0) };
}

function callsPaths(sim: Simulator): string[] {
  return sim.requests.filter((r) => r.path.includes('/calls/')).map((r) => r.path);
}

void describe('MonthCache', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  let offsetMs = 0;
  const clock = (): number => Date.now() + offsetMs;
  const models: MonthCache[] = [];

  // A simulator and a client per test: a load one test cancelled can still be on its way to the simulator, and
  // met the one-time fault the next test planted (which then read 'loaded' where it wanted 'error').
  beforeEach(async () => {
    sim = await start({ latencyMs: 20 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, retry: { baseDelayMs: 5 } });
  });
  afterEach(async () => {
    for (const m of models.splice(0)) m.dispose();
    await sim.close();
    await client.close();
    offsetMs = 0;
  });

  function model(wrap?: (load: LoadMonth) => LoadMonth, maxExtraMonths?: number): MonthCache {
    const load: LoadMonth = (i, m, signal) => client.getMonthView(i, m, signal);
    const created = new MonthCache({
      load: wrap ? wrap(load) : load,
      now: clock,
      ...(maxExtraMonths !== undefined ? { maxExtraMonths } : {}),
    });
    created.setProfile('p1');
    models.push(created);
    return created;
  }

  function settled(m: MonthCache, instanceId: string, months: string[]): Promise<MonthState[]> {
    return Promise.all(months.map((id) => m.ensure(instanceId, id)));
  }

  void it("bounds the months kept for panels, trends and exports (LRU); the tree's months never reload", async () => {
    const m = model(undefined, 4);
    const tree = m.months(3);
    m.request(VI, tree);
    await settled(m, VI, tree);
    // Browse 20 older months (panels with ‹ ›, a trend, exports): only the 4 most recently used stay.
    const browsed = Array.from({ length: 20 }, (_, i) => addMonths(tree[2]!, -1 - i));
    for (const id of browsed) await m.ensure(VI, id);
    assert.equal(m.size, 3 + 4, "the tree's 3 months plus the bound");
    await m.ensure(VI, browsed[16]!); // used again: now the most recent
    await m.ensure(VI, addMonths(tree[2]!, -30)); // one more: evicts the least recently used
    assert.equal(m.size, 3 + 4);
    sim.requests.length = 0;
    await settled(m, VI, tree.slice(1)); // the tree's past months: still cached
    await m.ensure(VI, browsed[16]!); // kept by its recent use
    await m.ensure(VI, browsed[19]!); // the newest browse: kept
    assert.deepEqual(callsPaths(sim), [], 'nothing the tree shows, nor a recent month, reloads');
    await m.ensure(VI, browsed[0]!); // the oldest use: dropped, so it loads again
    assert.equal(callsPaths(sim).length, 1);
    for (const id of tree) assert.equal(m.state(VI, id).status, 'loaded');
  });

  void it('lists the last N months from the current UTC month, newest first', () => {
    const m = model();
    const current = monthIdOf(new Date());
    assert.deepEqual(m.months(3), [current, addMonths(current, -1), addMonths(current, -2)]);
  });

  void it('loads 12 months with at most 3 requests in flight, totals as the simulator computes them', async () => {
    let inFlight = 0;
    let peak = 0;
    const m = model((load) => async (i, id, signal) => {
      peak = Math.max(peak, ++inFlight);
      try {
        return await load(i, id, signal);
      } finally {
        inFlight--;
      }
    });
    const events: (MonthKey | undefined)[] = [];
    m.onDidChange((e) => events.push(e));
    const months = m.months(12);
    m.request(VI, months);
    assert.ok(
      months.every((id) => m.state(VI, id).status === 'loading'),
      'every month shows as loading at once',
    );
    const states = await settled(m, VI, months);
    assert.equal(peak, 3);
    assert.equal(callsPaths(sim).length, 12);
    states.forEach((s, i) => {
      assert.equal(s.status, 'loaded', months[i]);
      if (s.status !== 'loaded') return;
      const want = expectedLegs(VI, months[i]!);
      assert.equal(s.view.totals.callLegs, want.legs, `legs of ${months[i]}`);
      assert.equal(s.view.totals.durationMin, want.minutes, `minutes of ${months[i]}`);
    });
    // One "loading" and one "loaded" event per month.
    assert.equal(events.filter((e) => e?.monthId === months[5]).length, 2);
  });

  void it('serves past months from the cache and reloads the current month only after 5 minutes', async () => {
    const m = model();
    const [current, past] = m.months(2) as [string, string];
    await settled(m, VI, [current, past]);
    await settled(m, VI, [current, past]);
    assert.equal(callsPaths(sim).length, 2, 'the second ask is answered from the cache');

    offsetMs = 4 * 60_000;
    await settled(m, VI, [current, past]);
    assert.equal(callsPaths(sim).length, 2, 'a 4-minute-old current month is still fresh');

    offsetMs = 6 * 60_000;
    const reloading = m.ensure(VI, current);
    const during = m.state(VI, current);
    assert.equal(during.status, 'loading');
    assert.ok(during.status === 'loading' && during.previous, 'the old numbers stay visible while reloading');
    await reloading;
    await m.ensure(VI, past);
    assert.deepEqual(
      callsPaths(sim).map((p) => p.slice(-6)),
      [current, past, current],
      'past month never reloaded',
    );
  });

  void it('refresh (invalidate) reloads the current month and failed months, not past ones', async () => {
    const m = model();
    const [current, past, older] = m.months(3) as [string, string, string];
    sim.addFault({ kind: 'status', status: 404, match: { operation: 'calls' }, times: 1 });
    // The fault hits whichever request arrives first; load that one alone.
    const failed = await m.ensure(VI, older);
    assert.equal(failed.status, 'error');
    assert.ok(failed.status === 'error' && isVoiceSmsError(failed.error));
    await settled(m, VI, [current, past]);
    assert.equal((await m.ensure(VI, older)).status, 'error', 'an error is kept, not retried on every ask');
    sim.requests.length = 0;

    m.invalidate();
    assert.equal(m.state(VI, current).status, 'idle');
    assert.equal(m.state(VI, past).status, 'loaded');
    const after = await settled(m, VI, [current, past, older]);
    assert.deepEqual(
      after.map((s) => s.status),
      ['loaded', 'loaded', 'loaded'],
    );
    assert.deepEqual(
      callsPaths(sim)
        .map((p) => p.slice(-6))
        .sort(),
      [current, older].sort(),
    );
  });

  void it('reports an unknown instance as an error state with the service message', async () => {
    const m = model();
    const s = await m.ensure('VI-NOPE', m.currentMonth());
    assert.equal(s.status, 'error');
    assert.match(s.status === 'error' ? String((s.error as Error).message) : '', /not found/i);
  });

  void it('drops the cache when the profile changes, and keeps it when the same profile is set again', async () => {
    const m = model();
    const [, past] = m.months(2) as [string, string];
    await m.ensure(VI, past);
    m.setProfile('p1');
    assert.equal(m.state(VI, past).status, 'loaded');
    m.setProfile('p2');
    assert.equal(m.state(VI, past).status, 'idle');
    await m.ensure(VI, past);
    assert.equal(callsPaths(sim).length, 2);
  });

  void it('cancels queued and running loads of a collapsed instance without turning them into errors', async () => {
    sim.addFault({ kind: 'latency', latencyMs: 2_000, match: { operation: 'calls' } });
    const m = model();
    const months = m.months(6);
    m.request(VI, months);
    const pending = settled(m, VI, months);
    await new Promise((r) => setTimeout(r, 50));
    const startedAt = Date.now();
    m.cancel(VI);
    const states = await pending;
    assert.ok(Date.now() - startedAt < 1_000, 'cancel does not wait for the slow answers');
    assert.deepEqual(
      states.map((s) => s.status),
      months.map(() => 'idle'),
    );
    assert.ok(months.every((id) => m.state(VI, id).status === 'idle'));
    assert.ok(callsPaths(sim).length <= 3, 'queued months never reached the service');
  });

  void it('reload retries one month whatever its state', async () => {
    const m = model();
    const month = m.currentMonth();
    sim.addFault({ kind: 'status', status: 404, match: { operation: 'calls' }, times: 1 });
    assert.equal((await m.ensure(VI, month)).status, 'error');
    assert.equal((await m.reload(VI, month)).status, 'loaded');
  });
});
