// A watch's life across windows, and what the user can do with an alert, in a real extension host and counted
// from the simulator's request log: a reload carries the watch on, a folder opened again days later asks
// Resume / Not now and sends nothing until Resume; one instance is watched or dropped from its row's menu;
// "Snooze for a Day" keeps the alert quiet until its stored end by the watch's clock (moved by the test seam, not
// waited for); Undo puts back a stopped alert's setting or ends a snooze.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, DEMO_INSTANCES } from '../../src/simulator/index.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';
import { waitFor } from './waitFor.js';

const PROFILE = 'Watch life integration';
const IDS = DEMO_INSTANCES.slice(0, 2);
const INTERVAL = 10_000;
const DAY = 24 * 60 * 60_000;

describe('watch life: resume after a reopening, row menus, snooze and undo of alerts', function () {
  let profile: SimulatorProfile;
  let api: VoiceSmsTestApi;
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const monthReads = (): number => profile.sim.requests.filter((r) => /\/calls\/\d{6}$/.test(r.path)).length;
  const asked = () => api.confirmations.asked();
  const lowAlerts = () => api.alerts.raised().filter((a) => a.kind === 'lowBalance');

  /** The demo account's balance (123.45) above a threshold of 5, then at or below 500: one crossing. */
  async function crossLowBalance(): Promise<void> {
    await config().update('lowBalanceThreshold', 5, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('voiceSms.refreshBalance', {});
    await api.balance.settled();
    const before = lowAlerts().length;
    await config().update('lowBalanceThreshold', 500, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('voiceSms.refreshBalance', {});
    await waitFor('the low-balance alert to be decided', () => lowAlerts().length === before + 1);
  }

  before(async function () {
    profile = await useStoredProfile(PROFILE, {
      profile: { accountId: DEMO_ACCOUNT, voiceInstances: [...IDS, DEMO_INSTANCES[4]!] },
      settings: { 'watch.intervalSeconds': 10, 'watch.balanceMinutes': 60, lowBalanceThreshold: 5 },
      waitSignedIn: true,
    });
    api = profile.api;
    api.watch.drive(true);
  });

  // An answer a test queued and did not use (it failed before the question) must not answer the next test's.
  afterEach(function () {
    api.confirmations.clearAnswers();
  });

  after(async function () {
    api.confirmations.clearAnswers();
    api.watch.release();
    await vscode.commands.executeCommand('voiceSms.stopWatching');
    await config().update('alerts.lowBalance', undefined, vscode.ConfigurationTarget.Global);
    await profile.remove();
  });

  it('a reload carries the watch on without asking', async function () {
    await vscode.commands.executeCommand('voiceSms.startWatching', { instanceIds: IDS });
    await api.watch.advance(0);
    assert.ok(api.watch.stored()?.aliveAt !== undefined, 'the watch notes when it was last alive');
    const questions = asked().length;
    const before = monthReads();
    await api.watch.reopen(20_000);
    assert.ok(api.watch.state(), 'running again');
    assert.equal(asked().length, questions, 'no question after a reload');
    await api.watch.advance(0);
    assert.equal(monthReads() - before, IDS.length, 'read at once: its last read is older than the interval');
  });

  it('a folder opened two days later asks Resume / Not now and sends no request until Resume', async function () {
    const answer = api.confirmations.answerLater();
    await api.watch.reopen(2 * DAY);
    const question = await waitFor('the question to resume', () => asked().at(-1));
    assert.deepEqual(question.buttons, ['Resume', 'Not now']);
    assert.match(question.message, /A watch of 2 voice instance\(s\) of "Watch life integration" was running/);
    assert.equal(api.watch.state(), undefined, 'nothing runs while the question is open');
    // Ten intervals by the watch's clock, and real time for any stray request to arrive: not one.
    const requests = profile.sim.requests.length;
    await api.watch.advance(INTERVAL * 10);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(
      profile.sim.requests.length,
      requests,
      `requests while asking: ${profile.sim.requests
        .slice(requests)
        .map((r) => r.path)
        .join(', ')}`,
    );
    assert.deepEqual(api.watch.stored()?.instanceIds, IDS, 'still stored');
    answer('Resume');
    await waitFor('the watch to resume', () => api.watch.state());
    await api.watch.advance(0);
    await waitFor('one read per instance after Resume', () => profile.sim.requests.length - requests >= IDS.length);
    assert.equal(
      profile.sim.requests.slice(requests).filter((r) => /\/calls\/\d{6}$/.test(r.path)).length,
      IDS.length,
      'the first requests since the question are the resumed reads',
    );
  });

  it('Not now forgets the watch: nothing stored, nothing read, not asked again', async function () {
    api.confirmations.answerNext('Not now');
    await api.watch.reopen(2 * DAY);
    await waitFor('the watch to be forgotten', () => api.watch.stored() === undefined);
    assert.equal(api.watch.state(), undefined);
    const requests = monthReads();
    await api.watch.advance(INTERVAL * 3);
    assert.equal(monthReads(), requests);
    const questions = asked().length;
    await api.watch.reopen(2 * DAY);
    assert.equal(asked().length, questions, 'asked once');
  });

  it("an instance row's Watch and Stop Watching add and drop it; the last one ends the watch", async function () {
    const row = (id: string) => {
      const node = api.instancesTree.getChildren().find((n) => api.instancesTree.getTreeItem(n).label === id);
      return api.instancesTree.getTreeItem(node);
    };
    assert.equal(row(IDS[0]!).contextValue, 'voiceSms.instance');
    assert.deepEqual(await vscode.commands.executeCommand('voiceSms.watchInstance', { instanceId: IDS[0] }), [IDS[0]]);
    assert.deepEqual(await vscode.commands.executeCommand('voiceSms.watchInstance', { instanceId: IDS[1] }), IDS);
    await waitFor('the rows marked', () => row(IDS[1]!).contextValue === 'voiceSms.instance.watched');
    assert.equal(api.watch.state()!.statusBar.command, 'voiceSms.openWatchedInstance', 'two watched: the click asks which');
    assert.deepEqual(await vscode.commands.executeCommand('voiceSms.unwatchInstance', { instanceId: IDS[0] }), [IDS[1]]);
    assert.equal(api.watch.state()!.statusBar.command, 'voiceSms.openMonthView', 'one watched: the click opens it');
    await waitFor('the row unmarked', () => row(IDS[0]!).contextValue === 'voiceSms.instance');
    assert.deepEqual(await vscode.commands.executeCommand('voiceSms.unwatchInstance', { instanceId: IDS[1] }), []);
    assert.equal(api.watch.state(), undefined);
    assert.equal(api.watch.stored(), undefined);
  });

  it('Snooze for a Day: stored with its end, quiet until then by the watch clock, then alerts again', async function () {
    // Eight settings writes and refreshes, each a round trip through the editor: 18 s at load 3, over 30 s at load 12.
    this.timeout(120_000);
    assert.equal(api.watch.state(), undefined, 'no watch: moving the clock a day reads nothing');
    api.confirmations.answerNext('Snooze for a Day');
    api.confirmations.answerNext(undefined); // "… snoozed until …" [Undo]: closed
    const questions = asked().length;
    await crossLowBalance();
    assert.equal(lowAlerts().at(-1)!.shown, true);
    const start = api.watch.now();
    const stored = await waitFor('the snooze stored', () => (api.alerts.snoozes() as { lowBalance?: number } | undefined)?.lowBalance);
    assert.equal(stored, start + DAY, 'ends a day after it was asked, by the watch clock');
    assert.deepEqual(asked()[questions]!.buttons, ['Show Account', 'Snooze for a Day', 'Stop These Alerts']);
    await waitFor('the snooze confirmed with Undo', () => asked().length === questions + 2);
    assert.deepEqual(asked().at(-1)!.buttons, ['Undo']);

    await crossLowBalance();
    assert.equal(lowAlerts().at(-1)!.shown, false, 'snoozed: decided but not shown');
    assert.equal(asked().length, questions + 2, 'nothing asked');

    await api.watch.advance(DAY - 1);
    await crossLowBalance();
    assert.equal(lowAlerts().at(-1)!.shown, false, 'a millisecond before its end: still quiet');

    api.confirmations.answerNext(undefined);
    await api.watch.advance(1);
    await crossLowBalance();
    assert.equal(lowAlerts().at(-1)!.shown, true, 'at its end the alert shows again');
    assert.equal(asked().length, questions + 3);
  });

  it('Undo after Snooze ends the snooze at once', async function () {
    this.timeout(120_000);
    api.confirmations.answerNext('Snooze for a Day');
    api.confirmations.answerNext('Undo');
    await crossLowBalance();
    await waitFor('the snooze undone', () => {
      const s = api.alerts.snoozes() as Record<string, unknown> | undefined;
      return asked().at(-1)?.buttons.includes('Undo') && s !== undefined && !('lowBalance' in s);
    });
    api.confirmations.answerNext(undefined);
    await crossLowBalance();
    assert.equal(lowAlerts().at(-1)!.shown, true, 'not snoozed any more');
  });

  it('Stop These Alerts turns the setting off; Undo puts back what the user had', async function () {
    this.timeout(120_000);
    assert.equal(config().inspect('alerts.lowBalance')?.globalValue, undefined, 'the default applies');
    api.confirmations.answerNext('Stop These Alerts');
    const undo = api.confirmations.answerLater();
    await crossLowBalance();
    await waitFor('the setting off', () => config().inspect('alerts.lowBalance')?.globalValue === false);
    const offered = await waitFor('Undo offered', () => (asked().at(-1)?.buttons.includes('Undo') ? asked().at(-1) : undefined));
    assert.match(offered.message, /Low-balance alerts are off \(setting voiceSms\.alerts\.lowBalance\)/);
    undo('Undo');
    await waitFor('the setting back to its default', () => config().inspect('alerts.lowBalance')?.globalValue === undefined);
  });
});
