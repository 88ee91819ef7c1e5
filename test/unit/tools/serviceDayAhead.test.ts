// A service whose current day runs years ahead of this computer's clock (issue 50, item 6): asked for a month three
// years on, it answers that month with a current day of its last day, so the future-month rule, trusting the
// service's day alone, showed figures for it in every door, where the finished-months store would have doubted that
// day. Expected: the day is judged by the store's rule (shared/serviceDay.ts) in every door, so the month view,
// trend and overview panels, the same three tools, and the watch each refuse it with one sentence naming the day
// and this computer's clock, and show no figures; a month before this computer's from the same service still shows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as core from '../../../src/core/index.js';
import { createClient, type MonthViewResult, type VoiceSmsClient } from '../../../src/core/client.js';
import { monthViewFromResult } from '../../../src/core/model/monthView.js';
import { parseEnvelope } from '../../../src/core/xml/envelope.js';
import { MonthCache } from '../../../src/host/months/monthCache.js';
import { ManualClock } from '../../../src/host/watch/clock.js';
import { WatchEngine } from '../../../src/host/watch/engine.js';
import { MonthViewController } from '../../../src/panels/monthView/controller.js';
import { OverviewController } from '../../../src/panels/overview/controller.js';
import { TrendController } from '../../../src/panels/trend/controller.js';
import { DEMO_INSTANCES, start, type Simulator } from '../../../src/simulator/index.js';
import { MCP_DOOR, specOf } from '../../../src/tools/index.js';
import type { ToolContext } from '../../../src/tools/spec.js';

const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const now = new Date();
const iso = (d: Date): string => d.toISOString().slice(0, 10);
const ym = (d: Date): string => iso(d).slice(0, 7).replace('-', '');
/** The service's clock: noon on the last day of this month three years on (November 2029 in November 2026). */
const SERVICE_NOW = Date.UTC(now.getUTCFullYear() + 3, now.getUTCMonth() + 1, 0, 12);
const AHEAD_MONTH = ym(new Date(SERVICE_NOW));
const AHEAD_DAY = iso(new Date(SERVICE_NOW));
const LAST_MONTH = ym(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
/** What each door must say: the day claimed, and this computer's day. */
const SENTENCE = new RegExp(
  `the service says its current day is ${AHEAD_DAY}, \\d+ days ahead of this computer's clock \\(\\d{4}-\\d{2}-\\d{2} UTC\\)`,
);

type Posted = { type: string; error?: { message: string } };
function recorder(): { sent: Posted[]; post: (m: Posted) => boolean } {
  const sent: Posted[] = [];
  return { sent, post: (m) => (sent.push(m), true) };
}
const shown = (sent: readonly Posted[]): string => {
  const last = sent.at(-1);
  return last?.type === 'error' ? (last.error?.message ?? '') : `(${last?.type ?? 'nothing'})`;
};

void describe('a service day years ahead of the clock, in every door', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  before(async () => {
    sim = await start({ now: () => SERVICE_NOW, latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => SERVICE_NOW });
  });
  after(async () => {
    await client.close();
    await sim.close();
  });
  const source = { load: (i: string, m: string, s: AbortSignal) => client.getMonthView(i, m, s) };

  void it('the month view, trend and overview panels refuse it with the sentence, and post no figures', async () => {
    // The premise: the service does claim the month, its day, and figures for it.
    const claimed = await client.getMonthView(INSTANCE, AHEAD_MONTH);
    assert.equal(claimed.view.currentDateId, AHEAD_DAY.replace(/-/g, ''));
    assert.ok(claimed.view.totals.callLegs > 0, 'the month has figures to show');
    const month = recorder();
    const mv = new MonthViewController({ instanceId: INSTANCE, monthId: AHEAD_MONTH }, source, month.post);
    await mv.handle({ type: 'ready' });
    await mv.load();
    const trend = recorder();
    const tc = new TrendController({ instanceId: INSTANCE, monthId: AHEAD_MONTH }, source, trend.post);
    await tc.handle({ type: 'ready' });
    await tc.load();
    const overview = recorder();
    const oc = new OverviewController({ monthId: AHEAD_MONTH }, source, overview.post, {
      instances: () => Promise.resolve([INSTANCE, DEMO_INSTANCES[1] ?? 'VI-DEMO-02']),
    });
    await oc.handle({ type: 'ready' });
    await oc.load();
    const said = [shown(month.sent), shown(trend.sent), shown(overview.sent)];
    for (const s of said) assert.match(s, SENTENCE);
    assert.equal(new Set(said).size, 1, said.join('\n'));
    assert.ok(!month.sent.some((m) => m.type === 'monthData'), 'the month view posted figures');
    assert.ok(!trend.sent.some((m) => m.type === 'trendData'), 'the trend posted figures');
    assert.ok(!overview.sent.some((m) => m.type === 'overviewRow' || m.type === 'overviewDone'), 'the overview posted rows');
    // A month before this computer's, from the same service, still shows.
    const earlier = recorder();
    const ev = new MonthViewController({ instanceId: INSTANCE, monthId: LAST_MONTH }, source, earlier.post);
    await ev.handle({ type: 'ready' });
    await ev.load();
    assert.ok(
      earlier.sent.some((m) => m.type === 'monthData'),
      earlier.sent.map((m) => m.type).join(),
    );
    for (const c of [mv, tc, oc, ev]) c.dispose();
  });

  void it('the month view, trend and overview tools refuse it with the same sentence', async () => {
    const ctx = {
      door: MCP_DOOR,
      core: () => core,
      facts: () => Promise.resolve({ profile: 'p', signedIn: true, demo: false, instances: [INSTANCE], senderIds: [] }),
      getMonthView: (i: string, m: string, s: AbortSignal) => client.getMonthView(i, m, s),
    } as unknown as ToolContext;
    const said = new Set<string>();
    for (const [key, args] of [
      ['getMonthView', { instanceId: INSTANCE, monthId: AHEAD_MONTH }],
      ['getTrend', { instanceId: INSTANCE, months: 3, endMonthId: AHEAD_MONTH }],
      ['getAccountOverview', { monthId: AHEAD_MONTH }],
    ] as const) {
      const refused = await specOf(key)
        .run(ctx, args as never, new AbortController().signal)
        .then(
          (r) => assert.fail(`${key} answered: ${r.text.slice(0, 200)}`),
          (e: unknown) => (e instanceof Error ? e.message : String(e)),
        );
      assert.match(refused, SENTENCE, key);
      said.add(refused);
    }
    assert.equal(said.size, 1, [...said].join('\n'));
  });

  void it('the watch leaves out an answer for this month whose current day is years ahead, and says so', async () => {
    const thisMonth = ym(now);
    // This month's answer as the service sends it, but naming its own current day (the simulator would name the
    // month's last day for a month it sees as past).
    const claimed = async (signal: AbortSignal): Promise<MonthViewResult> => {
      const r = await client.getMonthView(INSTANCE, thisMonth, signal);
      const rawXml = r.rawXml.replace(/<currentDateID>\d{8}</, `<currentDateID>${AHEAD_DAY.replace(/-/g, '')}<`);
      const envelope = parseEnvelope(rawXml);
      return { ...r, rawXml, envelope, view: monthViewFromResult(envelope.result, thisMonth) };
    };
    const clock = new ManualClock(Date.now());
    const months = new MonthCache({ load: (_i, _m, signal) => claimed(signal) });
    const lines: string[] = [];
    const engine = new WatchEngine(
      {
        months,
        clock: () => clock,
        focused: () => true,
        intervalMs: () => 30_000,
        balanceIntervalMs: () => 60 * 60_000,
        readBalance: () => Promise.resolve(),
        log: { info: (m) => lines.push(m), warn: (m) => lines.push(m) },
      },
      [INSTANCE],
    );
    let outcomes = 0;
    engine.onDidRead(() => outcomes++);
    try {
      engine.start();
      await clock.advanceSettling(0, () => engine.settled());
      const s = engine.snapshot;
      assert.match(
        s.doubt ?? '',
        new RegExp(`${INSTANCE}: the service says today is ${AHEAD_DAY}, \\d+ days ahead of this computer's clock`),
      );
      assert.equal(s.readings[0]?.legs, undefined, 'a figure was taken from the answer');
      assert.equal(outcomes, 0, 'the alerts were handed the answer');
      assert.match(lines.join('\n'), /left out: the service's current day \d{8} is \d+ days ahead of this computer's clock/);
    } finally {
      engine.stop();
      months.dispose();
    }
  });
});
