// Each request's overall deadline is a timer cleared when the request ends. AbortSignal.timeout's timer
// stayed for the whole timeout after every request (one per request for 30 s by default), unseen by
// process.getActiveResourcesInfo() because it is unref'd; async_hooks sees every timer made and dropped.
import assert from 'node:assert/strict';
import { createHook } from 'node:async_hooks';
import { after, before, describe, it } from 'node:test';
import { createClient } from '../../../../src/core/client.js';
import { start, type Simulator } from '../../../../src/simulator/index.js';

void describe('request deadlines', () => {
  let sim: Simulator;
  before(async () => {
    sim = await start();
  });
  after(async () => {
    await sim.close();
  });

  void it('leave no timer behind once 50 requests have finished', async () => {
    const client = createClient({ baseUrl: sim.url, credentials: sim.credentials, timeouts: { totalMs: 60_000 } });
    await client.getBalance('ACC-DEMO'); // connection and first-use timers out of the way
    const live = new Set<number>();
    const hook = createHook({
      init: (id, type) => {
        if (type === 'Timeout') live.add(id);
      },
      destroy: (id) => live.delete(id),
    }).enable();
    try {
      for (let i = 0; i < 50; i++) await client.getBalance('ACC-DEMO');
      await new Promise((r) => setImmediate(r));
    } finally {
      hook.disable();
    }
    await client.close();
    assert.ok(live.size < 10, `${live.size} timers made during 50 requests are still pending`);
  });
});
