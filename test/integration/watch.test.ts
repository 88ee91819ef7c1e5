// The watch in a real extension host, counted from the simulator's request log (not assumed): one request per
// watched instance per interval, none while the window is unfocused, the service's Retry-After held to, the balance
// read every watch.balanceMinutes, the low-balance alert once per crossing across two windows' shared state, and
// the watch ended by sign-out. Time and focus are driven through the test seam (api.watch.drive), so an interval
// costs no waiting; the requests themselves go over HTTP to the simulator in real time.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, DEMO_INSTANCES, monthViewData } from '../../src/simulator/index.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';
import { waitFor } from './waitFor.js';

const PROFILE = 'Watch integration';
const IDS = DEMO_INSTANCES.slice(0, 3);
const INTERVAL = 10_000;

describe('watch: one read per instance per interval, focus, Retry-After, balance, alerts, sign-out', function () {
  let profile: SimulatorProfile;
  let api: VoiceSmsTestApi;
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const month = (): string => {
    const d = new Date();
    return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  const monthReads = (): number => profile.sim.requests.filter((r) => r.path.endsWith(`/calls/${month()}`)).length;
  const balanceReads = (): number => profile.sim.requests.filter((r) => r.path.includes('/balance')).length;

  before(async function () {
    profile = await useStoredProfile(PROFILE, {
      profile: { accountId: DEMO_ACCOUNT, voiceInstances: [...IDS, DEMO_INSTANCES[5]!] },
      settings: { 'watch.intervalSeconds': 10, 'watch.balanceMinutes': 5, lowBalanceThreshold: 5 },
      waitSignedIn: true,
    });
    api = profile.api;
    api.watch.drive(true);
  });

  after(async function () {
    api.watch.release();
    await vscode.commands.executeCommand('voiceSms.stopWatching');
    await profile.remove();
  });

  it('startWatching returns the ids, reads each at once, marks the tree and shows today in the status bar', async function () {
    const before = monthReads();
    const watched = await vscode.commands.executeCommand('voiceSms.startWatching', { instanceIds: IDS });
    assert.deepEqual(watched, IDS);
    await api.watch.advance(0);
    assert.equal(monthReads() - before, 3, 'one request per watched instance');
    // Today's legs as the simulator serves them, summed independently of the product.
    const expected = IDS.map((id) => {
      const data = monthViewData(id, month(), Date.now());
      return data.days.find((d) => d.dateId === data.currentDateID)!.call_legs;
    }).reduce((a, b) => a + b, 0);
    const state = await waitFor('the first reading', () =>
      api.watch.state()?.readings.every((r) => r.legs !== undefined) ? api.watch.state() : undefined,
    );
    assert.equal(state.statusBar.text, `$(pulse) Today ${expected.toLocaleString(vscode.env.language)} legs \u00b10`);
    // The tooltip is markdown with every outside character escaped; read as shown, each instance has its reading
    // and two links, trusted for those commands only.
    const shown = state.statusBar.tooltip.replace(/\\(.)/g, '$1');
    const link = (command: string, arg: unknown) => `(command:${command}?${encodeURIComponent(JSON.stringify([arg]))})`;
    for (const id of IDS) {
      assert.match(shown, new RegExp(`${id}: .*read at .*\\[Open\\]`));
      assert.ok(shown.includes(`[Open]${link('voiceSms.openMonthView', { instanceId: id, monthId: month() })}`), shown);
      assert.ok(shown.includes(`[Stop Watching]${link('voiceSms.unwatchInstance', { instanceId: id })}`), shown);
    }
    assert.ok(shown.includes('[Stop Watching All](command:voiceSms.stopWatching)'), shown);
    assert.deepEqual([...state.statusBar.trusted].sort(), ['voiceSms.openMonthView', 'voiceSms.stopWatching', 'voiceSms.unwatchInstance']);
    // Three watched: a click asks which to open.
    assert.equal(state.statusBar.command, 'voiceSms.openWatchedInstance');
    assert.deepEqual(state.statusBar.arguments, []);
    // The tree marks the watched instances, not the fourth one.
    const rows = api.instancesTree.getChildren().map((n) => api.instancesTree.getTreeItem(n));
    const marked = rows.filter((r) => String(r.description ?? '').includes('watched')).map((r) => r.label);
    assert.deepEqual(marked, IDS);
    // …and their menus offer Stop Watching instead of Watch.
    assert.deepEqual(
      rows.map((r) => r.contextValue),
      [...IDS.map(() => 'voiceSms.instance.watched'), 'voiceSms.instance'],
    );
    // Kept in this window's workspace state, so a reload resumes it.
    const keys = await api.storage.keys();
    assert.ok(keys.workspace.includes('voiceSms.watch'), `workspace keys: ${keys.workspace.join(', ')}`);
  });

  it('costs one request per watched instance per interval, nothing in between', async function () {
    const before = monthReads();
    await api.watch.advance(INTERVAL - 1);
    assert.equal(monthReads(), before, 'nothing before the interval is up');
    await api.watch.advance(1);
    assert.equal(monthReads() - before, 3);
    await api.watch.advance(INTERVAL * 4);
    assert.equal(monthReads() - before, 15, '5 intervals × 3 instances');
  });

  it('reads nothing while the window is unfocused, and at once when it gains focus after the interval', async function () {
    await api.watch.setFocused(false);
    const before = monthReads();
    await api.watch.advance(INTERVAL * 6);
    assert.equal(monthReads(), before, 'no request while unfocused');
    await api.watch.setFocused(true);
    assert.equal(monthReads() - before, 3, 'read at once on focus');
  });

  it('reads the balance every watch.balanceMinutes while the watch runs', async function () {
    // A minute between month reads for this test: five minutes are then five ticks of three reads, not thirty.
    await config().update('watch.intervalSeconds', 60, vscode.ConfigurationTarget.Global);
    try {
      await api.balance.settled();
      const before = balanceReads();
      await api.watch.advance(5 * 60_000);
      await api.balance.settled();
      assert.equal(balanceReads() - before, 1, 'one balance request in five minutes');
    } finally {
      await config().update('watch.intervalSeconds', INTERVAL / 1000, vscode.ConfigurationTarget.Global);
    }
  });

  it('alerts once per crossing of lowBalanceThreshold, across two windows sharing the global state', async function () {
    const lowAlerts = () => api.alerts.raised().filter((a) => a.kind === 'lowBalance').length;
    const start = lowAlerts();
    await config().update('lowBalanceThreshold', 500, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('voiceSms.refreshBalance', {});
    await waitFor('the low-balance alert', () => lowAlerts() === start + 1);
    assert.match(api.alerts.raised().at(-1)!.message, /at or below 500/);
    assert.equal(await api.alerts.anotherWindowObservesBalance(), false, 'a second window stays quiet for the same crossing');
    await vscode.commands.executeCommand('voiceSms.refreshBalance', {});
    await api.balance.settled();
    assert.equal(lowAlerts(), start + 1, 'still low: no second alert');
    // Above the threshold re-arms it; the next fall alerts again.
    await config().update('lowBalanceThreshold', 5, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('voiceSms.refreshBalance', {});
    await api.balance.settled();
    await config().update('lowBalanceThreshold', 500, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('voiceSms.refreshBalance', {});
    await waitFor('the second alert', () => lowAlerts() === start + 2);
    await config().update('lowBalanceThreshold', 5, vscode.ConfigurationTarget.Global);
  });

  it("holds to the service's Retry-After: no read until it has passed, said once in the status bar", async function () {
    profile.sim.addFault({ kind: 'status', status: 429, retryAfter: '40', match: { id: IDS[1]! }, times: 1 });
    const before = monthReads();
    await api.watch.advance(INTERVAL);
    const failed = api.watch.state()!;
    assert.equal(failed.failures, 1);
    assert.equal(failed.heldUntil! - failed.now, 40_000);
    assert.ok(failed.statusBar.text.endsWith('$(warning)'), failed.statusBar.text);
    assert.match(failed.statusBar.tooltip, /next try at/);
    assert.equal(monthReads() - before, 3);
    const reads = failed.readsStarted;
    await api.watch.advance(40_000 - 1);
    assert.equal(api.watch.state()!.readsStarted, reads, 'no read while the Retry-After holds');
    assert.equal(monthReads() - before, 3, 'and no request');
    // The read that follows waits in the client for the profile's own pause after the 429 (real time): not awaited.
    void api.watch.advance(1);
    assert.equal(api.watch.state()!.readsStarted, reads + 1, 'read again once it passed');
  });

  it('stops on sign-out: no status bar, nothing stored, no request', async function () {
    await api.storeCredentials(PROFILE, undefined);
    await waitFor('the watch to stop', () => api.watch.state() === undefined);
    const keys = await api.storage.keys();
    assert.ok(!keys.workspace.includes('voiceSms.watch'));
    const before = monthReads();
    await api.watch.advance(INTERVAL * 3);
    assert.equal(monthReads(), before);
  });
});
