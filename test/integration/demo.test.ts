// The offline demo inside a real extension host: startDemo runs the simulator in the extension
// host (a second start reuses it), saves and activates the "Demo (offline)" profile with stored
// credentials, a real month view loads through it, and stopDemo closes the simulator, removes the
// profile and its secret, and makes the earlier profile active again.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, DEMO_INSTANCES, DEMO_SENDER_IDS, monthViewData, start } from '../../src/simulator/index.js';
import { EXTENSION_ID } from './contract.js';
import { waitFor } from './waitFor.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';

interface ProfileEntry {
  name: string;
  baseUrl: string;
  accountId?: string;
  voiceInstances?: string[];
  senderIds?: string[];
}

interface Shown {
  type: string;
  view?: { currentDateId: string; totals: Record<string, number> };
}

const DEMO = 'Demo (offline)';
const PREVIOUS = 'Demo integration (previous)';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';

/** A loopback URL nobody listens on: a port that was free a moment ago. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function utcMonthId(d: Date): string {
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** True when something answers HTTP at `url` (any status); false when the connection is refused. */
async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

describe('offline demo', function () {
  let api: VoiceSmsTestApi;
  let savedProfiles: unknown;
  let savedActive: unknown;
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const userProfiles = () => (config().inspect<unknown[]>('profiles')?.globalValue ?? []) as ProfileEntry[];
  const demoProfile = () => userProfiles().find((p) => p.name === DEMO);

  before(async function () {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = (await ext.activate()) as VoiceSmsTestApi;
    savedProfiles = config().inspect('profiles')?.globalValue;
    savedActive = config().inspect('activeProfile')?.globalValue;
    // A profile of the user's own (no credentials needed) that stopDemo must make active again.
    await config().update(
      'profiles',
      [{ name: PREVIOUS, baseUrl: 'https://api.example.invalid', voiceInstances: [], senderIds: [] }],
      vscode.ConfigurationTarget.Global,
    );
    await config().update('activeProfile', PREVIOUS, vscode.ConfigurationTarget.Global);
  });

  after(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('voiceSms.stopDemo');
    await config().update('profiles', savedProfiles, vscode.ConfigurationTarget.Global);
    await config().update('activeProfile', savedActive, vscode.ConfigurationTarget.Global);
  });

  it('startDemo returns the profile name, and the demo profile is active with stored credentials', async function () {
    const name = await vscode.commands.executeCommand<string | undefined>('voiceSms.startDemo');
    assert.equal(name, DEMO);
    const profile = demoProfile();
    assert.ok(profile, 'the demo profile is in the user settings');
    assert.match(profile.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(profile.accountId, DEMO_ACCOUNT);
    assert.deepEqual(profile.voiceInstances, [...DEMO_INSTANCES]);
    assert.deepEqual(profile.senderIds, [...DEMO_SENDER_IDS]);
    assert.ok(!JSON.stringify(userProfiles()).includes('secret'), 'no credential in settings');
    assert.equal(config().get('activeProfile'), DEMO);
    assert.equal(await api.session.hasCredentials(DEMO), true);
    const session = api.session.current();
    assert.equal(session.profile, DEMO);
    assert.equal(session.signedIn, true);
    assert.equal(await answers(profile.baseUrl), true, 'the simulator answers at the profile URL');
  });

  it('a second startDemo reuses the running simulator', async function () {
    const before = demoProfile()?.baseUrl;
    assert.equal(await vscode.commands.executeCommand<string | undefined>('voiceSms.startDemo'), DEMO);
    assert.equal(demoProfile()?.baseUrl, before, 'same simulator, same port');
    assert.equal(userProfiles().filter((p) => p.name === DEMO).length, 1, 'one demo profile');
  });

  it('a real month view loads through the demo profile', async function () {
    this.timeout(30_000);
    const monthId = utcMonthId(new Date());
    const title = await vscode.commands.executeCommand<string | undefined>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId });
    assert.ok(title, 'the month view opened');
    const shown = ((await api.panelContent(title))?.shown ?? []) as Shown[];
    const data = shown.find((m) => m.type === 'monthData');
    assert.ok(data?.view, `expected month data, got ${JSON.stringify(shown).slice(0, 300)}`);
    const expected = monthViewData(INSTANCE, monthId, Date.now());
    const counted = expected.days.filter((d) => d.dateId <= expected.currentDateID);
    assert.equal(data.view.currentDateId, expected.currentDateID);
    assert.equal(
      data.view.totals.callLegs,
      counted.reduce((n, d) => n + d.call_legs, 0),
    );
  });

  it('stopDemo closes the simulator, removes the profile and its secret, and restores the previous profile', async function () {
    const url = demoProfile()?.baseUrl;
    assert.ok(url);
    const restored = await vscode.commands.executeCommand<string | undefined>('voiceSms.stopDemo');
    assert.equal(restored, PREVIOUS);
    assert.equal(demoProfile(), undefined, 'the demo profile is gone');
    assert.deepEqual(
      userProfiles().map((p) => p.name),
      [PREVIOUS],
      "the user's own profile is untouched",
    );
    assert.equal(await api.session.hasCredentials(DEMO), false, 'the demo secret is deleted');
    assert.equal(config().get('activeProfile'), PREVIOUS);
    assert.equal(api.session.current().profile, PREVIOUS);
    assert.equal(await answers(url), false, 'nothing listens at the old demo URL');
  });

  it('stopDemo again is harmless', async function () {
    assert.equal(await vscode.commands.executeCommand<string | undefined>('voiceSms.stopDemo'), undefined);
    assert.equal(config().get('activeProfile'), PREVIOUS);
  });

  /**
   * This window's own simulator once the demo profile is signed in here: what activation's resume leads to, and,
   * since a profile can reach the settings after activation, what a change of the profiles leads to by itself.
   */
  const ownSimulator = (): Promise<string> =>
    waitFor("this window's demo simulator, signed in, its resume done", () => {
      const { ownBaseUrl, resuming } = api.demo.state();
      const s = api.session.current();
      return ownBaseUrl !== undefined && !resuming && s.signedIn && s.profile === DEMO ? ownBaseUrl : undefined;
    });

  it('a demo profile left by an earlier window (dead port) gets a fresh simulator, also when it reaches the settings after activation', async function () {
    this.timeout(30_000);
    // Written here after activation, as `npm start`'s editor can hand the extension its user settings after the
    // start-up activation looked for a left-over profile (a window then stayed signed out, its log only
    // "Activated"). Nothing else is run: the window must notice the profile itself (it did not before: timed out).
    const stale = await deadUrl();
    const entry = { name: DEMO, baseUrl: stale, accountId: DEMO_ACCOUNT, voiceInstances: [...DEMO_INSTANCES], senderIds: [] };
    await config().update('profiles', [...userProfiles(), entry], vscode.ConfigurationTarget.Global);
    await config().update('activeProfile', DEMO, vscode.ConfigurationTarget.Global);
    assert.equal(await answers(stale), false);

    const url = await ownSimulator();
    assert.equal(demoProfile()?.baseUrl, url, "the dead URL is replaced by this window's simulator");
    assert.notEqual(url, stale);
    assert.equal(await answers(url), true, 'the restarted simulator answers');
    assert.equal(await api.demo.resumeIfLeftOver(), false, 'a second call starts nothing');
    assert.equal(await api.demo.resumeIfLeftOver().then(() => demoProfile()?.baseUrl), url);
    assert.equal(await api.session.hasCredentials(DEMO), true, 'the demo credentials are stored again');

    // Nothing to restore (the earlier window's memory is gone): the active-profile name is unset.
    assert.equal(await vscode.commands.executeCommand<string | undefined>('voiceSms.stopDemo'), undefined);
    assert.equal(demoProfile(), undefined);
    assert.equal(config().inspect('activeProfile')?.globalValue, undefined);
    assert.equal(await answers(url), false, 'the restarted simulator is closed');
    assert.equal(api.demo.state().ownBaseUrl, undefined);
  });

  it("two windows share the demo profile: neither rewrites the other's live URL, each uses its own simulator", async function () {
    this.timeout(30_000);
    // The other window: its simulator serves the URL stored in the shared profile (the credentials are shared too).
    const other = await start();
    try {
      const entry = { name: DEMO, baseUrl: other.url, accountId: DEMO_ACCOUNT, voiceInstances: [...DEMO_INSTANCES], senderIds: [] };
      await config().update('profiles', [...userProfiles(), entry], vscode.ConfigurationTarget.Global);
      await config().update('activeProfile', DEMO, vscode.ConfigurationTarget.Global);

      // The profile arrives after activation, as when the other window starts the demo while this one is open.
      const own = await ownSimulator();
      assert.notEqual(own, other.url, 'this window starts its own simulator');
      assert.equal(demoProfile()?.baseUrl, other.url, "the other window's live URL is left alone");
      const served = other.requestCount;
      assert.ok(await vscode.commands.executeCommand('voiceSms.refreshBalance', {}));
      assert.equal(other.requestCount, served, "this window's requests go to its own simulator");

      // The other window closes: this one keeps working.
      await other.close();
      assert.ok(await vscode.commands.executeCommand('voiceSms.refreshBalance', {}));
    } finally {
      await other.close();
      await vscode.commands.executeCommand('voiceSms.stopDemo');
    }
  });
});
