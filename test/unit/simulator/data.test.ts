import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { monthViewFromResult } from '../../../src/core/model/monthView.js';
import { isRecord } from '../../../src/core/xml/parser.js';
import { monthViewData } from '../../../src/simulator/handlers/calls.js';
import { dayStats, type DayStats } from '../../../src/simulator/traffic.js';
import { DEMO_INSTANCES, demoInstanceIds } from '../../../src/simulator/defaults.js';
import type { Simulator } from '../../../src/simulator/types.js';
import { envelope, getBasic, startSim, T0 } from './helpers.js';

interface ServedDay {
  dateId: string;
  counters: number[];
}

const COUNTERS = ['call_legs', 'call_legs_in', 'call_legs_out', 'calls_unique', 'duration_min'] as const;

function countersOf(s: DayStats): number[] {
  return COUNTERS.map((k) => s[k]);
}

function daysOf(year: number): string[] {
  const out: string[] = [];
  for (let d = Date.UTC(year, 0, 1); d < Date.UTC(year + 1, 0, 1); d += 86_400_000) {
    out.push(new Date(d).toISOString().slice(0, 10).replace(/-/g, ''));
  }
  return out;
}

void describe('dayStats', () => {
  void it('is deterministic per instance and day, and differs between instances', () => {
    assert.deepEqual(dayStats('VI-DEMO-01', '20240604'), dayStats('VI-DEMO-01', '20240604'));
    const a = daysOf(2024).map((d) => dayStats('VI-DEMO-01', d).call_legs);
    const b = daysOf(2024).map((d) => dayStats('VI-DEMO-02', d).call_legs);
    assert.notDeepEqual(a, b);
    // Pinned values: a change of the generator shows up here (demo screenshots depend on it).
    assert.deepEqual(dayStats('VI-DEMO-01', '20240604'), {
      dateId: '20240604',
      call_legs: 199,
      call_legs_in: 141,
      call_legs_out: 58,
      calls_unique: 145,
      duration_min: 629,
    });
  });

  void it('keeps the invariants and a realistic rhythm over two years', () => {
    for (const instance of ['VI-DEMO-01', 'VI-DEMO-02', 'some-other-instance']) {
      let zeroDays = 0;
      let weekdayLegs = 0,
        weekdays = 0,
        weekendLegs = 0,
        weekends = 0;
      for (const day of [...daysOf(2023), ...daysOf(2024)]) {
        const s = dayStats(instance, day);
        for (const k of COUNTERS) assert.ok(Number.isInteger(s[k]) && s[k] >= 0, `${instance} ${day} ${k}`);
        assert.equal(s.call_legs, s.call_legs_in + s.call_legs_out, `${instance} ${day}`);
        assert.ok(s.calls_unique <= s.call_legs, `${instance} ${day}`);
        if (s.call_legs === 0) {
          zeroDays++;
          assert.deepEqual(countersOf(s), [0, 0, 0, 0, 0]);
        } else {
          assert.ok(s.calls_unique >= 1);
          assert.ok(s.duration_min >= s.call_legs && s.duration_min <= s.call_legs * 8, `${instance} ${day} minutes`);
        }
        const wd = new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}T00:00:00Z`).getUTCDay();
        if (wd === 0 || wd === 6) {
          weekendLegs += s.call_legs;
          weekends++;
        } else {
          weekdayLegs += s.call_legs;
          weekdays++;
        }
      }
      assert.ok(zeroDays > 10 && zeroDays < 200, `${instance}: ${zeroDays} zero days`);
      assert.ok(weekdayLegs / weekdays > 2.5 * (weekendLegs / weekends), `${instance}: weekdays busier than weekends`);
    }
  });
});

void describe('month view', () => {
  let sim: Simulator;
  // A simulator per test: what one test sent, armed or left trickling is not in the next one's.
  beforeEach(async () => {
    sim = await startSim(); // clock: 2024-06-15
  });
  afterEach(() => sim.close());

  async function served(instance: string, monthId: string): Promise<{ current: string; days: ServedDay[] }> {
    const r = await getBasic(sim, `/v1/vvoice/${instance}/calls/${monthId}`);
    assert.equal(r.status, 200, r.body);
    const view = (envelope(r).result as { monthView: { currentDateID: string; calls: { date: Record<string, string>[] } } }).monthView;
    assert.ok(isRecord(view));
    return {
      current: view.currentDateID,
      days: view.calls.date.map((d) => ({ dateId: d['@_dateID'] ?? '', counters: COUNTERS.map((k) => Number(d[k])) })),
    };
  }

  void it('current month: every day newest first, currentDateID today, later days zero, earlier days dayStats', async () => {
    const { current, days } = await served('VI-DEMO-01', '202406');
    assert.equal(current, '20240615');
    assert.deepEqual(
      days.map((d) => d.dateId),
      Array.from({ length: 30 }, (_, i) => `202406${String(30 - i).padStart(2, '0')}`),
    );
    for (const d of days) {
      const expected = d.dateId > '20240615' ? [0, 0, 0, 0, 0] : countersOf(dayStats('VI-DEMO-01', d.dateId));
      assert.deepEqual(d.counters, expected, d.dateId);
    }
    assert.ok(
      days.some((d) => d.dateId <= '20240615' && d.counters[0]! > 0),
      'the month so far has traffic',
    );
  });

  void it('past month: currentDateID is the last day and every day has its data', async () => {
    const may = await served('VI-DEMO-02', '202405');
    assert.equal(may.current, '20240531');
    assert.equal(may.days.length, 31);
    assert.equal(may.days[0]?.dateId, '20240531');
    for (const d of may.days) assert.deepEqual(d.counters, countersOf(dayStats('VI-DEMO-02', d.dateId)));
    const feb = await served('VI-DEMO-01', '202402');
    assert.equal(feb.days.length, 29, 'leap year');
    assert.equal(feb.current, '20240229');
    assert.equal((await served('VI-DEMO-01', '202302')).days.length, 28);
  });

  void it('future month: every day present and zero, currentDateID today', async () => {
    const { current, days } = await served('VI-DEMO-01', '202407');
    assert.equal(current, '20240615');
    assert.equal(days.length, 31);
    for (const d of days) assert.deepEqual(d.counters, [0, 0, 0, 0, 0]);
  });

  void it('serves the same data from another simulator, matches monthViewData, and reads cleanly in the core model', async () => {
    const other = await startSim();
    try {
      const a = await getBasic(sim, '/v1/vvoice/VI-DEMO-01/calls/202406');
      const b = await getBasic(other, '/v1/vvoice/VI-DEMO-01/calls/202406');
      assert.equal(a.body, b.body);
      const data = monthViewData('VI-DEMO-01', '202406', T0);
      const { days } = await served('VI-DEMO-01', '202406');
      assert.deepEqual(
        days.map((d) => d.counters),
        data.days.map(countersOf),
      );
      // The core model reads past, current and future months without a data warning.
      for (const month of ['202405', '202406', '202407']) {
        const r = await getBasic(sim, `/v1/vvoice/VI-DEMO-01/calls/${month}`);
        const model = monthViewFromResult(envelope(r).result, month);
        assert.deepEqual(model.warnings, [], month);
        assert.deepEqual(model.missingDays, [], month);
      }
    } finally {
      await other.close();
    }
  });
});

void describe('how many instances the simulator serves', () => {
  void it('the demo has two dozen; instanceCount serves any number with deterministic ids', async () => {
    assert.equal(DEMO_INSTANCES.length, 24);
    assert.deepEqual(DEMO_INSTANCES.slice(0, 2), ['VI-DEMO-01', 'VI-DEMO-02']);
    assert.deepEqual(demoInstanceIds(3), ['VI-DEMO-01', 'VI-DEMO-02', 'VI-DEMO-03']);
    assert.equal(demoInstanceIds(500).at(-1), 'VI-DEMO-500');
    assert.deepEqual(demoInstanceIds(500).slice(0, 24), [...DEMO_INSTANCES]);
    const sim = await startSim({ instanceCount: 120 });
    try {
      assert.equal((await getBasic(sim, '/v1/vvoice/VI-DEMO-120/calls/202406')).status, 200);
      assert.equal((await getBasic(sim, '/v1/vvoice/VI-DEMO-121/calls/202406')).status, 404);
    } finally {
      await sim.close();
    }
    await assert.rejects(startSim({ instanceCount: 3, instances: ['x'] }), /not both/);
    await assert.rejects(startSim({ instanceCount: -1 }), /whole number/);
  });
});
