// Bench row: one watch read of 10 instances (read through the month cache, compare for the alerts, update the
// readings the status bar shows), against the same 10 month requests sent at once on the bare client, same
// simulator (a child process, as a real service; 20 ms per answer). The ratio is what the watch adds to the wire's
// own cost: near 1x (target ≤ 1.2x).
import { createClient } from '../src/core/client.js';
import { MonthCache } from '../src/host/months/monthCache.js';
import { ManualClock } from '../src/host/watch/clock.js';
import { WatchEngine } from '../src/host/watch/engine.js';
import { todayLegs } from '../src/host/watch/readings.js';
import { callLegsDue } from '../src/host/watch/alertRules.js';
import { unusualDay } from '../src/host/watch/unusualDay.js';
import { demoInstanceIds } from '../src/simulator/defaults.js';
import { simulatorProcess } from './overview.js';

export const WATCH_ROW = 'watch: one tick for 10 instances (read, compare, update)';

type Row = (name: string, a: number, b: number, unit: string, note: string, ratio?: number) => void;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

export async function watchRow(root: string, row: Row, smoke: boolean): Promise<void> {
  const sim = await simulatorProcess(root, ['--latency', '20']);
  const client = createClient({ baseUrl: sim.url, credentials: sim.credentials });
  const ids = demoInstanceIds(10);
  const months = new MonthCache({
    concurrency: Number.POSITIVE_INFINITY,
    load: (i, m, s, priority) => client.getMonthView(i, m, s, priority ? { priority } : {}),
  });
  const clock = new ManualClock(Date.now());
  let compared = 0;
  const engine = new WatchEngine(
    {
      months,
      clock: () => clock,
      focused: () => true,
      intervalMs: () => 30_000,
      balanceIntervalMs: () => 24 * 3_600_000,
      readBalance: () => Promise.resolve(),
      log: { info: () => undefined, warn: () => undefined },
    },
    ids,
  );
  // Compare: what the runner's alerts do with each reading (call legs against a threshold, the unusual-day rule
  // against the days in hand).
  engine.onDidRead(({ loaded }) => {
    for (const { state } of loaded) {
      const today = todayLegs(state.view);
      if (!today) continue;
      callLegsDue(100, today, undefined);
      const history = state.view.days
        .filter((d) => !d.future && d.dateId < today.dateId)
        .map((d) => ({ dateId: d.dateId, callLegs: d.callLegs }));
      unusualDay({ instanceId: state.view.monthId, today: { dateId: today.dateId, callLegs: today.legs }, history, now: Date.now() });
      compared++;
    }
  });
  try {
    const month = months.currentMonth();
    // Warm: connections open, code paths compiled, as in a window that has shown views.
    await Promise.all(ids.map((id) => client.getMonthView(id, month)));
    engine.start();
    await engine.settled();
    const rounds = smoke ? 2 : 11;
    const one: number[] = [];
    const tick: number[] = [];
    for (let r = 0; r < rounds; r++) {
      let t = performance.now();
      await Promise.all(ids.map((id) => client.getMonthView(id, month, undefined, { priority: 'low' })));
      one.push(performance.now() - t);
      t = performance.now();
      clock.advance(30_000);
      await engine.settled();
      tick.push(performance.now() - t);
    }
    row(
      WATCH_ROW,
      median(one),
      median(tick),
      'ms',
      `10 month requests at once on the client vs one watch tick of 10 (through the month cache at low priority, ${compared} readings compared); target ≤ 1.2x`,
    );
  } finally {
    engine.stop();
    months.dispose();
    await client.close();
    sim.close();
  }
}
