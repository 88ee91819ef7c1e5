// The account overview in the editor's wiring (webviews/overview/overviewSource.ts over the month cache and the finished-months
// store, real client, simulator, real files): the first window asks two months per instance; a second window's
// overview of a past month asks nothing and draws the trend cell from stored months; a cancel stops the queue.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createClient, type VoiceSmsClient } from '../../../../../src/core/client.js';
import { addMonths, monthIdOf } from '../../../../../src/core/model/month.js';
import { MonthStore } from '../../../../../src/core/store/monthStore.js';
import type { ProfileSettings } from '../../../../../src/host/profile/settings.js';
import { createSessionMonthCache } from '../../../../../src/host/months/sessionMonthCache.js';
import { nullLogger } from '../../../../../src/core/log.js';
import { createOverviewSource } from '../../../../../src/host/webviews/overview/overviewSource.js';
import { lazyStoredMonths, type StoredMonths } from '../../../../../src/host/months/storedMonths.js';
import { demoInstanceIds } from '../../../../../src/simulator/defaults.js';
import { start, type Simulator } from '../../../../../src/simulator/index.js';
import { loadOverview } from '../../../../../src/tools/overview/overviewLoader.js';

const IDS = demoInstanceIds(8);
const noEvent = () => ({ dispose: () => undefined });

void describe('account overview over the month cache and the store', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  let dir: string;
  const windows: { dispose(): void }[] = [];
  const stores: StoredMonths[] = [];

  // A simulator and a client per test: requests a cancelled overview left on their way stay with its test.
  beforeEach(async () => {
    sim = await start({ instanceCount: IDS.length, latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vstk-overview-'));
  });
  afterEach(async () => {
    for (const w of windows.splice(0)) w.dispose();
    for (const s of stores.splice(0)) await s.flush();
    await fs.rm(dir, { recursive: true, force: true });
    await sim.close();
    await client.close();
  });

  function newWindow(over: VoiceSmsClient = client) {
    const profile = { name: 'work', baseUrl: sim.url, accountId: 'ACC-1', voiceInstances: IDS } as unknown as ProfileSettings;
    const stored = lazyStoredMonths(dir, () => new MonthStore({ dir, scrub: (t) => t }));
    const session = { current: { signedIn: true, profile, instances: IDS }, onDidChange: noEvent };
    const wired = createSessionMonthCache(
      { active: () => Promise.resolve({ client: over, profile }) },
      session,
      { onDidChange: noEvent },
      stored,
    );
    windows.push(wired);
    stores.push(stored);
    return { model: wired.model, stored, source: createOverviewSource(wired.model, stored, () => profile) };
  }
  const calls = (from: number): string[] =>
    sim.requests
      .slice(from)
      .map((r) => r.path)
      .filter((p) => p.includes('/calls/'));

  void it('a second window answers a past month from disk with no request, the trend from stored months', async () => {
    const month = addMonths(monthIdOf(new Date()), -1);
    const first = newWindow();
    // The first window also viewed an older month of one instance (a trend would): it is stored too.
    await first.model.ensure(IDS[0]!, addMonths(month, -5));
    let from = sim.requests.length;
    const a = await loadOverview(first.source, IDS, month, { signal: new AbortController().signal });
    assert.equal(calls(from).length, 2 * IDS.length, 'two requests per instance');
    await first.stored.flush();

    from = sim.requests.length;
    const second = newWindow();
    const b = await loadOverview(second.source, IDS, month, { signal: new AbortController().signal });
    assert.deepEqual(calls(from), [], 'no request for stored months');
    assert.deepEqual(
      b.rows.map((r) => r.figures),
      a.rows.map((r) => r.figures),
    );
    assert.deepEqual(b.totals, a.totals);
    assert.notEqual(b.rows[0]!.trend[6], null, 'the older stored month is drawn');
    assert.equal(b.rows[1]!.trend[6], null, 'a month never loaded stays a gap');
  });

  void it('the current month is asked; a cancel stops what is queued', async () => {
    // Cancelled after the first row, with the rest queued behind a limit of 2: what the client sends after Cancel is
    // counted from its own attempt lines as they happen (a source that drops the overview's signal sends the rest).
    const ac = new AbortController();
    const sentAfterCancel = { n: 0 };
    const logger = { ...nullLogger, debug: (m: string) => void (/ attempt \d+$/.test(m) && ac.signal.aborted && sentAfterCancel.n++) };
    const slow = createClient({ baseUrl: sim.url, credentials: sim.credentials, maxConcurrentRequests: 2, logger });
    sim.addFault({ kind: 'latency', latencyMs: 30, match: { operation: 'calls' } });
    try {
      const w = newWindow(slow);
      let rows = 0;
      const r = await loadOverview(w.source, IDS, monthIdOf(new Date()), {
        signal: ac.signal,
        onRow: () => {
          if (++rows === 1) ac.abort();
        },
      });
      assert.equal(r.cancelled, true);
      assert.equal(sentAfterCancel.n, 0, 'nothing sent after Cancel');
      assert.ok(r.totals.pending > 0, 'the queued rows stay pending');
      sim.clearFaults();
      const loaded = await loadOverview(w.source, IDS.slice(0, 2), monthIdOf(new Date()), { signal: new AbortController().signal });
      assert.equal(loaded.totals.instances, 2);
      // The answers joined the month cache: the tree and a month view opened next need no request.
      assert.equal(w.model.state(IDS[0]!, monthIdOf(new Date())).status, 'loaded');
    } finally {
      sim.clearFaults();
      await slow.close();
    }
  });
});
