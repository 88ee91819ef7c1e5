// The overview panel's host side over the simulator: the page gets the whole table, then each row as it settles,
// then "done"; a page that says `ready` again (a reload) gets the table as it is now in one message; Cancel stops
// the queue; a failed row's retry goes pending, then loaded; a row's click opens that instance's month.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createClient, type VoiceSmsClient } from '../../../../src/core/client.js';
import { nullLogger } from '../../../../src/core/log.js';
import { addMonths, monthIdOf } from '../../../../src/core/model/month.js';
import { OverviewController } from '../../../../src/panels/overview/controller.js';
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

  void it('signed out or no instances: one error for the panel, no request', async () => {
    const { c, posted } = panel({ instances: () => Promise.resolve([]) });
    await c.handle({ type: 'ready' });
    await c.load();
    assert.equal(posted.at(-1)?.type, 'error');
    assert.equal(sim.requests.length, 0);
    c.dispose();
  });
});
