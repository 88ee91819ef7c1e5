// A watch's life across windows and an alert's snooze: the pure rules behind "a reload carries on, a folder opened
// later asks first" (stored.ts) and "Snooze for a Day" (snooze.ts). The editor side is in
// test/integration/watchLife.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseStoredWatch, RELOAD_GRACE_MS, reloadGraceMs, resumesSilently } from '../../../../src/host/watch/stored.js';
import { SNOOZE_MS, snoozedUntil, withoutSnooze, withSnooze } from '../../../../src/host/watch/snooze.js';

const T = Date.UTC(2026, 10, 3, 12);

void describe('watch life: reload or reopening', () => {
  const stored = (aliveAt: unknown) => parseStoredWatch({ profile: 'p', instanceIds: ['VI-1'], baselines: {}, aliveAt })!;

  void it('keeps the time the watch was last alive, and only a finite number', () => {
    assert.equal(stored(T).aliveAt, T);
    assert.equal(stored('soon').aliveAt, undefined);
    assert.equal(stored(Number.NaN).aliveAt, undefined);
  });

  void it('carries on after a reload (alive moments ago), asks after a longer gap, an older version or a clock gone back', () => {
    assert.equal(resumesSilently(stored(T), T + 5_000), true);
    assert.equal(resumesSilently(stored(T), T + RELOAD_GRACE_MS), true);
    assert.equal(resumesSilently(stored(T), T + RELOAD_GRACE_MS + 1), false);
    assert.equal(resumesSilently(stored(T), T + 2 * 86_400_000), false);
    assert.equal(resumesSilently(stored(undefined), T), false, 'stored by a version without the heartbeat');
    assert.equal(resumesSilently(stored(T + 60_000), T), false, 'a clock set back');
  });

  void it('lets the e2e environment shorten the grace, never lengthen it', () => {
    assert.equal(reloadGraceMs(undefined), RELOAD_GRACE_MS);
    assert.equal(reloadGraceMs('0'), 0);
    assert.equal(reloadGraceMs('10'), 10_000);
    assert.equal(reloadGraceMs('86400'), RELOAD_GRACE_MS);
    assert.equal(reloadGraceMs('-1'), RELOAD_GRACE_MS);
    assert.equal(reloadGraceMs('soon'), RELOAD_GRACE_MS);
    assert.equal(resumesSilently(stored(T), T + 1, 0), false);
  });
});

void describe('watch life: snooze', () => {
  void it('is on until its end time, by the clock it is given, per kind', () => {
    const stored = withSnooze(undefined, 'lowBalance', T + SNOOZE_MS, T);
    assert.equal(snoozedUntil(stored, 'lowBalance', T), T + SNOOZE_MS);
    assert.equal(snoozedUntil(stored, 'lowBalance', T + SNOOZE_MS - 1), T + SNOOZE_MS);
    assert.equal(snoozedUntil(stored, 'lowBalance', T + SNOOZE_MS), undefined, 'over at its end');
    assert.equal(snoozedUntil(stored, 'callLegs', T), undefined);
  });

  void it('drops ended snoozes when one is added, and Undo removes only the snooze it made', () => {
    const both = withSnooze(withSnooze({}, 'callLegs', T + 10, T), 'lowBalance', T + SNOOZE_MS, T);
    assert.deepEqual(withSnooze(both, 'unusualDay', T + 20 + SNOOZE_MS, T + 20), {
      lowBalance: T + SNOOZE_MS,
      unusualDay: T + 20 + SNOOZE_MS,
    });
    assert.deepEqual(withoutSnooze(both, 'lowBalance', T + SNOOZE_MS), { callLegs: T + 10 });
    assert.deepEqual(withoutSnooze(both, 'lowBalance', T + 1), both, 'a later snooze stays');
  });

  void it('trusts nothing else a hand-edited state holds', () => {
    assert.equal(snoozedUntil({ lowBalance: '9999999999999' }, 'lowBalance', T), undefined);
    assert.equal(snoozedUntil('lowBalance', 'lowBalance', T), undefined);
    assert.equal(snoozedUntil({ lowBalance: Infinity }, 'lowBalance', T), undefined);
  });
});
