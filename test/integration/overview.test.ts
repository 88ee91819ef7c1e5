// The account overview inside a real extension host against a simulator of its own serving N instances, with
// the requests counted: two per instance, none for stored months in a "second window" (the month cache dropped),
// a failed row retried, Cancel stopping the queue, a month view opened during the load served first, the 12-month
// cells of the rows on screen filled behind the rows' own months and from the store in the next window, and the chat
// tool answering the panel's figures. The page itself reports the rows it has on screen and the host fills their
// cells: counts of the overview's own requests look at its two months only, and a test that needs months nobody
// asked before clears the store first (Clear Stored Months).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { OverviewRow } from '../../src/shared/overview/overview.js';
import { demoInstanceIds } from '../../src/simulator/index.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';
import { waitFor } from './waitFor.js';

const PROFILE = 'Overview integration';
const N = 10;
const IDS = demoInstanceIds(N);
const LIMIT = 2;

interface OverviewShown {
  type: string;
  monthId?: string;
  rows?: OverviewRow[];
  loading?: boolean;
  cancelled?: boolean;
}

function previousOf(monthId: string): string {
  const y = Number(monthId.slice(0, 4));
  const m = Number(monthId.slice(4, 6));
  return m === 1 ? `${y - 1}12` : `${y}${String(m - 1).padStart(2, '0')}`;
}

function monthBack(n: number): string {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1));
  return `${m.getUTCFullYear()}${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe('account overview', function () {
  this.timeout(120_000);
  let profile: SimulatorProfile;

  const calls = (from: number): string[] =>
    profile.sim.requests
      .slice(from)
      .map((r) => r.path)
      .filter((p) => p.includes('/calls/'));
  /** The requests for `month` and the month before it: the overview's own two per instance. */
  const ownCalls = (from: number, month: string): string[] =>
    calls(from).filter((p) => p.endsWith(`/calls/${month}`) || p.endsWith(`/calls/${previousOf(month)}`));

  /** Deletes every stored month and drops the month cache (what an earlier test's filled cells kept is gone). */
  async function clearStored(): Promise<void> {
    await profile.api.storedMonths.flush();
    await vscode.commands.executeCommand('voiceSms.clearStoredMonths');
  }

  async function shown(title: string): Promise<OverviewShown | undefined> {
    const content = await profile.api.panelContent(title);
    return (content?.shown as OverviewShown[] | undefined)?.find((m) => m.type === 'overview');
  }

  /** Opens the overview of `monthId` and waits until every row settled; returns its title and rows. */
  async function openSettled(monthId: string): Promise<{ title: string; rows: OverviewRow[] }> {
    const title = await vscode.commands.executeCommand<string>('voiceSms.openAccountOverview', { monthId });
    const whole = await waitFor(
      'every row of the overview',
      async () => {
        const s = await shown(title);
        return s && !s.loading && s.rows?.every((r) => r.status !== 'pending') ? s : undefined;
      },
      45_000,
    );
    return { title, rows: whole.rows! };
  }

  before(async function () {
    profile = await useStoredProfile(PROFILE, {
      profile: { voiceInstances: IDS },
      simulator: { instanceCount: N },
      settings: { maxConcurrentRequests: LIMIT },
      waitSignedIn: true,
    });
  });

  afterEach(async function () {
    profile.sim.clearFaults();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async function () {
    await profile?.remove();
  });

  it('asks two months per instance; a second window asks nothing for stored months', async function () {
    const month = monthBack(2);
    profile.api.storedMonths.dropMonthCache();
    let from = profile.sim.requests.length;
    const first = await openSettled(month);
    assert.equal(ownCalls(from, month).length, 2 * N, 'two requests per instance');
    assert.ok(first.rows.every((r) => r.status === 'ok'));
    assert.match(first.title, /overview/i);
    await profile.api.storedMonths.flush();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    profile.api.storedMonths.dropMonthCache();
    from = profile.sim.requests.length;
    const second = await openSettled(month);
    assert.deepEqual(ownCalls(from, month), [], 'no request for stored months');
    assert.deepEqual(
      second.rows.map((r) => r.figures),
      first.rows.map((r) => r.figures),
    );
  });

  it('a failed row says why and loads on retry', async function () {
    const month = monthBack(0);
    const bad = IDS[3]!;
    profile.api.storedMonths.dropMonthCache();
    profile.sim.addFault({ kind: 'envelopeError', serviceMessage: 'instance suspended', match: { operation: 'calls', id: bad } });
    const { title, rows } = await openSettled(month);
    const failed = rows.find((r) => r.instanceId === bad);
    assert.equal(failed?.status, 'failed');
    assert.match(failed?.error ?? '', /instance suspended/);
    profile.sim.clearFaults();
    assert.ok(await profile.api.panelPost(title, { type: 'retryRow', instanceId: bad }));
    await waitFor('the retried row', async () => (await shown(title))?.rows?.find((r) => r.instanceId === bad)?.status === 'ok');
  });

  it('Cancel stops further requests and keeps the loaded rows', async function () {
    // Months no other test here asks (none of them stored by an earlier one).
    const month = monthBack(5);
    const asked = [month, monthBack(6)];
    const barrier = monthBack(14);
    await clearStored();
    profile.sim.addFault({ kind: 'latency', latencyMs: 250, match: { operation: 'calls' } });
    const from = profile.sim.requests.length;
    const overviewCalls = (): string[] => calls(from).filter((p) => asked.some((m) => p.endsWith(`/calls/${m}`)));
    const title = await vscode.commands.executeCommand<string>('voiceSms.openAccountOverview', { monthId: month });
    await waitFor('the first answers', () => overviewCalls().length >= LIMIT + 1);
    // Counted in the same turn as the Cancel: the message reaches the controller, which aborts, before panelPost's
    // first await, so no other request can take a slot in between. Those holding one (at most the limit) may still
    // reach the simulator.
    const atCancel = overviewCalls().length;
    const cancelled = profile.api.panelPost(title, { type: 'cancel' });
    assert.ok(await cancelled);
    const done = await waitFor('the cancelled overview', async () => {
      const s = await shown(title);
      return s && !s.loading ? s : undefined;
    });
    assert.equal(done.cancelled, true);
    // A barrier instead of a sleep: a month asked after Cancel at the overview's own priority ('low'). The scheduler
    // starts the requests of one priority in the order they came (core/http/scheduler.ts), so an overview request
    // still queued would leave before it: once it is answered, whatever the overview would still send is sent.
    assert.equal(await profile.api.reloadMonth(IDS[0]!, barrier), 'loaded');
    assert.ok(
      calls(from).some((p) => p.endsWith(`/${IDS[0]}/calls/${barrier}`)),
      'the barrier month went over the wire',
    );
    const sent = overviewCalls().length;
    // Fails an overview whose month source drops the signal (webviews/overview/overviewSource.ts calling months.fetch under a
    // signal of its own): Cancel then shows, but every queued request still goes out (2N).
    assert.ok(sent <= atCancel + LIMIT, `nothing asked after Cancel beyond the ${LIMIT} holding a slot: ${sent}, ${atCancel} at Cancel`);
    assert.ok(
      done.rows?.some((r) => r.status === 'pending'),
      'the rows not loaded stay pending',
    );
    assert.ok(
      done.rows?.every((r) => r.status !== 'failed'),
      'no row fails for being cancelled',
    );
  });

  it('a month view opened while the overview loads is served first', async function () {
    this.timeout(60_000);
    const month = monthBack(9);
    const other = monthBack(12);
    const hold = demoInstanceIds(N + 1)[N]!; // asked by nothing but the hold below
    const holdMonths = [monthBack(15), monthBack(16)];
    await clearStored();
    const from = profile.sim.requests.length;
    // Every slot held by a request that does not answer (LIMIT of them), so nothing leaves while the overview and
    // then the month view join the queue; no clock decides what goes first, only the scheduler once a slot frees.
    profile.sim.addFault({ kind: 'hang', times: LIMIT, match: { operation: 'calls', id: hold } });
    const held = holdMonths.map((m) => profile.api.reloadMonth(hold, m));
    await waitFor('every slot held', () => calls(from).length === LIMIT && profile.api.requestQueue()?.inFlight === LIMIT);
    const title = await vscode.commands.executeCommand<string>('voiceSms.openAccountOverview', { monthId: month });
    await waitFor('the overview queued, two months per instance', () => profile.api.requestQueue()?.queued === 2 * N);
    await vscode.commands.executeCommand('voiceSms.openMonthView', { instanceId: IDS[N - 1], monthId: other });
    // The month view asks its month and the month before it (the comparison).
    await waitFor('the month view queued behind the held slots', () => profile.api.requestQueue()?.queued === 2 * N + 2);
    assert.equal(calls(from).length, LIMIT, 'nothing left while the slots were held');
    // Reloading a held month aborts its hanging request: a slot frees, and then the other.
    const released = holdMonths.map((m) => profile.api.reloadMonth(hold, m));
    await Promise.all(held);
    const at = await waitFor("the month view's request", () => {
      const i = calls(from).findIndex((p) => p.endsWith(`/${IDS[N - 1]}/calls/${other}`));
      return i >= 0 ? i : undefined;
    });
    await waitFor('the overview to finish', async () => (await shown(title))?.loading === false);
    await Promise.all(released);
    const firstOverview = calls(from).findIndex((p) => p.endsWith(`/calls/${month}`) || p.endsWith(`/calls/${monthBack(10)}`));
    // Fails a month view that queues at the overview's priority or below ('low': first come, first served, so
    // behind all 2N overview requests), or an overview that asks above 'low'.
    assert.ok(
      at < firstOverview,
      `the month view was request ${at}, the overview's first ${firstOverview}: ${calls(from).slice(0, 6).join(', ')}`,
    );
  });

  it("fills the 12-month cells of the rows on screen behind the rows' own months; the next window reads them from the store", async function () {
    const month = monthBack(3);
    const trendMonths = Array.from({ length: 12 }, (_, i) => monthBack(3 + i));
    await clearStored();
    let from = profile.sim.requests.length;
    const { title } = await openSettled(month);
    // The page reports the rows it has on screen by itself; these two are at the top of the table, so on screen.
    const onScreen = [IDS[0]!, IDS[1]!];
    assert.ok(await profile.api.panelPost(title, { type: 'visibleRows', instanceIds: onScreen }));
    const whole = (rows: OverviewRow[] | undefined, id: string): boolean =>
      rows?.find((r) => r.instanceId === id)?.trend.every((v) => v !== null) ?? false;
    // Twenty months at low priority behind every row's own: 9-16 s alone, over 15 s beside the e2e suites (CI-like run).
    await waitFor(
      'the cells on screen filled',
      async () => {
        const rows = (await shown(title))?.rows;
        return onScreen.every((id) => whole(rows, id));
      },
      60_000,
    );
    const asked = calls(from);
    const own = (p: string): boolean => p.endsWith(`/calls/${month}`) || p.endsWith(`/calls/${previousOf(month)}`);
    const lastOwn = asked.reduce((last, p, i) => (own(p) ? i : last), -1);
    const firstTrend = asked.findIndex((p) => !own(p));
    assert.ok(firstTrend > lastOwn, `a cell's month was request ${firstTrend}, a row's own month ${lastOwn}`);
    for (const id of onScreen) {
      for (const m of trendMonths.slice(2)) {
        assert.equal(asked.filter((p) => p.endsWith(`/${id}/calls/${m}`)).length, 1, `${id} ${m} asked once`);
      }
    }
    await profile.api.storedMonths.flush();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // A new window: the cells come whole from the store, with no request for any of their months.
    profile.api.storedMonths.dropMonthCache();
    from = profile.sim.requests.length;
    const again = await openSettled(month);
    for (const id of onScreen) assert.ok(whole(again.rows, id), `${id}'s cell whole from the store`);
    assert.deepEqual(
      calls(from).filter((p) => onScreen.some((id) => p.includes(`/${id}/calls/`))),
      [],
      'nothing asked for the months kept',
    );
  });

  it('the chat tool answers with the panel figures', async function () {
    const month = monthBack(1);
    const { rows } = await openSettled(month);
    const result = await vscode.lm.invokeTool('voiceSms_getAccountOverview', { input: { monthId: month }, toolInvocationToken: undefined });
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('\n');
    const data = JSON.parse(text.split('\n').at(-1) ?? '') as {
      rows: Array<{ instanceId: string; figures?: unknown; changePct?: unknown }>;
    };
    assert.deepEqual(
      data.rows.map((r) => [r.instanceId, r.figures, r.changePct]),
      rows.map((r) => [r.instanceId, r.figures, r.changePct]),
    );
  });

  it('refuses a malformed month', async function () {
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('voiceSms.openAccountOverview', { monthId: '2024-13' })));
  });
});
