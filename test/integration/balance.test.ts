// The balance inside a real extension host, against the simulator started in this process: sign in
// with an account id, refreshBalance returns the simulator's balance as shown, the Account view and
// the status bar show it, the low-balance threshold turns the warning on and off, the status-bar
// setting hides the item, and a profile without an account id says so (and the old balance is gone).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, DEMO_CURRENCY, DEMO_STARTING_BALANCE_CENTS, DEMO_SENDER_IDS, type Simulator } from '../../src/simulator/index.js';
import { waitFor } from './waitFor.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { signInToOwnSimulator, type SimulatorProfile } from './simulatorProfile.js';

const PROFILE = 'Balance integration';
const EXPECTED = `${(DEMO_STARTING_BALANCE_CENTS / 100).toFixed(2)} ${DEMO_CURRENCY}`;

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

describe('balance: refreshBalance, Account view, status bar, low-balance warning', function () {
  let api: VoiceSmsTestApi;
  let sim: Simulator;
  let profile: SimulatorProfile | undefined;
  const config = () => vscode.workspace.getConfiguration('voiceSms');

  function rows(): vscode.TreeItem[] {
    return api.balance.accountTree.getChildren().map((n) => api.balance.accountTree.getTreeItem(n));
  }
  function balanceRow(): vscode.TreeItem | undefined {
    return rows().find((r) => label(r) === 'Balance');
  }

  before(async function () {
    profile = await signInToOwnSimulator(PROFILE);
    ({ api, sim } = profile);
    // The sign-in flow does not ask for sender identities; the Account view lists the profile's.
    const profiles = config().inspect<Array<Record<string, unknown>>>('profiles')?.globalValue ?? [];
    await config().update(
      'profiles',
      profiles.map((p) => (p.name === PROFILE ? { ...p, senderIds: [...DEMO_SENDER_IDS] } : p)),
      vscode.ConfigurationTarget.Global,
    );
  });

  after(async function () {
    await config().update('lowBalanceThreshold', undefined, vscode.ConfigurationTarget.Global);
    await config().update('statusBar.showBalance', undefined, vscode.ConfigurationTarget.Global);
    await profile?.remove();
    await vscode.commands.executeCommand('voiceSms.refresh');
  });

  it('refreshBalance returns the balance as the simulator has it, with its currency', async function () {
    const before = sim.requests.length;
    const shown = await vscode.commands.executeCommand('voiceSms.refreshBalance', {});
    assert.equal(shown, EXPECTED);
    const balanceRequests = sim.requests.slice(before).filter((r) => r.path.includes(`/account/${DEMO_ACCOUNT}/balance`));
    assert.ok(balanceRequests.length >= 1, 'asked the simulator');
  });

  it('the Account view shows the profile, the balance, the refresh time and the sender identities', async function () {
    await api.balance.settled();
    const items = rows();
    const profileRow = items.find((r) => label(r) === PROFILE);
    assert.ok(profileRow, `no profile row in ${items.map(label).join(', ')}`);
    assert.equal(profileRow.description, new URL(sim.url).host);
    assert.equal(balanceRow()?.description, EXPECTED);
    assert.equal((balanceRow()?.iconPath as vscode.ThemeIcon).id, 'credit-card');
    assert.equal(balanceRow()?.command?.command, 'voiceSms.refreshBalance');
    assert.ok(items.some((r) => label(r).startsWith('Last refresh: ')));
    const senders = api.balance.accountTree
      .getChildren()
      .find((n) => label(api.balance.accountTree.getTreeItem(n)) === 'Sender identities');
    assert.ok(senders);
    const senderLabels = api.balance.accountTree.getChildren(senders).map((n) => label(api.balance.accountTree.getTreeItem(n)));
    assert.deepEqual(senderLabels, [...DEMO_SENDER_IDS]);
  });

  it('the status bar shows the balance without a warning', async function () {
    const bar = await waitFor('the status bar item', () => {
      const b = api.balance.statusBar();
      return b.visible && b.text.includes(EXPECTED) ? b : undefined;
    });
    assert.equal(bar.text, `$(credit-card) ${EXPECTED}`);
    assert.equal(bar.warning, false);
    assert.match(bar.tooltip, /Last refresh: /);
  });

  it('the status bar names the active profile and its host, and one click switches profile', async function () {
    const item = await waitFor('the profile item', () => {
      const b = api.balance.profileStatusBar();
      return b.visible && b.text.includes(PROFILE) ? b : undefined;
    });
    assert.equal(item.text, `$(account) ${PROFILE}`);
    assert.ok(item.tooltip.includes(new URL(sim.url).host), item.tooltip);
    assert.equal(item.command, 'voiceSms.switchProfile');
  });

  it('crossing lowBalanceThreshold turns the warning on (status bar and view) and back off', async function () {
    await config().update('lowBalanceThreshold', DEMO_STARTING_BALANCE_CENTS / 100, vscode.ConfigurationTarget.Global);
    const low = await waitFor('the warning', () => {
      const b = api.balance.statusBar();
      return b.warning ? b : undefined;
    });
    assert.match(low.tooltip, /Low: at or below 123\.45/);
    assert.equal((balanceRow()?.iconPath as vscode.ThemeIcon).id, 'warning');

    await config().update('lowBalanceThreshold', DEMO_STARTING_BALANCE_CENTS / 100 - 0.01, vscode.ConfigurationTarget.Global);
    await waitFor('the warning to go', () => !api.balance.statusBar().warning);
    assert.equal((balanceRow()?.iconPath as vscode.ThemeIcon).id, 'credit-card');
  });

  it('statusBar.showBalance false hides the item, true shows it again', async function () {
    await config().update('statusBar.showBalance', false, vscode.ConfigurationTarget.Global);
    await waitFor('the item to hide', () => !api.balance.statusBar().visible);
    await config().update('statusBar.showBalance', undefined, vscode.ConfigurationTarget.Global);
    await waitFor('the item to show', () => api.balance.statusBar().visible);
  });

  it('a profile without an account id: a row that opens settings, no stale balance, refreshBalance explains', async function () {
    const profiles = config().inspect<Array<Record<string, unknown>>>('profiles')?.globalValue ?? [];
    await config().update(
      'profiles',
      profiles.map((p) => {
        if (p.name !== PROFILE) return p;
        const { accountId: _dropped, ...rest } = p;
        return rest;
      }),
      vscode.ConfigurationTarget.Global,
    );
    const row = await waitFor('the no-account row', () => rows().find((r) => label(r) === 'Set an account id to see the balance'));
    assert.equal(row.command?.command, 'workbench.action.openSettings');
    assert.equal(balanceRow(), undefined);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('voiceSms.refreshBalance', {})), /account id/);
    assert.equal(api.balance.statusBar().visible, false);
  });
});
