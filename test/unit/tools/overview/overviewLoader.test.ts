// The account overview's loader against the simulator over real loopback HTTP: two requests per instance,
// progressive rows, figures equal to the month views', a failed row and its retry, cancel stopping the
// queue, and a month view asked meanwhile going before the overview's queued requests.
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type ClientOptions, type VoiceSmsClient } from '../../../../src/core/client.js';
import { nullLogger } from '../../../../src/core/log.js';
import { addMonths, monthIdOf } from '../../../../src/core/model/month.js';
import { figuresOf } from '../../../../src/shared/overview/overview.js';
import { demoInstanceIds } from '../../../../src/simulator/defaults.js';
import { start, type Simulator } from '../../../../src/simulator/server.js';
import { loadOverview, loadOverviewRow, type OverviewMonthSource } from '../../../../src/tools/overview/overviewLoader.js';

const COUNT = 30;
const IDS = demoInstanceIds(COUNT);
const MONTH = addMonths(monthIdOf(new Date()), -2);
const PREVIOUS = addMonths(MONTH, -1);

void describe('account overview loader', () => {
  let sim: Simulator;
  const clients: VoiceSmsClient[] = [];

  // A simulator per test: requests a cancelled overview left on their way, and faults, stay with their test.
  beforeEach(async () => {
    sim = await start({ instanceCount: COUNT, latencyMs: 20 });
  });
  afterEach(async () => {
    await sim.close();
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  function client(o: Partial<ClientOptions> = {}): VoiceSmsClient {
    const c = createClient({ baseUrl: sim.url, credentials: sim.credentials, retry: { attempts: 1, baseDelayMs: 10 }, ...o });
    clients.push(c);
    return c;
  }
  const sourceOf = (c: VoiceSmsClient): OverviewMonthSource => ({ load: (i, m, s, priority) => c.getMonthView(i, m, s, { priority }) });

  void it('asks two months per instance, reports each row as it settles, and sums the totals', async () => {
    const c = client();
    const seen: number[] = [];
    const result = await loadOverview(sourceOf(c), IDS, MONTH, { signal: new AbortController().signal, onRow: (_, i) => seen.push(i) });
    assert.equal(sim.requests.length, 2 * COUNT, 'two requests per instance, no more');
    assert.deepEqual(new Set(sim.requests.map((r) => r.path.split('/').pop())), new Set([MONTH, PREVIOUS]));
    assert.equal(seen.length, COUNT, 'one callback per row');
    assert.equal(result.cancelled, false);
    assert.equal(result.totals.instances, COUNT);
    // Each row's figures are the month view's own, and the change is against the previous month's call legs.
    for (const id of IDS.slice(0, 3)) {
      const row = result.rows.find((r) => r.instanceId === id)!;
      const [month, prev] = [await c.getMonthView(id, MONTH), await c.getMonthView(id, PREVIOUS)];
      assert.deepEqual(row.figures, figuresOf(month.view));
      assert.equal(row.previousCallLegs, prev.view.totals.callLegs);
      assert.equal(
        row.changePct,
        Math.round(((month.view.totals.callLegs - prev.view.totals.callLegs) / prev.view.totals.callLegs) * 1000) / 10,
      );
      // Without months in hand the trend has only the two it loaded.
      assert.deepEqual(row.trend.slice(0, 10), new Array(10).fill(null));
      assert.deepEqual(row.trend.slice(10), [prev.view.totals.callLegs, month.view.totals.callLegs]);
    }
    assert.equal(
      result.totals.callLegs,
      result.rows.reduce((n, r) => n + (r.figures?.callLegs ?? 0), 0),
    );
  });

  void it('a failed instance becomes a failed row with the reason; retrying it loads it', async () => {
    const c = client();
    const bad = IDS[4]!;
    sim.addFault({
      kind: 'envelopeError',
      serviceCode: '4711',
      serviceMessage: 'instance suspended',
      match: { operation: 'calls', id: bad },
    });
    const result = await loadOverview(sourceOf(c), IDS.slice(0, 6), MONTH, { signal: new AbortController().signal });
    const row = result.rows[4]!;
    assert.equal(row.status, 'failed');
    assert.match(row.error ?? '', /instance suspended/);
    assert.equal(result.totals.failed, 1);
    assert.equal(result.totals.instances, 5);
    sim.clearFaults();
    const retried = await loadOverviewRow(sourceOf(c), bad, MONTH, new AbortController().signal);
    assert.equal(retried.status, 'ok');
    assert.ok(retried.figures);
  });

  void it('cancel leaves the rest pending and sends nothing more', async () => {
    // What the client puts on the wire, told apart by when: the client logs each attempt just before sending it,
    // so counting those lines needs no wait (the simulator's log may still be receiving what left before Cancel).
    const ac = new AbortController();
    const sentBy = { beforeCancel: 0, afterCancel: 0 };
    const logger = {
      ...nullLogger,
      debug: (m: string) => {
        if (/ attempt \d+$/.test(m)) sentBy[ac.signal.aborted ? 'afterCancel' : 'beforeCancel']++;
      },
    };
    const c = client({ maxConcurrentRequests: 2, logger });
    let rows = 0;
    const result = await loadOverview(sourceOf(c), IDS, MONTH, {
      signal: ac.signal,
      onRow: () => {
        if (++rows === 3) ac.abort();
      },
    });
    // A loader that lets its queue run on after Cancel sends the other 50-odd requests: it fails here.
    assert.equal(sentBy.afterCancel, 0, 'no request sent after the cancel');
    assert.ok(sentBy.beforeCancel < 2 * COUNT, `${sentBy.beforeCancel} requests of ${2 * COUNT}`);
    assert.ok(sim.requests.length <= sentBy.beforeCancel, 'the service saw nothing the client did not send before Cancel');
    assert.equal(result.cancelled, true);
    assert.ok(result.totals.pending > 0);
    assert.ok(result.rows.filter((r) => r.status === 'ok').length >= 3);
  });

  void it('a month view asked while the overview loads is served before its queued requests', async () => {
    const c = client({ maxConcurrentRequests: 2 });
    const loading = loadOverview(sourceOf(c), IDS, MONTH, { signal: new AbortController().signal });
    await new Promise((r) => setTimeout(r, 30));
    const before = sim.requests.length;
    const other = addMonths(MONTH, -6);
    await c.getMonthView(IDS[0]!, other); // a past month: the client's 'normal' priority, above the overview's 'low'
    await loading;
    const at = sim.requests.findIndex((r) => r.path.endsWith(`/${other}`));
    // At most the two requests in flight when it was asked (the limit) went before it.
    assert.ok(at <= before + 2, `the month view was request ${at}, asked after ${before}`);
    assert.ok(at < 2 * COUNT - 10, 'not behind the overview');
  });
});
