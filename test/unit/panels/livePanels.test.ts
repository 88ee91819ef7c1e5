// Open panels following the month cache (issue 40, "live where the user looks"): a newer load of the month a month
// view shows — a watch's tick is `MonthCache.reload(instance, month, 'low')` — reaches its page as one `monthUpdate`
// and nothing else; other months and instances post nothing; and no request is made by the panel itself. A day's
// activities panel of today is read again on a newer load of its instance's current month. Plain Node, the real
// client and cache over the simulator on loopback, the clock moved by hand.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createClient, type VoiceSmsClient } from '../../../src/core/client.js';
import { MonthCache } from '../../../src/host/months/monthCache.js';
import { ActivitiesController } from '../../../src/panels/activities/controller.js';
import { createPanelSources, type PanelSources } from '../../../src/host/webviews/clientSources.js';
import { MonthViewController } from '../../../src/panels/monthView/controller.js';
import type { ActivitiesToWebview } from '../../../src/panels/activities/protocol.js';
import type { MonthViewToWebview } from '../../../src/panels/monthView/protocol.js';
import { DEMO_INSTANCES } from '../../../src/simulator/index.js';
import { start, type Simulator } from '../../../src/simulator/server.js';

const START = Date.UTC(2024, 5, 14, 9); // Friday 2024-06-14, 09:00 UTC
const MONTH = '202406';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const OTHER = DEMO_INSTANCES[1] ?? 'VI-DEMO-02';

function recorder<T>(): { sent: T[]; post: (m: T) => boolean } {
  const sent: T[] = [];
  return { sent, post: (m) => (sent.push(m), true) };
}

void describe('panels follow the month cache', () => {
  let clock = START;
  let sim: Simulator;
  let client: VoiceSmsClient;
  let months: MonthCache;
  let sources: PanelSources;

  // A simulator, a client and a month cache per test: a fault, a load still under way and the request count of one
  // test never reach the next.
  beforeEach(async () => {
    clock = START;
    sim = await start({ now: () => clock, latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => clock });
    months = new MonthCache({ load: (i, m, signal, priority) => client.getMonthView(i, m, signal, { priority }), now: () => clock });
    months.setProfile('p1');
    // Projections off: these tests count the messages of following (test/unit/tools/projectionTools.test.ts has them).
    sources = createPanelSources(
      { active: () => Promise.resolve({ client }) },
      { warn: () => undefined, redact: (t) => t },
      months,
      () => false,
    );
  });
  afterEach(async () => {
    months.dispose();
    await sim.close();
    await client.close();
  });

  /** An open month view of June, loaded and ready, its messages recorded (the first ones: `first`). */
  async function openMonthView(
    monthViews = sources.monthViews,
    first: MonthViewToWebview['type'][] = ['monthData', 'comparison'],
  ): Promise<{ c: MonthViewController; sent: MonthViewToWebview[] }> {
    const r = recorder<MonthViewToWebview>();
    const c = new MonthViewController({ instanceId: INSTANCE, monthId: MONTH }, monthViews, r.post);
    await c.load();
    await c.handle({ type: 'ready' });
    assert.deepEqual(
      r.sent.map((m) => m.type),
      first,
    );
    return { c, sent: r.sent };
  }

  void it("a newer load of the month on show (a watch's tick) posts one update in place, and the panel asks nothing", async () => {
    const { c, sent } = await openMonthView();
    const asked = sim.requestCount;
    clock += 26 * 3600_000; // Saturday the 15th, 11:00: one more day of traffic
    await months.reload(INSTANCE, MONTH, 'low');
    assert.equal(sim.requestCount, asked + 1, "the reload's one request, none of the panel's");
    assert.deepEqual(
      sent.map((m) => m.type),
      ['monthData', 'comparison', 'monthUpdate'],
    );
    const update = sent[2];
    assert.ok(update?.type === 'monthUpdate');
    assert.equal(update.instanceId, INSTANCE);
    assert.equal(update.monthId, MONTH);
    assert.equal(update.view.currentDateId, '20240615', 'the newer load, not the one on show');
    const before = sent[0];
    assert.ok(before?.type === 'monthData');
    assert.equal(before.view.currentDateId, '20240614');
    assert.ok(update.view.totals.days > before.view.totals.days);
    // A page made afresh (the panel shown again, the window reloaded) gets the new month whole, with its comparison.
    assert.deepEqual(
      c.gate.current().map((m) => m.type),
      ['monthData', 'comparison'],
    );
    const kept = c.gate.current()[0];
    assert.ok(kept?.type === 'monthData');
    assert.deepEqual(kept.view, update.view);
    assert.match(c.rawAnswer ?? '', /20240615/, 'Show raw answer shows the newer answer');
    c.dispose();
  });

  void it('loads of other months and other instances post nothing; its own month still does', async () => {
    const { c, sent } = await openMonthView();
    clock += 3600_000;
    await months.reload(INSTANCE, '202405', 'low');
    await months.reload(OTHER, MONTH, 'low');
    await months.ensure(INSTANCE, '202403');
    months.invalidate();
    assert.equal(sent.length, 2, JSON.stringify(sent.map((m) => m.type)));
    await months.reload(INSTANCE, MONTH, 'low');
    assert.deepEqual(
      sent.slice(2).map((m) => m.type),
      ['monthUpdate'],
      'its own month still follows',
    );
    c.dispose();
  });

  void it('a hidden panel posts nothing; its next page gets the newer month whole', async () => {
    const { c, sent } = await openMonthView();
    c.webviewHidden();
    clock += 26 * 3600_000;
    await months.reload(INSTANCE, MONTH, 'low');
    assert.equal(sent.length, 2, 'nothing posted into a discarded page');
    await c.handle({ type: 'ready' });
    assert.deepEqual(
      sent.slice(2).map((m) => m.type),
      ['monthData', 'comparison'],
    );
    const shown = sent[2];
    assert.ok(shown?.type === 'monthData');
    assert.equal(shown.view.currentDateId, '20240615');
    c.dispose();
  });

  void it("the panel's own loads are not also posted as updates, and a closed panel follows nothing", async () => {
    const r = recorder<MonthViewToWebview>();
    const c = new MonthViewController({ instanceId: INSTANCE, monthId: MONTH }, sources.monthViews, r.post);
    await c.handle({ type: 'ready' });
    await c.load();
    await c.handle({ type: 'retry' });
    assert.deepEqual(
      r.sent.map((m) => m.type),
      ['loading', 'monthData', 'comparison', 'loading', 'monthData', 'comparison'],
    );
    await months.reload(INSTANCE, MONTH, 'low');
    assert.equal(r.sent.at(-1)?.type, 'monthUpdate');
    c.dispose();
    await months.reload(INSTANCE, MONTH, 'low');
    assert.equal(r.sent.length, 7, 'disposed: no longer listening');
  });

  void it('a panel showing an error is not changed by a load it did not ask for; after its Retry it follows', async () => {
    await months.ensure(INSTANCE, '202405'); // the comparison's month in hand: the fault meets June's load
    sim.addFault({ kind: 'envelopeError', match: { operation: 'calls' }, times: 1 });
    const r = recorder<MonthViewToWebview>();
    const c = new MonthViewController({ instanceId: INSTANCE, monthId: MONTH }, sources.monthViews, r.post);
    await c.load();
    await c.handle({ type: 'ready' });
    assert.equal(r.sent[0]?.type, 'error');
    await months.reload(INSTANCE, MONTH, 'low');
    assert.deepEqual(
      r.sent.map((m) => m.type),
      ['error'],
    );
    // Its Retry shows the month; from then on it follows.
    await c.handle({ type: 'retry' });
    await months.reload(INSTANCE, MONTH, 'low');
    assert.deepEqual(
      r.sent.map((m) => m.type),
      ['error', 'loading', 'monthData', 'comparison', 'monthUpdate'],
    );
    c.dispose();
  });

  /** Lets a re-read that a cache event started (not awaited by anyone) reach the simulator and come back. */
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 10));
  };

  void it('with the projection on, a tick posts the update first, then the projection redone from the months in hand', async () => {
    const projecting = createPanelSources(
      { active: () => Promise.resolve({ client }) },
      { warn: () => undefined, redact: (t) => t },
      months,
      () => true,
    );
    const { c, sent } = await openMonthView(projecting.monthViews, ['monthData', 'comparison', 'projection']);
    const asked = sim.requestCount;
    clock += 26 * 3600_000;
    await months.reload(INSTANCE, MONTH, 'low');
    // The update is posted at once; the projection follows it, once its finished months are read from the cache.
    assert.equal(sent[3]?.type, 'monthUpdate');
    await settle();
    assert.deepEqual(
      sent.slice(3).map((m) => m.type),
      ['monthUpdate', 'projection'],
    );
    assert.equal(sim.requestCount, asked + 1, "the reload's one request: the finished months came from the cache");
    const p = sent[4];
    assert.ok(p?.type === 'projection');
    assert.ok(
      p.projection.days.every((d) => d.dateId > '20240615'),
      'the days to come after the newer load’s current day',
    );
    assert.deepEqual(
      c.gate.current().map((m) => m.type),
      ['monthData', 'comparison', 'projection'],
      'a new page gets the month, its comparison and the newer projection',
    );
    c.dispose();
  });

  /** Activities requests the simulator has seen for `dateId` (its log is a ring of the latest 500: plenty here). */
  const dayReads = (dateId: string): number => sim.requests.filter((r) => r.path.endsWith(`/activities/${dateId}`)).length;

  async function openDay(dateId: string): Promise<{ c: ActivitiesController; sent: ActivitiesToWebview[] }> {
    const r = recorder<ActivitiesToWebview>();
    const c = new ActivitiesController({ instanceId: INSTANCE, dateId }, sources.activities, r.post);
    await c.load();
    await c.handle({ type: 'ready' });
    assert.deepEqual(
      r.sent.map((m) => m.type),
      ['activitiesData'],
    );
    return { c, sent: r.sent };
  }

  void it("today's activities are read again once per newer load of the instance's current month, posted as an update", async () => {
    const { c, sent } = await openDay('20240614');
    const reads = dayReads('20240614');
    await months.reload(INSTANCE, MONTH, 'low');
    await settle();
    assert.equal(dayReads('20240614'), reads + 1, 'one request for the day');
    assert.deepEqual(
      sent.map((m) => m.type),
      ['activitiesData', 'activitiesUpdate'],
    );
    const update = sent[1];
    assert.ok(update?.type === 'activitiesUpdate');
    assert.equal(update.dateId, '20240614');
    assert.match(update.rawXml, /<response[\s>]/);
    assert.deepEqual(
      c.gate.current().map((m) => m.type),
      ['activitiesData'],
      'a new page gets the newer reading whole',
    );
    // Other instances' months, other months: nothing read.
    await months.reload(OTHER, MONTH, 'low');
    await months.reload(INSTANCE, '202405', 'low');
    await settle();
    assert.equal(dayReads('20240614'), reads + 1);
    assert.equal(sent.length, 2);
    c.dispose();
    await months.reload(INSTANCE, MONTH, 'low');
    await settle();
    assert.equal(dayReads('20240614'), reads + 1, 'closed: no longer read');
  });

  void it('a day that is not today is not read again; a hidden panel of today is read once it is shown', async () => {
    const yesterday = await openDay('20240613');
    const today = await openDay('20240614');
    today.c.webviewHidden();
    const before = { y: dayReads('20240613'), t: dayReads('20240614') };
    await months.reload(INSTANCE, MONTH, 'low');
    await months.reload(INSTANCE, MONTH, 'low');
    await settle();
    assert.deepEqual({ y: dayReads('20240613'), t: dayReads('20240614') }, before, 'nothing read: not today, or not seen');
    assert.equal(yesterday.sent.length, 1);
    await today.c.handle({ type: 'ready' });
    await settle();
    assert.equal(dayReads('20240614'), before.t + 1, 'read once when shown again');
    assert.deepEqual(
      today.sent.map((m) => m.type),
      ['activitiesData', 'activitiesData', 'activitiesUpdate'],
      'the replay of the last reading, then the newer one',
    );
    yesterday.c.dispose();
    today.c.dispose();
  });
});
