// The watch engine against the simulator through the real client and month cache, its time moved by hand: one
// request per instance per interval, none while unfocused, at once on focus when the last read is old, a failure
// backing off for at least the service's Retry-After, and a user's load of the same month not cancelled.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type VoiceSmsClient } from '../../../../src/core/client.js';
import { RequestScheduler } from '../../../../src/core/http/scheduler.js';
import { MonthCache } from '../../../../src/host/months/monthCache.js';
import { ManualClock } from '../../../../src/host/watch/clock.js';
import { WatchEngine } from '../../../../src/host/watch/engine.js';
import { DEMO_INSTANCES, monthViewData, start, type Simulator } from '../../../../src/simulator/index.js';

const IDS = DEMO_INSTANCES.slice(0, 3);
const INTERVAL = 10_000;

void describe('WatchEngine', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  let clock: ManualClock;
  const engines: WatchEngine[] = [];
  const caches: MonthCache[] = [];
  const lines: string[] = [];

  // A simulator and a client per test: a read one test dropped (after a 429) is not still counted in the next, and
  // the client's paused profile does not hold the next test's reads back.
  // The client's pause after a Retry-After runs on the same hand-moved clock as the watch, so holding back 40 s
  // costs the test no real time.
  beforeEach(async () => {
    sim = await start();
    clock = new ManualClock(Date.now());
    const scheduler = new RequestScheduler({ maxConcurrent: 6, now: () => clock.now() });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, retry: { baseDelayMs: 5 }, scheduler });
  });
  afterEach(async () => {
    for (const e of engines.splice(0)) e.stop();
    for (const c of caches.splice(0)) c.dispose();
    await sim.close();
    await client.close();
    lines.length = 0;
  });

  function engine(o: { focused?: () => boolean; readBalance?: () => Promise<unknown> } = {}) {
    const months = new MonthCache({ load: (i, m, signal, priority) => client.getMonthView(i, m, signal, priority ? { priority } : {}) });
    caches.push(months);
    const e = new WatchEngine(
      {
        months,
        clock: () => clock,
        focused: o.focused ?? (() => true),
        intervalMs: () => INTERVAL,
        balanceIntervalMs: () => 60_000,
        readBalance: o.readBalance ?? (() => Promise.resolve()),
        log: { info: (m) => lines.push(m), warn: (m) => lines.push(m) },
      },
      IDS,
    );
    engines.push(e);
    /** Moves the clock, letting each read that falls due run to its end. */
    const advance = (ms: number): Promise<void> => clock.advanceSettling(ms, () => e.settled());
    return { e, clock, months, advance };
  }

  const monthReads = (): number => sim.requests.filter((r) => r.path.includes('/calls/')).length;

  void it('reads each instance once per interval, today as the simulator has it', async () => {
    const { e, advance } = engine();
    e.start();
    await advance(0);
    assert.equal(monthReads(), 3);
    await advance(INTERVAL - 1);
    assert.equal(monthReads(), 3, 'nothing before the interval is up');
    await advance(1);
    assert.equal(monthReads(), 6);
    await advance(INTERVAL * 3);
    assert.equal(monthReads(), 15);
    assert.equal(e.snapshot.readsStarted, 5);
    // Today's legs as the simulator serves them (derived from its data, not from the engine).
    const data = monthViewData(IDS[0]!, sim.requests[0]!.path.split('/').pop()!, Date.now());
    const today = data.days.find((d) => d.dateId === data.currentDateID)!;
    assert.equal(e.snapshot.readings[0]?.legs, today.call_legs);
  });

  void it('reads nothing while unfocused; on focus, at once when the last read is older than the interval', async () => {
    let focused = true;
    const { e, advance } = engine({ focused: () => focused });
    e.start();
    await advance(0);
    focused = false;
    e.reschedule();
    await advance(INTERVAL * 5);
    assert.equal(monthReads(), 3, 'no request while unfocused');
    focused = true;
    e.reschedule();
    await advance(0);
    assert.equal(monthReads(), 6, 'read at once on focus');
    // Focus lost and regained within the interval: no extra read.
    focused = false;
    e.reschedule();
    await advance(INTERVAL / 2);
    focused = true;
    e.reschedule();
    await advance(0);
    assert.equal(monthReads(), 6);
    await advance(INTERVAL / 2);
    assert.equal(monthReads(), 9);
  });

  void it("holds back for the service's Retry-After, then reads again; backs off (doubling) on errors", async () => {
    const { e, advance } = engine();
    sim.addFault({ kind: 'status', status: 429, retryAfter: '40', match: { id: IDS[1]! }, times: 1 });
    e.start();
    await advance(0);
    assert.equal(e.snapshot.failures, 1);
    const held = e.snapshot.heldUntil! - e.snapshot.lastAttemptAt!;
    assert.equal(held, 40_000, 'the Retry-After (40 s) beats the first backoff (2 × 10 s)');
    assert.match(e.snapshot.problem ?? '', /429/);
    await advance(39_999);
    assert.equal(e.snapshot.readsStarted, 1, 'no read while the Retry-After holds');
    assert.equal(monthReads(), 3);
    await advance(1);
    assert.equal(e.snapshot.readsStarted, 2);
    assert.equal(monthReads(), 6, 'the client, paused on the same clock, lets the next round through');
  });

  void it('doubles the wait after each failed read and says it once, then recovers', async () => {
    const { e, advance } = engine();
    sim.addFault({ kind: 'status', status: 500, match: { id: IDS[0]! }, times: 2 });
    e.start();
    await advance(0);
    assert.equal(e.snapshot.heldUntil! - e.snapshot.lastAttemptAt!, 20_000);
    await advance(20_000);
    assert.equal(e.snapshot.failures, 2);
    assert.equal(e.snapshot.heldUntil! - e.snapshot.lastAttemptAt!, 40_000);
    await advance(39_999);
    assert.equal(e.snapshot.readsStarted, 2);
    await advance(1);
    assert.equal(e.snapshot.failures, 0);
    assert.equal(e.snapshot.problem, undefined);
    assert.equal(lines.filter((l) => l.includes('failed')).length, 2, 'one log line per failed read, no more');
  });

  void it('waits for a load the user started instead of cancelling it, and reads at low priority otherwise', async () => {
    const { e, advance, months } = engine();
    const opened = months.ensure(IDS[0]!, months.currentMonth());
    e.start();
    await advance(0);
    const state = await opened;
    assert.equal(state.status, 'loaded', 'the user’s load was not aborted');
    assert.equal(monthReads(), 3, 'one request for that month, shared');
  });

  void it('reads the balance on start and every balance interval while focused', async () => {
    let balanceReads = 0;
    const { e, advance } = engine({
      readBalance: () => {
        balanceReads++;
        return Promise.resolve();
      },
    });
    e.start();
    await advance(0);
    assert.equal(balanceReads, 1);
    await advance(59_999);
    assert.equal(balanceReads, 1);
    await advance(1);
    assert.equal(balanceReads, 2);
    e.stop();
    await advance(120_000);
    assert.equal(balanceReads, 2, 'nothing after stop');
    assert.equal(monthReads(), 3 * 7);
  });
});
