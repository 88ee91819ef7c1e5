// The panels' data sources over the real core client and the local simulator: the data reaches the
// panel as the client returns it, a failure is logged once and passed on with the service's words,
// being signed out becomes an `auth` error, and a cancelled load is neither logged nor rewritten.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createClient, type VoiceSmsClient } from '../../../../src/core/client.js';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { RedactingLogger } from '../../../../src/host/platform/redactingLogger.js';
import { MonthCache } from '../../../../src/host/months/monthCache.js';
import { createPanelSources } from '../../../../src/host/webviews/clientSources.js';
import { prefetchMonth } from '../../../../src/host/webviews/monthPrefetch.js';
import { start, type Simulator } from '../../../../src/simulator/server.js';
import { DEMO_INSTANCES, monthViewData } from '../../../../src/simulator/index.js';

const NOW = Date.UTC(2024, 5, 15, 12); // 2024-06-15
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';

void describe('panel data sources backed by the active client', () => {
  let sim: Simulator;
  let client: VoiceSmsClient;
  let warnings: string[] = [];

  // A simulator and a client per test: a load a closed panel left going for the tree, or a fault, stays with its test.
  beforeEach(async () => {
    sim = await start({ now: () => NOW, latencyMs: 0 });
    client = createClient({ baseUrl: sim.url, credentials: sim.credentials, now: () => NOW });
  });
  afterEach(async () => {
    await sim.close();
    await client.close();
    warnings = [];
  });

  const sources = () =>
    createPanelSources({ active: () => Promise.resolve({ client }) }, { warn: (m) => warnings.push(m), redact: (t) => t });

  void it('loads a month: the totals are the sum of the simulator days up to currentDateID', async () => {
    const r = await sources().monthViews.load(INSTANCE, '202406', new AbortController().signal);
    const expected = monthViewData(INSTANCE, '202406', NOW);
    const upToToday = expected.days.filter((d) => d.dateId <= expected.currentDateID);
    assert.equal(r.view.currentDateId, '20240615');
    assert.equal(
      r.view.totals.callLegs,
      upToToday.reduce((n, d) => n + d.call_legs, 0),
    );
    assert.equal(
      r.view.totals.durationMin,
      upToToday.reduce((n, d) => n + d.duration_min, 0),
    );
    assert.deepEqual(warnings, []);
  });

  void it("an unknown instance rejects with the service's 404 message and logs it once", async () => {
    await assert.rejects(sources().monthViews.load('VI-NOPE', '202406', new AbortController().signal), (e: unknown) => {
      assert.ok(isVoiceSmsError(e), String(e));
      assert.match(e.message, /VI-NOPE.*not found/);
      assert.equal(e.details.httpStatus, 404);
      return true;
    });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /Loading calls of VI-NOPE for 202406 failed \(\w+\): .*not found/);
  });

  void it('a hostile error text reaches the panel with the echoed credential masked, its words verbatim (security)', async () => {
    const { accessKeyId, secretAccessKey } = sim.credentials;
    const basic = Buffer.from(`${accessKeyId}:${secretAccessKey}`).toString('base64');
    const log = new RedactingLogger({
      trace: () => undefined,
      debug: () => undefined,
      info: () => undefined,
      warn: (m) => warnings.push(m),
      error: () => undefined,
    });
    log.addCredentials(accessKeyId, secretAccessKey);
    sim.addFault({
      kind: 'status',
      status: 400,
      serviceMessage: `[Retry](command:voiceSms.signOut?{"removeProfile":true}) echo Authorization=Basic%20${basic} key=${encodeURIComponent(secretAccessKey).toLowerCase()}`,
      times: 1,
    });
    const hostile = createPanelSources({ active: () => Promise.resolve({ client }) }, log);
    await assert.rejects(hostile.monthViews.load(INSTANCE, '202406', new AbortController().signal), (e: unknown) => {
      assert.ok(e instanceof Error);
      assert.ok(!e.message.includes(basic) && !e.message.includes(secretAccessKey), e.message);
      assert.ok(!e.message.includes(encodeURIComponent(secretAccessKey).toLowerCase()), e.message);
      // The panel renders it as text (no markup, no links), so the words stay exactly as sent.
      assert.match(e.message, /\[Retry\]\(command:voiceSms\.signOut/);
      return true;
    });
    assert.ok(
      warnings.every((w) => !w.includes(basic)),
      warnings.join('\n'),
    );
  });

  void it('loads the activities of a day', async () => {
    const r = await sources().activities.load(INSTANCE, '20240614', new AbortController().signal);
    assert.match(r.rawXml, /<activities>/);
    assert.ok(r.result && typeof r.result === 'object');
  });

  void it('signed out: an auth error with the sign-in hint, not an "unexpected" one', async () => {
    const signedOut = createPanelSources(
      {
        active: () => {
          const e = new Error('You are not signed in. Run "Voice & SMS: Sign In".');
          e.name = 'NotSignedInError';
          return Promise.reject(e);
        },
      },
      { warn: (m) => warnings.push(m), redact: (t) => t },
    );
    await assert.rejects(signedOut.activities.load(INSTANCE, '20240614', new AbortController().signal), (e: unknown) => {
      assert.ok(isVoiceSmsError(e, 'auth'), String(e));
      assert.match(e.message, /not signed in/);
      return true;
    });
  });

  void it('a cancelled load rejects as an abort and writes nothing to the log', async () => {
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(sources().monthViews.load(INSTANCE, '202405', ac.signal), (e: unknown) => {
      assert.ok(e instanceof Error && (e.name === 'AbortError' || (e as { code?: string }).code === 'ABORT_ERR'), String(e));
      return true;
    });
    assert.deepEqual(warnings, []);
  });

  void describe("with the tree's month cache", () => {
    function cached(): { months: MonthCache; panel: ReturnType<typeof createPanelSources>['monthViews'] } {
      const months = new MonthCache({ load: (i, m, signal) => client.getMonthView(i, m, signal), now: () => NOW });
      months.setProfile('p1');
      const panel = createPanelSources(
        { active: () => Promise.resolve({ client }) },
        { warn: (m) => warnings.push(m), redact: (t) => t },
        months,
      );
      return { months, panel: panel.monthViews };
    }

    void it('a month the tree has loaded opens without asking the service, with its whole answer', async () => {
      const { months, panel } = cached();
      await months.ensure(INSTANCE, '202405');
      const asked = sim.requests.length;
      const r = await panel.load(INSTANCE, '202405', new AbortController().signal);
      assert.equal(sim.requests.length, asked, 'no request for a cached month');
      assert.equal(r.view.monthId, '202405');
      assert.match(r.rawXml ?? '', /<response>/);
      assert.ok(r.envelope && r.elapsedMs >= 0);
      // And the other way round: a month a panel loaded is in the tree's cache.
      await panel.load(INSTANCE, '202404', new AbortController().signal);
      assert.equal(months.state(INSTANCE, '202404').status, 'loaded');
      months.dispose();
    });

    void it('a month that failed is asked again when a panel opens (its Retry likewise)', async () => {
      const { months, panel } = cached();
      sim.addFault({ kind: 'status', status: 404, match: { operation: 'calls' }, times: 1 });
      assert.equal((await months.ensure(INSTANCE, '202403')).status, 'error');
      const r = await panel.load(INSTANCE, '202403', new AbortController().signal);
      assert.equal(r.view.monthId, '202403');
      assert.equal(months.state(INSTANCE, '202403').status, 'loaded');
      months.dispose();
    });

    void it('a prefetched month and its comparison month are in the cache before the panel asks: the panel asks nothing', async () => {
      const { months, panel } = cached();
      const asked = sim.requests.length;
      prefetchMonth(months, INSTANCE, '202401');
      assert.equal(months.state(INSTANCE, '202401').status, 'loading', 'the month is asked at once');
      assert.equal(months.state(INSTANCE, '202312').status, 'loading', 'and the month before it, for the comparison');
      await months.ensure(INSTANCE, '202401');
      await months.ensure(INSTANCE, '202312');
      const fetched = sim.requests.length;
      assert.equal(fetched - asked, 2);
      const r = await panel.load(INSTANCE, '202401', new AbortController().signal);
      await panel.load(INSTANCE, '202312', new AbortController().signal);
      assert.equal(r.view.monthId, '202401');
      assert.equal(sim.requests.length, fetched, 'the panel asked the service nothing');
      months.dispose();
    });

    void it('a prefetch that fails is kept as failed, and the panel asks again (no error is lost or thrown)', async () => {
      const { months, panel } = cached();
      sim.addFault({ kind: 'status', status: 404, match: { operation: 'calls' }, times: 2 });
      prefetchMonth(months, INSTANCE, '202311');
      assert.equal((await months.ensure(INSTANCE, '202311')).status, 'error');
      const r = await panel.load(INSTANCE, '202311', new AbortController().signal);
      assert.equal(r.view.monthId, '202311');
      months.dispose();
    });

    void it('closing the panel stops its wait at once; the load goes on for the tree', async () => {
      const { months, panel } = cached();
      sim.addFault({ kind: 'latency', latencyMs: 300, match: { operation: 'calls' }, times: 1 });
      const ac = new AbortController();
      const waiting = panel.load(INSTANCE, '202402', ac.signal);
      setTimeout(() => ac.abort(), 20);
      await assert.rejects(waiting, (e: unknown) => e instanceof Error && e.name === 'AbortError');
      assert.equal((await months.ensure(INSTANCE, '202402')).status, 'loaded');
      assert.deepEqual(warnings, []);
      months.dispose();
    });
  });
});
