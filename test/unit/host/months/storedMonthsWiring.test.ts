// The month cache with the finished-months store beneath it (months/sessionMonthCache.ts + months/storedMonths.ts),
// over the real client, the simulator and real files: a second model (a new window) answers the finished months
// from disk with no request and asks the current month; turned off, everything is asked; a profile is cleared.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createClient, type VoiceSmsClient } from '../../../../src/core/client.js';
import { lastMonths, monthIdOf } from '../../../../src/core/model/month.js';
import type { ProfileSettings } from '../../../../src/host/profile/settings.js';
import { createSessionMonthCache } from '../../../../src/host/months/sessionMonthCache.js';
import { MonthStore } from '../../../../src/core/store/monthStore.js';
import { lazyStoredMonths, type StoredMonths } from '../../../../src/host/months/storedMonths.js';
import { DEMO_INSTANCES, start, type Simulator } from '../../../../src/simulator/index.js';

const VI = DEMO_INSTANCES[0]!;
const noEvent = () => ({ dispose: () => undefined });

void describe('month cache over the finished-months store', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  let dir: string;
  let settings: { storeFinishedMonths: boolean; storedMonthsLimit: number };
  const windows: { dispose(): void }[] = [];
  const stores: StoredMonths[] = [];

  // A simulator and a client per test: requests one window of a test left under way never count in the next.
  beforeEach(async () => {
    sim = await start({ latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vstk-wiring-'));
    settings = { storeFinishedMonths: true, storedMonthsLimit: 5000 };
  });
  afterEach(async () => {
    for (const w of windows.splice(0)) w.dispose();
    // Batches still waiting are written before the directory goes.
    for (const s of stores.splice(0)) await s.flush();
    await fs.rm(dir, { recursive: true, force: true });
    await sim.close();
    await client.close();
  });

  /** One window: its own month cache and store object over the shared directory. */
  function newWindow(profileName = 'work') {
    const profile = { name: profileName, baseUrl: sim.url, accountId: 'ACC-1', voiceInstances: [VI] } as unknown as ProfileSettings;
    const stored = lazyStoredMonths(
      dir,
      () =>
        new MonthStore({
          dir,
          enabled: () => settings.storeFinishedMonths,
          limit: () => settings.storedMonthsLimit,
          scrub: (t) => t,
        }),
    );
    const wired = createSessionMonthCache(
      { active: () => Promise.resolve({ client, profile }) },
      { current: { signedIn: true, profile, instances: [VI] }, onDidChange: noEvent },
      { onDidChange: noEvent },
      stored,
    );
    windows.push(wired);
    stores.push(stored);
    return { model: wired.model, stored };
  }
  const calls = (from: number): string[] =>
    sim.requests
      .slice(from)
      .map((r) => r.path)
      .filter((p) => p.includes('/calls/'));

  void it('a new window answers the finished months from disk and asks only the current month', async () => {
    const months = lastMonths(12, monthIdOf(new Date()));
    const first = newWindow();
    await Promise.all(months.map((m) => first.model.ensure(VI, m)));
    await first.stored.flush();
    assert.equal((await first.stored.files()).length, 11);

    const before = sim.requests.length;
    const second = newWindow();
    const states = await Promise.all(months.map((m) => second.model.ensure(VI, m)));
    assert.deepEqual(
      states.map((s) => s.status),
      months.map(() => 'loaded'),
    );
    assert.deepEqual(calls(before), [`/v1/vvoice/${VI}/calls/${months[0]}`]);
    const a = first.model.state(VI, months[3]!);
    const b = second.model.state(VI, months[3]!);
    assert.ok(a.status === 'loaded' && b.status === 'loaded');
    assert.deepEqual(b.result.view.totals, a.result.view.totals);
    assert.equal(b.result.rawXml, a.result.rawXml, 'Show Raw Answer has the answer as sent');
  });

  void it('storeFinishedMonths off: nothing written, every month asked', async () => {
    settings.storeFinishedMonths = false;
    const months = lastMonths(3, monthIdOf(new Date()));
    const first = newWindow();
    await Promise.all(months.map((m) => first.model.ensure(VI, m)));
    await first.stored.flush();
    assert.deepEqual(await fs.readdir(dir).catch(() => []), []);
    const before = sim.requests.length;
    await Promise.all(months.map((m) => newWindow().model.ensure(VI, m)));
    assert.equal(calls(before).length, 3);
  });

  void it("clearProfile deletes one profile's months and the next window asks again", async () => {
    const past = lastMonths(3, monthIdOf(new Date())).slice(1);
    const work = newWindow('work');
    const home = newWindow('home');
    await Promise.all(past.flatMap((m) => [work.model.ensure(VI, m), home.model.ensure(VI, m)]));
    await work.stored.flush();
    await home.stored.flush();
    assert.equal((await work.stored.files()).length, 4);
    await work.stored.clearProfile('work');
    assert.equal((await work.stored.files()).length, 2);
    const before = sim.requests.length;
    await Promise.all(past.map((m) => newWindow('work').model.ensure(VI, m)));
    await Promise.all(past.map((m) => newWindow('home').model.ensure(VI, m)));
    assert.equal(calls(before).length, 2, 'only the cleared profile asks again');
  });
});
