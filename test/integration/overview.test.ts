// The account overview inside a real extension host against a simulator of its own serving N instances, with
// the requests counted: two per instance, none for stored months in a "second window" (the month cache dropped),
// a failed row retried, Cancel stopping the queue, a month view opened during the load served first, and the chat
// tool answering the panel's figures.
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

  async function shown(title: string): Promise<OverviewShown | undefined> {
    const content = await profile.api.panelContent(title);
    return (content?.shown as OverviewShown[] | undefined)?.find((m) => m.type === 'overview');
  }

  /** Opens the overview of `monthId` and waits until every row settled; returns its title and rows. */
  async function openSettled(monthId: string): Promise<{ title: string; rows: OverviewRow[] }> {
    const title = await vscode.commands.executeCommand<string>('voiceSms.openAccountOverview', { monthId });
    const whole = await waitFor('every row of the overview', async () => {
      const s = await shown(title);
      return s && !s.loading && s.rows?.every((r) => r.status !== 'pending') ? s : undefined;
    });
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
    assert.equal(calls(from).length, 2 * N, 'two requests per instance');
    assert.ok(first.rows.every((r) => r.status === 'ok'));
    assert.match(first.title, /overview/i);
    await profile.api.storedMonths.flush();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    profile.api.storedMonths.dropMonthCache();
    from = profile.sim.requests.length;
    const second = await openSettled(month);
    assert.deepEqual(calls(from), [], 'no request for stored months');
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
    const month = monthBack(3);
    profile.api.storedMonths.dropMonthCache();
    profile.sim.addFault({ kind: 'latency', latencyMs: 150, match: { operation: 'calls' } });
    const from = profile.sim.requests.length;
    const title = await vscode.commands.executeCommand<string>('voiceSms.openAccountOverview', { monthId: month });
    await waitFor('the first answers', () => calls(from).length >= LIMIT + 1);
    assert.ok(await profile.api.panelPost(title, { type: 'cancel' }));
    const done = await waitFor('the cancelled overview', async () => {
      const s = await shown(title);
      return s && !s.loading ? s : undefined;
    });
    assert.equal(done.cancelled, true);
    const sent = calls(from).length;
    await new Promise((r) => setTimeout(r, 600));
    assert.equal(calls(from).length, sent, 'nothing asked after Cancel');
    assert.ok(sent < 2 * N, `${sent} of ${2 * N} requests`);
  });

  it('a month view opened while the overview loads is served first', async function () {
    const month = monthBack(4);
    const other = monthBack(8);
    profile.api.storedMonths.dropMonthCache();
    profile.sim.addFault({ kind: 'latency', latencyMs: 100, match: { operation: 'calls' } });
    const from = profile.sim.requests.length;
    const title = await vscode.commands.executeCommand<string>('voiceSms.openAccountOverview', { monthId: month });
    await waitFor('the overview on the wire', () => calls(from).length >= 1);
    const asked = calls(from).length;
    await vscode.commands.executeCommand('voiceSms.openMonthView', { instanceId: IDS[N - 1], monthId: other });
    const at = await waitFor("the month view's request", () => {
      const i = calls(from).findIndex((p) => p.endsWith(`/${IDS[N - 1]}/calls/${other}`));
      return i >= 0 ? i : undefined;
    });
    assert.ok(at <= asked + LIMIT, `the month view was request ${at}; ${asked} were on the wire when it was opened`);
    await waitFor('the overview to finish', async () => (await shown(title))?.loading === false);
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
