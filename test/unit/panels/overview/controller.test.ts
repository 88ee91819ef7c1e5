// The overview panel's host side over the simulator: the page gets the whole table, then each row as it settles,
// then "done"; a page that says `ready` again (a reload) gets the table as it is now in one message; Cancel stops
// the queue; a failed row's retry goes pending, then loaded; a row's click opens that instance's month; the 12-month
// cells of the rows the page has on screen fill with the months not in hand, at low priority, behind every row's own
// months, and only for those rows.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createClient, type VoiceSmsClient } from '../../../../src/core/client.js';
import { nullLogger } from '../../../../src/core/log.js';
import { addMonths, monthIdOf } from '../../../../src/core/model/month.js';
import { OverviewController } from '../../../../src/panels/overview/controller.js';
import { overviewTrendMonths } from '../../../../src/shared/overview/overview.js';
import type { OverviewToWebview } from '../../../../src/panels/overview/protocol.js';
import { demoInstanceIds } from '../../../../src/simulator/defaults.js';
import { start, type Simulator } from '../../../../src/simulator/index.js';

const IDS = demoInstanceIds(12);
const MONTH = addMonths(monthIdOf(new Date()), -1);

void describe('account overview controller', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  /** The client logs each attempt just before it sends it: counted once Cancel has been handled. */
  const sent = { counting: false, afterCancel: 0 };

  // A simulator and a client per test: requests a cancelled overview left on their way, a fault, and the client's
  // queue stay with the test that made them.
  beforeEach(async () => {
    sim = await start({ instanceCount: IDS.length, latencyMs: 10 });
    client = createClient({
      baseUrl: sim.url,
      credentials: sim.credentials,
      maxConcurrentRequests: 2,
      retry: { attempts: 1, baseDelayMs: 10 },
      logger: { ...nullLogger, debug: (m) => void (sent.counting && / attempt \d+$/.test(m) && sent.afterCancel++) },
    });
  });
  afterEach(async () => {
    await sim.close();
    await client.close();
  });

  function panel(hooks: Partial<ConstructorParameters<typeof OverviewController>[3]> = {}) {
    const posted: OverviewToWebview[] = [];
    const opened: string[] = [];
    const c = new OverviewController(
      { monthId: MONTH },
      { load: (i, m, s, priority) => client.getMonthView(i, m, s, { priority }) },
      (m) => {
        posted.push(m);
        return true;
      },
      { instances: () => Promise.resolve(IDS), onOpenMonth: (i, m) => opened.push(`${i}/${m}`), ...hooks },
    );
    return { c, posted, opened };
  }

  void it('posts the table, each row as it settles, then done; a reloaded page gets the table whole', async () => {
    const { c, posted } = panel();
    await c.handle({ type: 'ready' });
    await c.load();
    assert.equal(posted[0]?.type, 'overview');
    assert.equal(posted.filter((m) => m.type === 'overviewRow').length, IDS.length);
    assert.deepEqual(posted.at(-1), { type: 'overviewDone', monthId: MONTH, cancelled: false });
    assert.equal(sim.requests.length, 2 * IDS.length);
    posted.length = 0;
    c.webviewHidden();
    await c.handle({ type: 'ready' });
    assert.equal(posted.length, 1);
    const whole = posted[0];
    assert.ok(whole.type === 'overview' && !whole.loading && whole.rows.every((r) => r.status === 'ok'));
    c.dispose();
  });

  void it('Cancel stops the queue and keeps what loaded', async () => {
    const { c, posted } = panel();
    await c.handle({ type: 'ready' });
    const loading = c.load();
    while (!posted.some((m) => m.type === 'overviewRow')) await new Promise((r) => setTimeout(r, 5));
    // What the client sends after Cancel is counted as it happens (no sleep, no race with the simulator's log, which
    // may still be reading what left before). A controller that lets its queue run on sends the rest: it fails here.
    await c.handle({ type: 'cancel' });
    sent.counting = true;
    await loading;
    sent.counting = false;
    assert.equal(sent.afterCancel, 0, 'nothing sent after Cancel');
    assert.ok(sim.requests.length < 2 * IDS.length, `${sim.requests.length} of ${2 * IDS.length} requests`);
    assert.deepEqual(posted.at(-1), { type: 'overviewDone', monthId: MONTH, cancelled: true });
    assert.ok(c.table.some((r) => r.status === 'pending'));
    c.dispose();
  });

  void it('a failed row says why; its retry goes pending, then loads; a loaded row opens its month', async () => {
    const bad = IDS[3]!;
    sim.addFault({ kind: 'envelopeError', serviceMessage: 'instance suspended', match: { operation: 'calls', id: bad } });
    const { c, posted, opened } = panel();
    await c.handle({ type: 'ready' });
    await c.load();
    assert.equal(c.table[3]?.status, 'failed');
    assert.match(c.table[3]?.error ?? '', /instance suspended/);
    sim.clearFaults();
    posted.length = 0;
    await c.handle({ type: 'retryRow', instanceId: bad });
    assert.deepEqual(
      posted.map((m) => (m.type === 'overviewRow' ? m.row.status : m.type)),
      ['pending', 'ok'],
    );
    assert.equal(c.table[3]?.status, 'ok');
    await c.handle({ type: 'openInstance', instanceId: IDS[0] });
    assert.deepEqual(opened, [`${IDS[0]}/${MONTH}`]);
    c.dispose();
  });

  void it('Export hands over the rows the page shows, in its order, and how many there are in all', async () => {
    const exported: { monthId: string; ids: string[]; total: number }[] = [];
    const { c } = panel({ onExport: (monthId, rows, total) => exported.push({ monthId, ids: rows.map((r) => r.instanceId), total }) });
    await c.handle({ type: 'ready' });
    await c.load();
    const shown = [IDS[3]!, IDS[0]!, 'VI-NOT-IN-PANEL', IDS[7]!];
    await c.handle({ type: 'export', instanceIds: shown });
    await c.handle({ type: 'export' });
    assert.deepEqual(exported, [
      { monthId: MONTH, ids: [IDS[3], IDS[0], IDS[7]], total: IDS.length },
      { monthId: MONTH, ids: IDS, total: IDS.length },
    ]);
    c.dispose();
  });

  void it("fills the 12-month cells of the rows on screen only, at low priority, behind every row's own months", async () => {
    const asked: { instanceId: string; monthId: string; priority: string }[] = [];
    const posted: OverviewToWebview[] = [];
    const c = new OverviewController(
      { monthId: MONTH },
      {
        load: (i, m, s, priority) => {
          asked.push({ instanceId: i, monthId: m, priority });
          return client.getMonthView(i, m, s, { priority });
        },
      },
      (m) => {
        posted.push(m);
        return true;
      },
      { instances: () => Promise.resolve(IDS) },
    );
    const own = new Set([MONTH, addMonths(MONTH, -1)]);
    const trendAsked = () => asked.filter((a) => !own.has(a.monthId));
    const filled = (id: string) => c.table.find((r) => r.instanceId === id)?.trend.filter((v) => v !== null).length ?? 0;
    const until = async (what: string, done: () => boolean): Promise<void> => {
      const deadline = Date.now() + 20_000;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    // A row on screen that fails: nothing to fill until it loads.
    const bad = IDS[7]!;
    sim.addFault({ kind: 'envelopeError', serviceMessage: 'instance suspended', match: { operation: 'calls', id: bad } });
    await c.handle({ type: 'ready' });
    await c.handle({ type: 'visibleRows', instanceIds: [IDS[0]!, IDS[1]!, bad] });
    await c.load();
    await until('the two rows on screen filled', () => filled(IDS[0]!) === 12 && filled(IDS[1]!) === 12);
    // Each of their ten missing months asked once, at the overview's low priority; no other row's.
    const months = overviewTrendMonths(MONTH).filter((m) => !own.has(m));
    for (const id of [IDS[0]!, IDS[1]!]) {
      assert.deepEqual(
        trendAsked()
          .filter((a) => a.instanceId === id)
          .map((a) => a.monthId)
          .sort(),
        months,
      );
    }
    assert.deepEqual(new Set(trendAsked().map((a) => a.instanceId)), new Set([IDS[0], IDS[1]]));
    assert.ok(asked.every((a) => a.priority === 'low'));
    assert.ok(
      IDS.slice(2)
        .filter((id) => id !== bad)
        .every((id) => filled(id) === 2),
      'rows off screen keep their two months',
    );
    // Behind every row's own two months on the wire: the first trend month left after the last of those.
    const paths = sim.requests.map((r) => r.path.split('/').pop()!);
    const lastOwn = paths.reduce((last, m, i) => (own.has(m) ? i : last), -1);
    const firstTrend = paths.findIndex((m) => !own.has(m));
    assert.ok(firstTrend > lastOwn, `trend month sent as request ${firstTrend}, a row's own month as ${lastOwn}`);
    // The page got each filled month as the row's update, and a reloaded page gets the filled table.
    const last = posted.filter((m) => m.type === 'overviewRow' && m.row.instanceId === IDS[0]).at(-1);
    assert.ok(last?.type === 'overviewRow' && last.row.trend.every((v) => v !== null));
    posted.length = 0;
    c.webviewHidden();
    await c.handle({ type: 'ready' });
    const whole = posted[0];
    assert.ok(whole?.type === 'overview' && whole.rows[0]!.trend.every((v) => v !== null));
    // Scrolled: another row on screen fills, and nothing is asked twice.
    await c.handle({ type: 'visibleRows', instanceIds: [IDS[5]!] });
    await until('the row scrolled to', () => filled(IDS[5]!) === 12);
    assert.equal(trendAsked().length, 30);
    // A hidden page has no rows on screen: the failed row, on screen when the page was hidden, then retried and
    // loaded meanwhile, fills nothing.
    assert.equal(c.table[7]?.status, 'failed');
    await c.handle({ type: 'visibleRows', instanceIds: [bad] });
    c.webviewHidden();
    sim.clearFaults();
    await c.retryRow(bad);
    assert.equal(c.table[7]?.status, 'ok');
    // A trend read starts (and is recorded in `asked`) within the call that allows it: nothing to wait for.
    assert.equal(filled(bad), 2);
    assert.ok(!trendAsked().some((a) => a.instanceId === bad));
    c.dispose();
  });

  void it('Cancel stops the trend months too; a month that fails stays a gap and is not asked again', async () => {
    const asked: string[] = [];
    const gap = addMonths(MONTH, -4);
    const warnings: string[] = [];
    const c = new OverviewController(
      { monthId: MONTH },
      {
        load: (i, m, s, priority) => {
          asked.push(`${i}/${m}`);
          // One trend month of IDS[0] fails.
          return i === IDS[0] && m === gap ? Promise.reject(new Error('archived')) : client.getMonthView(i, m, s, { priority });
        },
      },
      () => true,
      { instances: () => Promise.resolve(IDS), onWarn: (w) => warnings.push(w) },
    );
    await c.handle({ type: 'ready' });
    await c.handle({ type: 'visibleRows', instanceIds: [IDS[0]!] });
    await c.load();
    const deadline = Date.now() + 20_000;
    while (c.table[0]!.trend.filter((v) => v !== null).length < 11 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    const trend = c.table[0]!.trend;
    assert.equal(trend.filter((v) => v !== null).length, 11);
    assert.equal(trend[overviewTrendMonths(MONTH).indexOf(gap)], null, 'the failed month is a gap');
    assert.equal(asked.filter((a) => a === `${IDS[0]}/${gap}`).length, 1, 'asked once');
    assert.ok(warnings.some((w) => w.includes(gap)));
    // Cancel: scrolling to other rows asks nothing more.
    await c.handle({ type: 'cancel' });
    const before = asked.length;
    // Reads start within the message's handling (fillTrends is synchronous): none may have been recorded.
    await c.handle({ type: 'visibleRows', instanceIds: [IDS[2]!, IDS[3]!] });
    assert.equal(asked.length, before);
    c.dispose();
  });

  void it('signed out or no instances: one error for the panel, no request', async () => {
    const { c, posted } = panel({ instances: () => Promise.resolve([]) });
    await c.handle({ type: 'ready' });
    await c.load();
    assert.equal(posted.at(-1)?.type, 'error');
    assert.equal(sim.requests.length, 0);
    c.dispose();
  });
});
