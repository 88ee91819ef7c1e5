// One meaning of "unusual" everywhere: the same two months fed to the month view's notes (the webview's rows), the
// month tool's flags and the watch's unusual-day alert (WatchAlerts over the months in hand, each finished day read
// as "today" once it is over) must name the same days. Under the old rules they did not: the month view flagged 3× the
// month's median, the watch compared with the lowest and highest of the same weekday.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DayStats, MonthView } from '../../../src/shared/monthModel.js';
import type { MonthState } from '../../../src/host/months/monthCache.js';
import { historyOf, WatchAlerts, type WatchAlertKind } from '../../../src/host/watch/watchAlerts.js';
import type { MonthDay } from '../../../src/shared/unusualDays.js';
import { monthToolData } from '../../../src/tools/text/monthText.js';
import { DAY_MS, generate, idOf, msOf, type Generated } from './support/generatedMonths.js';

const insights = import('../../../src/webview/common/insights.js');

function stats(d: MonthDay): DayStats {
  const callLegsIn = Math.floor(d.callLegs / 2);
  return {
    dateId: d.dateId,
    callLegs: d.callLegs,
    callLegsIn,
    callLegsOut: d.callLegs - callLegsIn,
    callsUnique: d.callLegs,
    durationMin: d.callLegs,
    future: d.future,
    legsMismatch: false,
  };
}

/** The month model as of `currentDateId`: later days future (zero), missing days absent. */
function viewOf(monthId: string, days: readonly MonthDay[], currentDateId: string): MonthView {
  const shown = days.map((d) => stats(d.dateId > currentDateId ? { ...d, callLegs: 0, future: true } : d));
  const past = shown.filter((d) => !d.future);
  const sum = (k: 'callLegs' | 'callLegsIn' | 'callLegsOut' | 'callsUnique' | 'durationMin') => past.reduce((n, d) => n + d[k], 0);
  return {
    monthId,
    currentDateId,
    days: shown,
    missingDays: [],
    totals: {
      callLegs: sum('callLegs'),
      callLegsIn: sum('callLegsIn'),
      callLegsOut: sum('callLegsOut'),
      callsUnique: sum('callsUnique'),
      durationMin: sum('durationMin'),
      days: past.length,
    },
    warnings: [],
  };
}

/** The days the month view marks unusual, the month is over (its current day is in the next month). */
async function monthViewDays(monthId: string, g: Generated): Promise<string[]> {
  const { buildDayRows } = await insights;
  const after = idOf(msOf(`${monthId}01`) + 40 * DAY_MS).slice(0, 6) + '01';
  const rows = buildDayRows(viewOf(monthId, g.month, after), g.previous);
  return rows.filter((r) => r.notes.some((n) => n.kind === 'unusual')).map((r) => r.dateId);
}

function toolDays(monthId: string, g: Generated): string[] {
  const after = idOf(msOf(`${monthId}01`) + 40 * DAY_MS).slice(0, 6) + '01';
  return monthToolData('VI-1', viewOf(monthId, g.month, after), undefined, g.previous).flags.unusual.map((d) => d.replace(/-/g, ''));
}

/** The days the watch alerts as unusual: each day the service sent, read as today just after it ended. */
async function watchDays(monthId: string, g: Generated): Promise<string[]> {
  const previousMonthId = g.previous[0]!.dateId.slice(0, 6);
  const stored = new Map<string, unknown>();
  const alerted: string[] = [];
  let now = 0;
  let monthView: MonthView = viewOf(monthId, g.month, `${monthId}01`);
  const months = {
    months: () => [monthId, previousMonthId],
    state: (_instanceId: string, id: string): MonthState =>
      ({
        status: 'loaded',
        view: id === monthId ? monthView : viewOf(previousMonthId, g.previous, `${monthId}01`),
        loadedAt: 0,
        result: undefined,
      }) as unknown as MonthState,
  };
  const alerts = new WatchAlerts({
    profile: 'work',
    memory: {
      get: <T>(key: string) => stored.get(key) as T | undefined,
      update: (key, value) => Promise.resolve(void stored.set(key, value)),
    },
    settings: () => ({ callLegsAbove: Number.MAX_SAFE_INTEGER, unusualDay: true }),
    history: (instanceId, todayId) => historyOf(months, 3, instanceId, todayId),
    raise: (kind: WatchAlertKind, _message, at) => {
      if (kind === 'unusualDay') alerted.push(at.monthId === monthId ? monthView.currentDateId : '?');
    },
    now: () => now,
  });
  for (const d of g.month) {
    if (d.future) continue;
    monthView = viewOf(monthId, g.month, d.dateId);
    now = msOf(d.dateId) + DAY_MS; // the day is over: its whole count against whole days
    await alerts.onRead({ monthId, loaded: [{ instanceId: 'VI-1', state: months.state('VI-1', monthId) as never }] });
  }
  return alerted;
}

const office = (w: number): number => [20, 200, 210, 205, 190, 180, 60][w]!;

void describe('unusual days: the month view, the month tool and the watch agree', () => {
  const cases: [string, Generated][] = [];
  for (let seed = 1; seed <= 12; seed++) {
    cases.push([
      `office rhythm, seed ${seed}`,
      generate('202603', {
        seed,
        level: office,
        spread: 20 + seed * 5,
        currentDateId: '20260331',
        override: { '20260310': 600, '20260319': 15, '20260322': 150 },
      }),
    ]);
  }
  cases.push([
    'missing days and a closed week',
    generate('202603', {
      seed: 99,
      level: office,
      spread: 15,
      currentDateId: '20260331',
      missing: ['20260203', '20260210', '20260304', '20260311'],
      override: { '20260316': 0, '20260317': 0, '20260318': 0, '20260319': 0, '20260320': 0 },
    }),
  ]);
  cases.push([
    'a quiet instance with one busy day',
    generate('202603', { seed: 5, level: () => 1, spread: 1, currentDateId: '20260331', override: { '20260312': 40 } }),
  ]);

  for (const [name, g] of cases) {
    void it(name, async () => {
      const view = await monthViewDays('202603', g);
      assert.ok(view.length > 0, 'the generated month has unusual days');
      assert.deepEqual(toolDays('202603', g), view, 'the month tool');
      assert.deepEqual(await watchDays('202603', g), view, 'the watch');
    });
  }
});
