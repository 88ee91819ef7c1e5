// A flapping service cannot turn the watch's alerts into noise (issue 50, item 6). The service's current day
// flapped between two days and gave a call-legs alert at every reading (6 in 6): the rule remembered only the last
// day alerted, and the unusual-day mark was one string. Here a service answers through the real client, the month
// cache and the watch engine for 20 readings, its current day flapping between yesterday and today, every fifth
// answer claiming a day two weeks ahead with more traffic still; both days far above the call-legs threshold and
// unusual against their weekdays. Expected: one call-legs and one unusual-day alert per day the clock allows (two
// days: two of each), nothing from the day it does not allow (left out of the figures, with a sentence in the
// status bar's words), and a second window sharing the global state adds none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient } from '../../../../src/core/client.js';
import { MonthCache } from '../../../../src/host/months/monthCache.js';
import { ManualClock } from '../../../../src/host/watch/clock.js';
import { WatchEngine, type ReadOutcome } from '../../../../src/host/watch/engine.js';
import { WatchAlerts, type AlertMemory, type WatchAlertKind } from '../../../../src/host/watch/watchAlerts.js';

const WALL = Date.UTC(2026, 10, 10, 12); // Tuesday 2026-11-10, noon UTC
const TODAY = '20261110';
const YESTERDAY = '20261109';
const AHEAD = '20261124'; // 14 days ahead of the clock
const THRESHOLD = 100;
const INTERVAL = 30_000;
const READINGS = 20;

/** The service's day at each reading: flapping between today and yesterday, every fifth two weeks ahead. */
function dayOf(reading: number): string {
  if (reading % 5 === 4) return AHEAD;
  return reading % 2 === 0 ? TODAY : YESTERDAY;
}

/** A month view of November 2026 up to `current`: quiet days, then 500 legs on the 9th and 10th, 900 on the day ahead. */
function answer(current: string): string {
  const days: string[] = [];
  for (let d = Number(current.slice(6)); d >= 1; d--) {
    const id = `202611${String(d).padStart(2, '0')}`;
    const legs = id === AHEAD ? 900 : id === TODAY || id === YESTERDAY ? 500 : 20;
    days.push(
      `<date dateID="${id}"><call_legs>${legs}</call_legs><call_legs_in>${legs}</call_legs_in><call_legs_out>0</call_legs_out>` +
        `<calls_unique>${legs}</calls_unique><duration_min>${legs}</duration_min></date>`,
    );
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?><response><status><code>200</code><message>OK</message>` +
    `<timestamp>2026-11-10 12:00:00:000 +0000</timestamp></status><service><provider>Flap</provider><id>vvoice</id>` +
    `<version>1</version></service><result><monthView><currentDateID>${current}</currentDateID><calls>${days.join('')}</calls>` +
    `</monthView></result></response>`
  );
}

/** The global state every window shares, as vscode.Memento keeps it. */
function memory(): AlertMemory {
  const kept = new Map<string, unknown>();
  return {
    get: <T>(key: string) => kept.get(key) as T | undefined,
    update: (key: string, value: unknown) => {
      kept.set(key, structuredClone(value));
      return Promise.resolve();
    },
  };
}

/** Three earlier same weekdays with 20 legs each: 500 is far above them at any hour. */
function sameWeekdays(todayId: string): { dateId: string; callLegs: number }[] {
  const at = Date.UTC(Number(todayId.slice(0, 4)), Number(todayId.slice(4, 6)) - 1, Number(todayId.slice(6, 8)));
  return [7, 14, 21].map((back) => ({
    dateId: new Date(at - back * 86_400_000).toISOString().slice(0, 10).replace(/-/g, ''),
    callLegs: 20,
  }));
}

void describe('a flapping service for 20 readings', () => {
  void it('alerts once per kind, instance and day, and never for a day the clock does not allow', async () => {
    let reading = 0;
    const served: string[] = [];
    const client = createClient({
      baseUrl: 'http://127.0.0.1:9/',
      credentials: { accessKeyId: 'AKIDFLAPPING0001', secretAccessKey: 'flappingSecret-000000001' },
      retry: { attempts: 1 },
      now: () => WALL,
      transport: () => ({
        send: () => {
          const day = dayOf(reading++);
          served.push(day);
          const body = answer(day);
          return Promise.resolve({
            status: 200,
            statusText: 'OK',
            headers: { 'content-type': 'application/xml' },
            body,
            bytes: body.length,
          });
        },
        close: () => Promise.resolve(),
      }),
    });
    const clock = new ManualClock(WALL);
    const months = new MonthCache({
      load: (i, m, s, priority) => client.getMonthView(i, m, s, priority ? { priority } : {}),
      now: () => clock.now(),
    });
    const lines: string[] = [];
    const engine = new WatchEngine(
      {
        months,
        clock: () => clock,
        focused: () => true,
        intervalMs: () => INTERVAL,
        balanceIntervalMs: () => 60 * 60_000,
        readBalance: () => Promise.resolve(),
        wallNow: () => clock.now(),
        log: { info: (m) => lines.push(m), warn: (m) => lines.push(m) },
      },
      ['VI-FLAP'],
    );
    const shared = memory();
    const raised: Array<{ kind: WatchAlertKind; message: string; window: number }> = [];
    const windowAlerts = (window: number): WatchAlerts =>
      new WatchAlerts({
        profile: 'work',
        memory: shared,
        settings: () => ({ callLegsAbove: THRESHOLD, unusualDay: true }),
        history: (_instance, todayId) => sameWeekdays(todayId),
        raise: (kind, message) => raised.push({ kind, message, window }),
        now: () => clock.now(),
      });
    const [first, second] = [windowAlerts(1), windowAlerts(2)];
    const decided: Promise<void>[] = [];
    const seen: ReadOutcome[] = [];
    engine.onDidRead((outcome) => {
      seen.push(outcome);
      decided.push(first.onRead(outcome));
    });
    const doubts: Array<string | undefined> = [];
    const legs: Array<number | undefined> = [];
    try {
      engine.start();
      for (let r = 0; r < READINGS; r++) {
        await clock.advanceSettling(r === 0 ? 0 : INTERVAL, () => engine.settled());
        await Promise.all(decided);
        doubts.push(engine.snapshot.doubt);
        legs.push(engine.snapshot.readings[0]?.legs);
      }
      // The second window sees the same readings: the days are alerted already.
      for (const outcome of seen) await second.onRead(outcome);
    } finally {
      engine.stop();
      months.dispose();
      await client.close();
    }

    assert.equal(served.length, READINGS, `${served.length} answers served`);
    // Expected from the service's script alone: every day it named that lies within two days of the clock, once.
    const believed = new Set(served.filter((d) => Math.abs(Number(d) - Number(TODAY)) <= 2));
    assert.deepEqual([...believed].sort(), [YESTERDAY, TODAY]);
    const count = (kind: WatchAlertKind): number => raised.filter((a) => a.kind === kind).length;
    assert.equal(count('callLegs'), believed.size, raised.map((a) => a.message).join('\n'));
    assert.equal(count('unusualDay'), believed.size, raised.map((a) => a.message).join('\n'));
    assert.ok(
      raised.every((a) => a.window === 1),
      'the second window alerted again',
    );
    assert.ok(!raised.some((a) => a.message.includes('900')), 'an alert came from the day two weeks ahead');
    // Every answer naming the day ahead is left out of the figures, with a sentence; the others show.
    for (let r = 0; r < READINGS; r++) {
      if (served[r] === AHEAD) {
        assert.match(
          doubts[r] ?? '',
          /VI-FLAP: the service says today is 2026-11-24, 14 days ahead of this computer's clock \(2026-11-10 UTC\)/,
        );
        assert.notEqual(legs[r], 900);
      } else {
        assert.equal(doubts[r], undefined, `reading ${r}`);
        assert.equal(legs[r], 500, `reading ${r}`);
      }
    }
    assert.equal(lines.filter((l) => /left out/.test(l)).length, 1, 'the day ahead is logged once');
  });
});
