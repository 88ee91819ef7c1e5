// The request scheduler on its own: order, the adaptive limit, pauses and aborts, without a server.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RequestScheduler, type Release } from '../../../../src/core/http/scheduler.js';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

void describe('RequestScheduler', () => {
  void it('starts higher priority first, first come first served within a priority', async () => {
    const s = new RequestScheduler({ maxConcurrent: 1 });
    const first = await s.acquire();
    const order: string[] = [];
    const queued = (['low-1', 'normal-1', 'high-1', 'normal-2', 'high-2', 'low-2'] as const).map((name) =>
      s.acquire(name.split('-')[0] as 'low' | 'normal' | 'high').then((release) => {
        order.push(name);
        release('ok');
      }),
    );
    assert.equal(s.queued, 6);
    first('ok');
    await Promise.all(queued);
    assert.deepEqual(order, ['high-1', 'high-2', 'normal-1', 'normal-2', 'low-1', 'low-2']);
  });

  void it('halves once per overloaded burst and grows back one slot per recoverAfter successes', async () => {
    const s = new RequestScheduler({ maxConcurrent: 8, recoverAfter: 3 });
    const burst = await Promise.all(Array.from({ length: 8 }, () => s.acquire()));
    for (const release of burst) release('overloaded');
    assert.equal(s.limit, 4, 'eight 503s of one burst are one signal');
    (await s.acquire())('overloaded');
    assert.equal(s.limit, 2, 'a later overload halves again');
    (await s.acquire())('overloaded');
    (await s.acquire())('overloaded');
    assert.equal(s.limit, 1, 'never below one');
    for (let i = 0; i < 3; i++) (await s.acquire())('ok');
    assert.equal(s.limit, 2);
    for (let i = 0; i < 2; i++) (await s.acquire())('ok');
    (await s.acquire())('failed');
    assert.equal(s.limit, 2, 'a network failure is no success');
    for (let i = 0; i < 100; i++) (await s.acquire())('ok');
    assert.equal(s.limit, 8, 'recovers up to the configured maximum, not past it');
  });

  void it('keeps in flight at most the current limit', async () => {
    const s = new RequestScheduler({ maxConcurrent: 3 });
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        s.run(async () => {
          peak = Math.max(peak, ++running);
          await tick();
          running--;
        }),
      ),
    );
    assert.equal(peak, 3);
  });

  void it('a caller aborting while queued leaves the queue at once and never gets a slot', async () => {
    const s = new RequestScheduler({ maxConcurrent: 1 });
    const first = await s.acquire();
    const ac = new AbortController();
    const queued = s.acquire('high', ac.signal);
    ac.abort(new Error('gone'));
    await assert.rejects(queued, /gone/);
    assert.equal(s.queued, 0);
    const next = s.acquire();
    first('ok');
    (await next)('ok');
    assert.equal(s.inFlight, 0);
  });

  void it('pauseFor holds back new starts until the pause is over, then starts them', async () => {
    let now = 1_000;
    const s = new RequestScheduler({ maxConcurrent: 4, now: () => now });
    s.pauseFor(40);
    let started = false;
    const waiting = s.acquire().then((r: Release) => {
      started = true;
      r('ok');
    });
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(started, false);
    now += 40;
    await waiting;
    assert.equal(started, true);
  });

  void it('a request arriving after the pause timer fired but before the pause is over still starts (no lost wake-up)', async () => {
    // The pause timer and the clock can disagree by a millisecond (timers run on another clock than
    // Date.now): the timer fires, finds nobody waiting; a retry then arrives while now() < pausedUntil.
    let now = 1_000;
    const s = new RequestScheduler({ maxConcurrent: 4, now: () => now });
    s.pauseFor(20);
    now += 19;
    await new Promise((r) => setTimeout(r, 40)); // the pause timer has fired with nobody waiting
    let started = false;
    const waiting = s.acquire().then((r: Release) => {
      started = true;
      r('ok');
    });
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(started, false, 'still paused for 1 ms');
    now += 1;
    await Promise.race([waiting, new Promise((r) => setTimeout(r, 500))]);
    assert.equal(started, true, 'the waiter was never woken once the pause was over');
  });

  void it('a request queued by a pause that ends while it is being queued still starts (no lost wake-up)', async () => {
    // The clock ticks between "may it start now?" (no: paused) and "how long until the pause ends?" (0 ms).
    let now = 1_000;
    const s = new RequestScheduler({ maxConcurrent: 4, now: () => now });
    s.pauseFor(20);
    now = 1_019;
    await new Promise((r) => setTimeout(r, 40)); // the pause timer has fired with nobody waiting
    let reads = 0;
    const clock = (): number => (reads++ === 0 ? 1_019 : 1_020);
    (s as unknown as { now: () => number }).now = clock;
    let started = false;
    const waiting = s.acquire().then((r: Release) => {
      started = true;
      r('ok');
    });
    await Promise.race([waiting, new Promise((r) => setTimeout(r, 500))]);
    assert.equal(started, true, 'the waiter was never woken once the pause was over');
  });

  void it('a new maximum applies at once and releasing twice counts once', async () => {
    const s = new RequestScheduler({ maxConcurrent: 1 });
    const a = await s.acquire();
    const b = s.acquire();
    s.setMaxConcurrent(2);
    (await b)('ok');
    a('ok');
    a('ok');
    assert.equal(s.inFlight, 0);
    assert.equal(s.limit, 2);
  });
});
