// The projection where it shows, against the simulator over real HTTP: the month tool (both doors run the same spec)
// gives it for the current month in its text and its structured result, with range and basis, and none for a
// finished month or with voiceSms.forecast.show off; the month view's controller posts it after the month.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as core from '../../../src/core/index.js';
import { createClient, type VoiceSmsClient } from '../../../src/core/client.js';
import { MonthViewController } from '../../../src/panels/monthView/controller.js';
import { shiftMonthId } from '../../../src/shared/idRules.js';
import type { MonthViewToWebview } from '../../../src/panels/monthView/protocol.js';
import { projectMonth } from '../../../src/shared/projection.js';
import { DEMO_INSTANCES, start, type Simulator } from '../../../src/simulator/index.js';
import { MCP_DOOR, specOf } from '../../../src/tools/index.js';
import { HISTORY_MONTHS } from '../../../src/tools/months/projectionLoader.js';
import { loadOverview } from '../../../src/tools/overview/overviewLoader.js';
import type { ToolContext } from '../../../src/tools/spec.js';

const INSTANCE = DEMO_INSTANCES[2] ?? 'VI-DEMO-03';
const NOW = Date.UTC(2026, 10, 18, 12);
const THIS_MONTH = '202611';

interface MonthToolData {
  projection?: {
    projected: true;
    basis: string;
    basisText: string;
    remainingDays: number;
    backtestMonths: number;
    totals: Record<string, { projected: number; low: number; high: number }>;
  };
}

void describe('the projection in the month tool and the month view', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  before(async () => {
    sim = await start({ now: () => NOW, latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => NOW });
  });
  after(async () => {
    await client.close();
    await sim.close();
  });

  const context = (forecast?: boolean): ToolContext =>
    ({
      door: MCP_DOOR,
      core: () => core,
      facts: () => Promise.resolve({ profile: 'p', signedIn: true, demo: false, instances: [INSTANCE], senderIds: [] }),
      getMonthView: (i: string, m: string, s: AbortSignal) => client.getMonthView(i, m, s),
      ...(forecast === undefined ? {} : { forecast: () => forecast }),
    }) as unknown as ToolContext;
  const run = (ctx: ToolContext, monthId: string) =>
    specOf('getMonthView').run(ctx, { instanceId: INSTANCE, monthId }, new AbortController().signal);

  /** The projection worked out here from the months read directly (the same pure function; the tool must pass it on). */
  async function expected(): Promise<NonNullable<ReturnType<typeof projectMonth>>> {
    const month = (await client.getMonthView(INSTANCE, THIS_MONTH)).view;
    const finished = await Promise.all(
      Array.from({ length: HISTORY_MONTHS }, (_, i) =>
        client.getMonthView(INSTANCE, shiftMonthId(THIS_MONTH, -(i + 1))).then((r) => r.view),
      ),
    );
    return projectMonth(month, finished, NOW)!;
  }

  void it('get_month_view of the current month: the projection with range and basis, in the text and the data', async () => {
    const want = await expected();
    const r = await run(context(), THIS_MONTH);
    const p = (r.data as MonthToolData).projection;
    assert.ok(p, 'a projection in the structured result');
    assert.equal(p.projected, true);
    assert.equal(p.basis, 'weekdays');
    assert.equal(p.backtestMonths, 12);
    assert.equal(p.remainingDays, 13, 'the 18th to the 30th');
    assert.deepEqual(p.totals['callLegs'], {
      projected: want.counters.callLegs.total,
      low: want.counters.callLegs.low,
      high: want.counters.callLegs.high,
    });
    assert.ok(p.totals['callLegs'].low < p.totals['callLegs'].high);
    const c = p.totals['callLegs'];
    assert.ok(
      r.text.includes(
        `Projected by month end (a projection, not data; 13 days to come, today included): call legs ${c.projected} (${c.low}–${c.high})`,
      ),
      r.text,
    );
    assert.match(r.text, /Basis: remaining days from the median of each weekday over the 8 weeks before .* on 12 finished months/);
  });

  void it('a finished month has none, and voiceSms.forecast.show off gives none', async () => {
    const finished = await run(context(), '202610');
    assert.equal((finished.data as MonthToolData).projection, undefined);
    assert.doesNotMatch(finished.text, /Projected/);
    const off = await run(context(false), THIS_MONTH);
    assert.equal((off.data as MonthToolData).projection, undefined);
    assert.doesNotMatch(off.text, /Projected/);
  });

  void it('the overview: projected call legs per row from the months in hand only; none with the setting off or for a finished month', async () => {
    const asked: string[] = [];
    const load = (i: string, m: string, sig: AbortSignal) => (asked.push(m), client.getMonthView(i, m, sig));
    const inHand = (i: string, m: string) => client.getMonthView(i, m);
    const signal = new AbortController().signal;
    const want = await expected();
    const withHistory = await loadOverview({ load, inHand }, [INSTANCE], THIS_MONTH, { signal });
    assert.deepEqual([...new Set(asked)].sort(), ['202610', '202611'], 'the overview still asks only its two months');
    const p = withHistory.rows[0]?.projection;
    assert.deepEqual(p, {
      callLegs: want.counters.callLegs.total,
      low: want.counters.callLegs.low,
      high: want.counters.callLegs.high,
      basis: 'weekdays',
      backtestMonths: 12,
    });
    // Nothing in hand but the two months: a projection with the wide range, said so.
    const bare = await loadOverview({ load }, [INSTANCE], THIS_MONTH, { signal });
    assert.equal(bare.rows[0]?.projection?.backtestMonths, 0);
    const off = await loadOverview({ load, inHand }, [INSTANCE], THIS_MONTH, { signal, forecast: false });
    assert.equal(off.rows[0]?.projection, undefined);
    const finished = await loadOverview({ load, inHand }, [INSTANCE], '202610', { signal });
    assert.equal(finished.rows[0]?.projection, undefined);
  });

  void it("the month view's controller posts the projection after the month, with the remaining days for the chart", async () => {
    const sent: MonthViewToWebview[] = [];
    const post = (m: MonthViewToWebview): boolean => (sent.push(m), true);
    const source = { load: (i: string, m: string, s: AbortSignal) => client.getMonthView(i, m, s) };
    const c = new MonthViewController({ instanceId: INSTANCE, monthId: THIS_MONTH }, source, post);
    await c.handle({ type: 'ready' });
    await c.load();
    const types = sent.map((m) => m.type);
    assert.ok(types.indexOf('projection') > types.indexOf('monthData'), types.join());
    const msg = sent.find((m) => m.type === 'projection');
    assert.ok(msg?.type === 'projection');
    const want = await expected();
    assert.equal(msg.projection.totals.callLegs.projected, want.counters.callLegs.total);
    assert.deepEqual(
      msg.projection.days.map((d) => d.dateId),
      Array.from({ length: 12 }, (_, i) => `202611${String(19 + i)}`),
    );
    c.dispose();
    // Off: nothing posted; a finished month: nothing posted.
    for (const [forecast, monthId] of [
      [false, THIS_MONTH],
      [true, '202610'],
    ] as const) {
      const quiet: MonthViewToWebview[] = [];
      const q = new MonthViewController(
        { instanceId: INSTANCE, monthId },
        { ...source, forecast: () => forecast },
        (m) => (quiet.push(m), true),
      );
      await q.handle({ type: 'ready' });
      await q.load();
      assert.ok(quiet.some((m) => m.type === 'monthData'));
      assert.ok(!quiet.some((m) => m.type === 'projection'), `${monthId} forecast ${forecast}`);
      q.dispose();
    }
  });
});
