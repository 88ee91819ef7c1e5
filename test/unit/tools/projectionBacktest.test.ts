// Does the projection's range mean what it says? The demo simulator, over real HTTP with its clock and the client's
// pinned to 2026-11-18, serves months with its weekday rhythm and noise (each instance its own volume). Each of the
// last twelve finished months is projected as if it were in progress on its 10th and on its 20th — its later days
// hidden as future, the months before it read through the projection loader — and the range must hold the month's
// real total in at least 80 % of the cases, for every counter.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient, type VoiceSmsClient } from '../../../src/core/client.js';
import type { MonthView } from '../../../src/shared/monthModel.js';
import { shiftMonthId } from '../../../src/shared/idRules.js';
import { PROJECTED_COUNTERS } from '../../../src/shared/projection.js';
import { start, type Simulator } from '../../../src/simulator/server.js';
import { DEMO_INSTANCES } from '../../../src/simulator/defaults.js';
import { loadProjection } from '../../../src/tools/months/projectionLoader.js';

const NOW = Date.UTC(2026, 10, 18, 12);
const INSTANCES = DEMO_INSTANCES.slice(0, 6);
const CUT_DAYS = [10, 20];

let sim: Simulator;
let client: VoiceSmsClient;
const read = new Map<string, Promise<MonthView>>();

function month(instanceId: string, monthId: string): Promise<MonthView> {
  const key = `${instanceId}|${monthId}`;
  let p = read.get(key);
  if (!p) read.set(key, (p = client.getMonthView(instanceId, monthId).then((r) => r.view)));
  return p;
}

/** The month as the service would have answered on its day `day`: later days future and zero. */
function asOf(view: MonthView, day: number): MonthView {
  const currentDateId = `${view.monthId}${String(day).padStart(2, '0')}`;
  const days = view.days.map((d) =>
    d.dateId > currentDateId ? { ...d, callLegs: 0, callLegsIn: 0, callLegsOut: 0, callsUnique: 0, durationMin: 0, future: true } : d,
  );
  return { ...view, currentDateId, days };
}

void describe('projection backtest on the demo', () => {
  before(async () => {
    sim = await start({ now: () => NOW });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => NOW });
  });
  after(async () => {
    await client.close();
    await sim.close();
  });

  void it('the range holds the real month-end total in at least 80 % of twelve finished months', async (t) => {
    const held: Record<string, number> = {};
    let cases = 0;
    for (const instanceId of INSTANCES) {
      for (let back = 1; back <= 12; back++) {
        const monthId = shiftMonthId('202611', -back);
        const whole = await month(instanceId, monthId);
        for (const day of CUT_DAYS) {
          const cutNow = Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)) - 1, day, 12);
          const p = await loadProjection((m) => month(instanceId, m).then((view) => ({ view })), asOf(whole, day), cutNow);
          assert.ok(p, `${instanceId} ${monthId} day ${day}: projected`);
          assert.equal(p.basis, 'weekdays');
          assert.equal(p.backtestMonths, 12);
          cases++;
          for (const c of PROJECTED_COUNTERS) {
            const { low, high } = p.counters[c];
            if (low <= whole.totals[c] && whole.totals[c] <= high) held[c] = (held[c] ?? 0) + 1;
          }
        }
      }
    }
    for (const c of PROJECTED_COUNTERS) {
      const share = (held[c] ?? 0) / cases;
      t.diagnostic(`${c}: ${(share * 100).toFixed(1)} % of ${cases}`);
      assert.ok(share >= 0.8, `${c}: the range held the month-end total in ${(share * 100).toFixed(1)} % of ${cases}`);
    }
  });
});
