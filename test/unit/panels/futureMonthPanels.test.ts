// A month after the service's current one, in the editor's three panels over the simulator: the month view, the
// 12-month trend ending there and the account overview each show the one sentence the tools refuse it with
// (tools/months/futureMonth.ts), not a month of zeros. Expected: "after the current month", the same words in all three,
// and no figures posted.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createClient, type VoiceSmsClient } from '../../../src/core/client.js';
import { MonthViewController } from '../../../src/panels/monthView/controller.js';
import { OverviewController } from '../../../src/panels/overview/controller.js';
import { TrendController } from '../../../src/panels/trend/controller.js';
import { DEMO_INSTANCES } from '../../../src/simulator/index.js';
import { start, type Simulator } from '../../../src/simulator/server.js';

const START = Date.UTC(2024, 5, 14, 9); // 2024-06-14: the simulator's current day
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';

function recorder<T>(): { sent: T[]; post: (m: T) => boolean } {
  const sent: T[] = [];
  return { sent, post: (m) => (sent.push(m), true) };
}

/** What the page was last told: the error's sentence, or the kind of message (figures). */
function shown(sent: ReadonlyArray<{ type: string; error?: { message: string } }>): string {
  const last = sent.at(-1);
  return last?.type === 'error' ? (last.error?.message ?? '') : `(${last?.type ?? 'nothing'})`;
}

void describe('a month after the current one in the panels', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  // A simulator and a client per test: nothing one test's panels asked is still under way in the next.
  beforeEach(async () => {
    sim = await start({ now: () => START, latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => START });
  });
  afterEach(async () => {
    await sim.close();
    await client.close();
  });

  for (const monthId of ['202407', '202706']) {
    void it(`${monthId}: the month view, the trend and the overview say the same sentence, with no figures`, async () => {
      const source = { load: (i: string, m: string, s: AbortSignal) => client.getMonthView(i, m, s) };
      const month = recorder<{ type: string; error?: { message: string } }>();
      const mv = new MonthViewController({ instanceId: INSTANCE, monthId }, source, month.post);
      await mv.handle({ type: 'ready' });
      await mv.load();
      const trend = recorder<{ type: string; error?: { message: string } }>();
      const tc = new TrendController({ instanceId: INSTANCE, monthId }, source, trend.post);
      await tc.handle({ type: 'ready' });
      await tc.load();
      const overview = recorder<{ type: string; error?: { message: string } }>();
      const oc = new OverviewController({ monthId }, { load: (i, m, s) => client.getMonthView(i, m, s) }, overview.post, {
        instances: () => Promise.resolve([INSTANCE, DEMO_INSTANCES[1] ?? 'VI-DEMO-02']),
      });
      await oc.handle({ type: 'ready' });
      await oc.load();

      const said = [shown(month.sent), shown(trend.sent), shown(overview.sent)];
      for (const s of said) assert.match(s, /after the current month: the service's current day is 2024-06-14/);
      assert.equal(new Set(said).size, 1, said.join('\n'));
      assert.ok(!month.sent.some((m) => m.type === 'monthData'), 'the month view posted figures');
      assert.ok(!trend.sent.some((m) => m.type === 'trendData'), 'the trend posted figures');
      assert.ok(!overview.sent.some((m) => m.type === 'overviewRow' || m.type === 'overviewDone'), 'the overview posted rows');
      for (const c of [mv, tc, oc]) c.dispose();
    });
  }

  void it('the current month still shows its figures', async () => {
    const month = recorder<{ type: string }>();
    const mv = new MonthViewController(
      { instanceId: INSTANCE, monthId: '202406' },
      { load: (i, m, s) => client.getMonthView(i, m, s) },
      month.post,
    );
    await mv.handle({ type: 'ready' });
    await mv.load();
    assert.ok(
      month.sent.some((m) => m.type === 'monthData'),
      month.sent.map((m) => m.type).join(),
    );
    mv.dispose();
  });
});
