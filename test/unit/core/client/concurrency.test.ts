// The profile's request scheduler seen from the server: how many requests the simulator answers at once
// (its own in-flight count, not timing) for a 12-month trend, under 429/503, with Retry-After, with
// priorities, and an SMS while reads are stuck. Real HTTP on loopback, latency injected by the simulator.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type ClientOptions, type VoiceSmsClient } from '../../../../src/core/client.js';
import { RequestScheduler } from '../../../../src/core/http/scheduler.js';
import { addMonths as shiftMonth, monthIdOf } from '../../../../src/core/model/month.js';
import { loadTrend, trendMonthIds } from '../../../../src/tools/months/trendLoader.js';
import { start, type Simulator } from '../../../../src/simulator/server.js';
import { recordingLogger } from './fixtures.js';

const INSTANCE = 'VI-DEMO-01';
const LATENCY_MS = 50;

void describe('request scheduler against the simulator', () => {
  let sim: Simulator;
  const clients: VoiceSmsClient[] = [];

  // A simulator per test: a read another test left stalled would count in this one's peak, and its faults apply.
  beforeEach(async () => {
    sim = await start({ latencyMs: LATENCY_MS });
  });
  afterEach(async () => {
    await sim.close();
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  function client(o: Partial<ClientOptions> = {}): VoiceSmsClient {
    const c = createClient({ baseUrl: sim.url, credentials: sim.credentials, retry: { baseDelayMs: 10 }, ...o });
    clients.push(c);
    return c;
  }

  /** Runs `work` and returns the most requests the simulator had in flight meanwhile. */
  async function peakDuring(work: () => Promise<unknown>): Promise<number> {
    sim.resetPeakInFlight();
    await work();
    return sim.peakInFlight;
  }

  const current = monthIdOf(new Date());
  const months12 = trendMonthIds(current, 12);

  void it('a 12-month trend needs at most two waves by default (six at once)', async () => {
    const c = client();
    const source = { load: (i: string, m: string, s: AbortSignal) => c.getMonthView(i, m, s) };
    let slots: Awaited<ReturnType<typeof loadTrend>> = [];
    const peak = await peakDuring(async () => {
      slots = await loadTrend(source, INSTANCE, months12, new AbortController().signal);
    });
    assert.deepEqual(
      slots.map((s) => [s.monthId, s.result !== undefined]),
      months12.map((m) => [m, true]),
    );
    assert.equal(peak, 6, 'six in flight at once');
    assert.ok(Math.ceil(12 / peak) <= 2, `${Math.ceil(12 / peak)} waves`);
  });

  void it('maxConcurrentRequests bounds what the server sees', async () => {
    const c = client({ maxConcurrentRequests: 2 });
    const peak = await peakDuring(() => Promise.all(months12.map((m) => c.getMonthView(INSTANCE, m))));
    assert.equal(peak, 2);
  });

  void it('a 503 halves the limit for the following requests, and successes raise it again slowly', async () => {
    const scheduler = new RequestScheduler({ maxConcurrent: 6, recoverAfter: 12 });
    const c = client({ scheduler });
    sim.addFault({ kind: 'status', status: 503, times: 1, match: { operation: 'calls' } });
    await c.getMonthView(INSTANCE, current); // 503, then retried: the retry succeeds
    assert.equal(scheduler.limit, 3);
    const peak = await peakDuring(() => Promise.all(months12.slice(1).map((m) => c.getMonthView(INSTANCE, m))));
    assert.equal(peak, 3, 'three at once after the 503');
    assert.equal(scheduler.limit, 4, 'twelve successes: one slot more');
    const later = await peakDuring(() => Promise.all(months12.map((m) => c.getMonthView(INSTANCE, m))));
    assert.equal(later, 4);
  });

  void it('a 429 with Retry-After holds back the whole profile until it has passed', async () => {
    const log = recordingLogger();
    const c = client({ logger: log });
    sim.addFault({ kind: 'status', status: 429, retryAfter: '1', times: 1, match: { operation: 'calls', id: INSTANCE } });
    const t0 = Date.now();
    const first = c.getMonthView(INSTANCE, current);
    // The 429 has reached the client (it says it will retry), however long that took on a busy machine.
    while (!log.lines.some((l) => /retrying in/.test(l))) await new Promise((r) => setTimeout(r, 5));
    const other = c.getMonthView('VI-DEMO-02', current);
    await Promise.all([first, other]);
    const times = sim.requests.map((r) => r.time - t0);
    assert.equal(times.length, 3, 'the 429, its retry and the other request');
    assert.ok(times[1]! >= 950 && times[2]! >= 950, `after the 429 nothing was sent for a second: ${times.join(', ')}`);
  });

  void it('the current month and what a view asks for with high priority go first', async () => {
    const c = client({ maxConcurrentRequests: 1 });
    const older = [1, 2, 3].map((n) => shiftMonth(current, -n));
    const blocker = c.getMonthView(INSTANCE, shiftMonth(current, -6));
    await new Promise((r) => setTimeout(r, 5));
    await Promise.all([
      ...older.map((m) => c.getMonthView(INSTANCE, m, undefined, { priority: 'low' })),
      c.getMonthView(INSTANCE, shiftMonth(current, -5)),
      c.getMonthView(INSTANCE, current),
      blocker,
    ]);
    const order = sim.requests.map((r) => r.path.split('/').pop());
    assert.deepEqual(order, [shiftMonth(current, -6), current, shiftMonth(current, -5), ...older]);
  });

  void it('an SMS is never queued behind stalled reads', async () => {
    const c = client({ maxConcurrentRequests: 1 });
    // Reads stuck far longer than any machine takes to send an SMS: the order of events is the measure, not a clock.
    sim.addFault({ kind: 'latency', latencyMs: 20_000, match: { operation: 'calls' } });
    const ac = new AbortController();
    let readsSettled = 0;
    const reads = months12.map((m) =>
      c.getMonthView(INSTANCE, m, ac.signal).then(
        () => readsSettled++,
        () => readsSettled++,
      ),
    );
    const sent = await c.sendSms({ from: 'VSTK-TEST', to: '+4915123456789', body: 'not queued' });
    assert.ok(sent.messageId);
    assert.equal(readsSettled, 0, 'the SMS went out while every read was still stuck');
    ac.abort();
    await Promise.all(reads);
  });

  void it('a read cancelled while queued never reaches the server', async () => {
    const c = client({ maxConcurrentRequests: 1 });
    const ac = new AbortController();
    const first = c.getMonthView(INSTANCE, current);
    const queued = c.getMonthView(INSTANCE, shiftMonth(current, -1), ac.signal);
    ac.abort();
    await assert.rejects(queued);
    await first;
    assert.deepEqual(
      sim.requests.map((r) => r.path.split('/').pop()),
      [current],
    );
  });
});
