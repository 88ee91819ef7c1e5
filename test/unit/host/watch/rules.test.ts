// The watch's pure rules: when it reads (interval, focus, holds), how failures back off, how today's figures and
// "since the watch began" are kept, when alerts are due, and what counts as an unusual day.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../../src/host/watch/clock.js';
import { backoffMs, intervalMsOf, MAX_BACKOFF_MS, nextReadAt } from '../../../../src/host/watch/schedule.js';
import { applyReading, changeSinceStart, signed, totalsOf } from '../../../../src/host/watch/readings.js';
import { alertedDays, callLegsDue, lowBalanceStep, withAlertedDay } from '../../../../src/host/watch/alertRules.js';
import { parseStoredWatch } from '../../../../src/host/watch/stored.js';
import { shareOfDay, unusualDay } from '../../../../src/host/watch/unusualDay.js';
import type { MonthView } from '../../../../src/shared/monthModel.js';

function view(currentDateId: string, legs: number): MonthView {
  const day = (dateId: string, callLegs: number) => ({
    dateId,
    callLegs,
    callLegsIn: callLegs,
    callLegsOut: 0,
    callsUnique: callLegs,
    durationMin: callLegs,
    future: false,
    legsMismatch: false,
  });
  return {
    monthId: currentDateId.slice(0, 6),
    currentDateId,
    days: [day(`${currentDateId.slice(0, 6)}01`, 7), day(currentDateId, legs)],
    missingDays: [],
    totals: { callLegs: 7 + legs, callLegsIn: 7 + legs, callLegsOut: 0, callsUnique: 7 + legs, durationMin: 7 + legs, days: 2 },
    warnings: [],
  };
}

void describe('watch schedule', () => {
  void it('reads at once the first time, then one interval after the last attempt; never while unfocused', () => {
    assert.equal(nextReadAt({ intervalMs: 30_000, focused: true }), Number.NEGATIVE_INFINITY);
    assert.equal(nextReadAt({ intervalMs: 30_000, focused: true, lastAttemptAt: 1000 }), 31_000);
    assert.equal(nextReadAt({ intervalMs: 30_000, focused: false, lastAttemptAt: 1000 }), undefined);
    // A hold (backoff, Retry-After) beyond the interval wins; one inside it changes nothing.
    assert.equal(nextReadAt({ intervalMs: 30_000, focused: true, lastAttemptAt: 1000, heldUntil: 90_000 }), 90_000);
    assert.equal(nextReadAt({ intervalMs: 30_000, focused: true, lastAttemptAt: 1000, heldUntil: 5000 }), 31_000);
  });

  void it('doubles the wait per failure in a row, capped, and never waits less than Retry-After', () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => backoffMs(n, 30_000)),
      [60_000, 120_000, 240_000, 480_000],
    );
    assert.equal(backoffMs(10, 30_000), MAX_BACKOFF_MS);
    assert.equal(backoffMs(1, 30_000, 300_000), 300_000);
    assert.equal(backoffMs(1, 30_000, 5000), 60_000);
  });

  void it('keeps the interval at 10 s or more whatever the setting says', () => {
    assert.equal(intervalMsOf(30), 30_000);
    assert.equal(intervalMsOf(1), 10_000);
    assert.equal(intervalMsOf(Number.NaN), 30_000);
  });

  void it('a hand-moved clock runs due timers in time order, and timers they set when due', () => {
    const clock = new ManualClock(0);
    const ran: string[] = [];
    clock.after(20, () => ran.push(`b@${clock.now()}`));
    clock.after(10, () => {
      ran.push(`a@${clock.now()}`);
      clock.after(5, () => ran.push(`c@${clock.now()}`));
    });
    const cancelled = clock.after(12, () => ran.push('never'));
    cancelled.dispose();
    assert.equal(clock.nextDueIn(), 10);
    clock.advance(30);
    assert.deepEqual(ran, ['a@10', 'c@15', 'b@20']);
    assert.equal(clock.now(), 30);
    assert.equal(clock.nextDueIn(), undefined);
  });
});

void describe('watch readings', () => {
  void it('takes the baseline at the first reading and counts the change from it', () => {
    let r = applyReading({ instanceId: 'VI' }, view('20261127', 40), 1);
    assert.deepEqual(r.baseline, { dateId: '20261127', legs: 40 });
    assert.equal(changeSinceStart(r), 0);
    r = applyReading(r, view('20261127', 52), 2);
    assert.equal(r.legs, 52);
    assert.equal(changeSinceStart(r), 12);
    assert.equal(r.readAt, 2);
  });

  void it('starts a new day from zero, so the change never goes negative across midnight', () => {
    let r = applyReading({ instanceId: 'VI' }, view('20261127', 40), 1);
    r = applyReading(r, view('20261128', 3), 2);
    assert.deepEqual(r.baseline, { dateId: '20261128', legs: 0 });
    assert.equal(changeSinceStart(r), 3);
  });

  void it('sums the instances read so far for the status bar', () => {
    const a = applyReading(applyReading({ instanceId: 'A' }, view('20261127', 10), 1), view('20261127', 15), 2);
    const b = applyReading({ instanceId: 'B' }, view('20261127', 7), 2);
    assert.deepEqual(totalsOf([a, b, { instanceId: 'C' }]), { legs: 22, change: 5, read: 2 });
    assert.deepEqual([signed(5), signed(-2), signed(0)], ['+5', '\u22122', '\u00b10']);
  });

  void it('reads a stored watch defensively (kept across reloads in workspace state)', () => {
    assert.equal(parseStoredWatch(undefined), undefined);
    assert.equal(parseStoredWatch({ profile: 'p', instanceIds: [] }), undefined);
    const ids = Array.from({ length: 12 }, (_, i) => `VI-${i}`);
    const parsed = parseStoredWatch({
      profile: 'p',
      instanceIds: [...ids, 'VI-0', 3],
      baselines: { 'VI-0': { dateId: '20261127', legs: 4 }, 'VI-1': { dateId: 'x', legs: 1 } },
    });
    assert.equal(parsed?.instanceIds.length, 10);
    assert.deepEqual(parsed?.baselines, { 'VI-0': { dateId: '20261127', legs: 4 } });
  });
});

void describe('alert rules', () => {
  void it('low balance: once per crossing, again only after a reading above the threshold and its margin', () => {
    let mark: { low: boolean } | undefined;
    const readings = [10, 6, 4, 3, 4.5, 8, 2, 2];
    const alerts: number[] = [];
    for (const amount of readings) {
      const step = lowBalanceStep(mark, amount, 5);
      if (step.alert) alerts.push(amount);
      if (step.next) mark = step.next;
    }
    assert.deepEqual(alerts, [4, 2]);
    // An amount that is not a number neither alerts nor re-arms.
    assert.deepEqual(lowBalanceStep({ low: true }, undefined, 5), { alert: false });
    // At the threshold is low, as the status bar says.
    assert.equal(lowBalanceStep(undefined, 5, 5).alert, true);
  });

  void it('call legs: off at 0; once per instance and day, whatever the threshold', () => {
    assert.equal(callLegsDue(0, { dateId: '20261127', legs: 900 }, undefined), false);
    assert.equal(callLegsDue(100, { dateId: '20261127', legs: 100 }, undefined), false);
    assert.equal(callLegsDue(100, { dateId: '20261127', legs: 101 }, undefined), true);
    assert.equal(callLegsDue(100, { dateId: '20261127', legs: 150 }, ['20261127']), false);
    assert.equal(callLegsDue(100, { dateId: '20261128', legs: 150 }, ['20261127']), true);
    assert.equal(callLegsDue(120, { dateId: '20261127', legs: 150 }, ['20261127']), false, 'a second alert the same day');
    // A day flapping back is still alerted: both days are remembered.
    assert.equal(callLegsDue(100, { dateId: '20261127', legs: 150 }, ['20261127', '20261128']), false);
  });

  void it('alerted days: the marks of earlier versions are read, the newest days kept', () => {
    assert.deepEqual(alertedDays({ dateId: '20261127', threshold: 100 }), ['20261127']);
    assert.deepEqual(alertedDays('20261127:high'), ['20261127']);
    assert.deepEqual(alertedDays(['20261126', 7, 'x', '20261127']), ['20261126', '20261127']);
    assert.deepEqual(alertedDays(undefined), []);
    assert.deepEqual(withAlertedDay('20261127:low', '20261128'), ['20261127', '20261128']);
    assert.deepEqual(withAlertedDay(['20261127', '20261128'], '20261127'), ['20261128', '20261127']);
    let mark: string[] = [];
    for (let d = 1; d <= 20; d++) mark = withAlertedDay(mark, `202611${String(d).padStart(2, '0')}`);
    assert.equal(mark.length, 8);
    assert.equal(mark.at(-1), '20261120');
  });
});

void describe('unusual day', () => {
  // Friday 2026-11-27, 12:00 UTC: half the day gone. Fridays before it: 6, 13, 20 November, and 30 October.
  const now = Date.UTC(2026, 10, 27, 12);
  const fridays = [
    { dateId: '20261030', callLegs: 80 },
    { dateId: '20261106', callLegs: 100 },
    { dateId: '20261113', callLegs: 60 },
    { dateId: '20261120', callLegs: 90 },
  ];
  // Other weekdays are not compared, however high.
  const others = [
    { dateId: '20261126', callLegs: 900 },
    { dateId: '20261125', callLegs: 1 },
  ];
  const today = (callLegs: number) => ({ dateId: '20261127', callLegs });

  void it('the share of the day gone is UTC time of day; past days count whole', () => {
    assert.equal(shareOfDay('20261127', now), 0.5);
    assert.equal(shareOfDay('20261126', now), 1);
  });

  void it('high: far above the same weekday scaled to this hour (the shared modified z-score), and says why', () => {
    // Scaled by 0.5: 30, 40, 45, 50 by noon; median 42.5, MAD 5, so usual is 42.5 ± 3.5 × 5 / 0.6745: 17–68.
    const v = unusualDay({ instanceId: 'VI-1', today: today(69), history: [...fridays, ...others], now });
    assert.equal(v?.direction, 'high');
    assert.equal(v?.compared, 4);
    assert.equal(v?.median, 42.5);
    assert.deepEqual([v?.usualLow, v?.usualHigh], [17, 68]);
    assert.equal(
      v?.message,
      'VI-1: 69 call legs today by 12:00 UTC; Fridays usually 17–68 by this hour (median 42.5, 4 Fridays before in the months in hand, their whole-day counts scaled by the 50% of the day gone).',
    );
    assert.equal(unusualDay({ instanceId: 'VI-1', today: today(68), history: fridays, now }), undefined);
  });

  void it('low: far below once a quarter of the day has gone', () => {
    const v = unusualDay({ instanceId: 'VI-1', today: today(16), history: fridays, now });
    assert.equal(v?.direction, 'low');
    assert.equal(unusualDay({ instanceId: 'VI-1', today: today(17), history: fridays, now }), undefined);
    // At 04:00 UTC the morning is not judged.
    assert.equal(unusualDay({ instanceId: 'VI-1', today: today(0), history: fridays, now: Date.UTC(2026, 10, 27, 4) }), undefined);
  });

  void it('says nothing with fewer than three same weekdays in hand, or on quiet instances', () => {
    assert.equal(unusualDay({ instanceId: 'VI-1', today: today(500), history: fridays.slice(0, 2), now }), undefined);
    const quiet = fridays.map((d) => ({ ...d, callLegs: 2 }));
    assert.equal(unusualDay({ instanceId: 'VI-1', today: today(9), history: quiet, now }), undefined);
  });

  void it('compares only the month of the day and the month before, whatever else is in hand', () => {
    // September Fridays would make 69 usual if they counted; they are two months back.
    const september = ['20260904', '20260911', '20260918', '20260925'].map((dateId) => ({ dateId, callLegs: 140 }));
    assert.equal(unusualDay({ instanceId: 'VI-1', today: today(69), history: [...september, ...fridays], now })?.compared, 4);
  });
});
