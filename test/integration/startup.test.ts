// Awake at start-up, as the balance sees it: the extension starts with every window (onStartupFinished) and the
// windows share one reading. A window starting while the reading is recent shows it and asks nothing (ten of them
// ask nothing); one starting after it went stale reads the balance once. Windows are played through the test seam
// (api.balance.newWindow: what the balance does when a window starts, at a later clock), counted on the simulator.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT } from '../../src/simulator/index.js';
import { EXTENSION_ID } from './contract.js';
import { signInToOwnSimulator, type SimulatorProfile } from './simulatorProfile.js';
import { waitFor } from './waitFor.js';

const PROFILE = 'Start-up integration';

describe('start-up: the balance every window shares', function () {
  let profile: SimulatorProfile | undefined;
  const balanceRequests = (from: number): number =>
    profile!.sim.requests.slice(from).filter((r) => r.path.includes(`/account/${DEMO_ACCOUNT}/balance`)).length;

  before(async function () {
    profile = await signInToOwnSimulator(PROFILE);
    // Signing in reads the balance once (the status bar wants it): the reading the other windows share.
    await waitFor('the first reading', () => (profile!.api.balance.readings(PROFILE) > 0 ? true : undefined));
    await profile.api.balance.settled();
  });
  after(async function () {
    await profile?.remove();
  });

  it('declares onStartupFinished, so no view or command is needed to start', function () {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok((ext?.packageJSON as { activationEvents?: string[] }).activationEvents?.includes('onStartupFinished'));
  });

  it('ten windows started while the reading is recent show it and ask nothing', async function () {
    const { api, sim } = profile!;
    const shown = api.balance.statusBar().text;
    assert.match(shown, /EUR/);
    const before = sim.requests.length;
    for (let i = 0; i < 10; i++) {
      await api.balance.newWindow(i * 0.4);
      assert.equal(api.balance.statusBar().text, shown, `window ${i + 1}`);
    }
    assert.equal(sim.requests.length - before, 0, 'requests');
  });

  it('a window started after the reading went stale (5 minutes) reads the balance once, and the next one shares it', async function () {
    const { api, sim } = profile!;
    const before = sim.requests.length;
    await api.balance.newWindow(5);
    assert.equal(balanceRequests(before), 1);
    assert.equal(sim.requests.length - before, 1, 'nothing but the balance');
    assert.equal(api.balance.statusBar().visible, true);
    assert.match(api.balance.statusBar().text, /EUR/);
    // The new reading (taken now) is recent for a window starting a moment later.
    await api.balance.newWindow(1);
    assert.equal(sim.requests.length - before, 1);
  });
});
