// What the editor keeps about a profile outside settings and secrets (its Sent SMS history, its unsent draft
// and last sent SMS, the balance readings behind the days-left estimate, its finished months on disk) goes with the profile whenever the
// profile goes: Sign Out and Remove (checked key by key: every storage key is listed before and after),
// replaced by an argument-driven Sign In over its name (only once the new credentials proved themselves), and
// the demo's with Stop Offline Demo. Against a simulator in this process and the demo's own, with real SMS and
// balance requests.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { profilePrefix } from '../../src/core/store/monthStore.js';
import { DEMO_ACCOUNT, DEMO_INSTANCES, DEMO_SENDER_IDS, start, type Simulator } from '../../src/simulator/index.js';
import { EXTENSION_ID } from './contract.js';
import { answering, confirmations, REPLACE_PROFILE, SIGN_OUT_AND_REMOVE } from './modals.js';
import { waitFor } from './waitFor.js';

interface ProfileDataApi {
  session: { current(): { signedIn: boolean; profile: string | undefined } };
  smsHistory: { entries(): { preview: string; status: string }[] };
  balance: { settled(): Promise<void>; readings(profile: string): number };
  storage: {
    keys(): Promise<{ workspace: string[]; global: string[]; secrets: string[] }>;
    keysHolding(text: string): string[];
  };
  panelContent(title: string): Promise<{ shown: readonly unknown[] } | undefined>;
  storedMonths: { files(): Promise<string[]>; flush(): Promise<void> };
}

const PROFILE = 'Profile data integration';
const DEMO = 'Demo (offline)';
const SENDER = DEMO_SENDER_IDS[0] ?? 'VSTK-TEST';
const E164 = '+4915123456789';
const REMOVED = 'Profile removed integration';
/** A number no other suite sends to: found anywhere in storage, it can only be the removed profile's. */
const REMOVED_E164 = '+4915112345678';

describe("profile data goes with the profile: replaced by Sign In, and the demo's on Stop Offline Demo", function () {
  this.timeout(90_000);
  let api: ProfileDataApi;
  let sim: Simulator;
  const saved = new Map<string, unknown>();
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const KEYS = ['profiles', 'activeProfile', 'sms.confirmBeforeSend', 'statusBar.showBalance'];
  const signIn = (secretAccessKey: string) =>
    Promise.resolve(
      vscode.commands.executeCommand<string>('voiceSms.signIn', {
        name: PROFILE,
        baseUrl: sim.url,
        accessKeyId: sim.credentials.accessKeyId,
        secretAccessKey,
        accountId: DEMO_ACCOUNT,
      }),
    );

  /** One SMS sent and one balance reading taken through the active profile `name`. */
  async function useProfile(name: string, body: string): Promise<void> {
    await waitFor(`${name} to be active`, () => api.session.current().profile === name && api.session.current().signedIn);
    const sent = await vscode.commands.executeCommand<{ messageId?: string } | undefined>('voiceSms.sendSms', {
      from: SENDER,
      to: E164,
      body,
    });
    assert.ok(sent?.messageId, 'the SMS was sent');
    await waitFor('the history entry', () => api.smsHistory.entries().some((e) => e.preview === body));
    await vscode.commands.executeCommand('voiceSms.refreshBalance');
    await api.balance.settled();
    assert.ok(api.balance.readings(name) >= 1, 'a balance reading is stored');
    // A finished month (three months back) opened, so the profile has a month stored on disk.
    const d = new Date();
    const back = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 3, 1));
    const monthId = `${back.getUTCFullYear()}${String(back.getUTCMonth() + 1).padStart(2, '0')}`;
    const title = await vscode.commands.executeCommand<string>('voiceSms.openMonthView', { instanceId: DEMO_INSTANCES[0], monthId });
    await waitFor('the month shown', async () =>
      (await api.panelContent(title))?.shown.some((m) => (m as { type?: string }).type === 'monthData'),
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.ok((await storedOf(name)) >= 1, 'a finished month is stored');
  }

  /** How many months are stored on disk for profile `name` (after the pending batch is written). */
  async function storedOf(name: string): Promise<number> {
    await api.storedMonths.flush();
    return (await api.storedMonths.files()).filter((f) => f.startsWith(`${profilePrefix(name)}-`)).length;
  }

  before(async function () {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = (await ext.activate()) as ProfileDataApi;
    sim = await start();
    for (const k of KEYS) saved.set(k, config().inspect(k)?.globalValue);
    await config().update('sms.confirmBeforeSend', false, vscode.ConfigurationTarget.Global);
    await config().update('statusBar.showBalance', false, vscode.ConfigurationTarget.Global);
  });

  after(async function () {
    await vscode.commands.executeCommand('voiceSms.stopDemo');
    for (const name of [PROFILE, REMOVED]) {
      await answering(SIGN_OUT_AND_REMOVE, () => vscode.commands.executeCommand('voiceSms.signOut', { name, removeProfile: true })).then(
        undefined,
        () => undefined,
      );
    }
    for (const k of KEYS) await config().update(k, saved.get(k), vscode.ConfigurationTarget.Global);
    await sim?.close();
  });

  it('Sign Out and Remove leaves no storage key of the profile: draft, last sent SMS, history, readings, secret', async function () {
    const keysBefore = await api.storage.keys();
    const sent = 'Sent through the profile about to be removed';
    const draft = 'Draft of the profile about to be removed';
    assert.equal(
      await vscode.commands.executeCommand<string>('voiceSms.signIn', {
        name: REMOVED,
        baseUrl: sim.url,
        accessKeyId: sim.credentials.accessKeyId,
        secretAccessKey: sim.credentials.secretAccessKey,
        accountId: DEMO_ACCOUNT,
      }),
      REMOVED,
    );
    await waitFor(`${REMOVED} to be active`, () => api.session.current().profile === REMOVED && api.session.current().signedIn);
    assert.ok(
      (await vscode.commands.executeCommand<{ messageId?: string }>('voiceSms.sendSms', { from: SENDER, to: REMOVED_E164, body: sent }))
        ?.messageId,
    );
    // A failed send keeps the draft (the full number and text) for the next attempt.
    sim.addFault({ kind: 'status', status: 500, match: { operation: 'sms' }, times: 1 });
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('voiceSms.sendSms', { from: SENDER, to: REMOVED_E164, body: draft })),
    );
    await vscode.commands.executeCommand('voiceSms.refreshBalance');
    await api.balance.settled();
    assert.ok(api.balance.readings(REMOVED) >= 1, 'a balance reading is stored');
    const keysDuring = await api.storage.keys();
    for (const text of [sent, draft, REMOVED_E164]) assert.notDeepEqual(api.storage.keysHolding(text), [], `${text} is stored`);
    assert.ok(keysDuring.secrets.length > keysBefore.secrets.length, 'the credentials are stored');

    await answering(SIGN_OUT_AND_REMOVE, () => vscode.commands.executeCommand('voiceSms.signOut', { name: REMOVED, removeProfile: true }));

    const keysAfter = await api.storage.keys();
    const added = (area: 'workspace' | 'global' | 'secrets') => keysAfter[area].filter((k) => !keysBefore[area].includes(k));
    assert.deepEqual(
      { workspace: added('workspace'), global: added('global'), secrets: added('secrets') },
      { workspace: [], global: [], secrets: [] },
      `keys left by the removed profile (during: ${JSON.stringify(keysDuring)})`,
    );
    // Keys that existed before (another profile's, or a store shared by all) hold nothing of it either.
    for (const text of [sent, draft, REMOVED_E164]) assert.deepEqual(api.storage.keysHolding(text), [], `${text} stays in storage`);
  });

  it('replacing a profile by Sign In deletes its SMS history and balance readings; a refused or failed replacement keeps them', async function () {
    assert.equal(await signIn(sim.credentials.secretAccessKey), PROFILE);
    await useProfile(PROFILE, 'Sent before the profile was replaced');

    // Declined: nothing changes.
    const c = await confirmations();
    c.answerNext(undefined);
    await assert.rejects(signIn(sim.credentials.secretAccessKey), /Sign-in cancelled/);
    assert.equal(api.smsHistory.entries().length, 1, 'a declined replacement keeps the history');
    assert.ok(api.balance.readings(PROFILE) >= 1);
    // Confirmed, but the new credentials are refused: the old profile stays whole.
    await assert.rejects(
      answering(REPLACE_PROFILE, () => signIn('not-the-secret')),
      /refused the credentials/,
    );
    assert.equal(api.smsHistory.entries().length, 1, 'a failed replacement keeps the history');
    assert.ok(api.balance.readings(PROFILE) >= 1);
    const asked = c.asked().at(-1);
    assert.match(asked?.detail ?? '', /Sent SMS history, SMS draft and balance readings are deleted/);

    // Confirmed and verified: the profile under that name starts empty.
    assert.equal(await answering(REPLACE_PROFILE, () => signIn(sim.credentials.secretAccessKey)), PROFILE);
    await waitFor('the replaced profile', () => api.session.current().profile === PROFILE && api.session.current().signedIn);
    assert.deepEqual(api.smsHistory.entries(), [], "the replaced profile's history is gone");
    assert.deepEqual(api.storage.keysHolding('Sent before the profile was replaced'), [], 'nor its last sent SMS');
    assert.equal(api.balance.readings(PROFILE), 0, 'its balance readings are gone');
    assert.equal(await storedOf(PROFILE), 0, 'its stored months are gone');
  });

  it("Stop Offline Demo deletes the demo's SMS history and balance readings: the next demo starts empty", async function () {
    assert.equal(await vscode.commands.executeCommand('voiceSms.startDemo'), DEMO);
    await useProfile(DEMO, 'Sent from the first demo');
    await vscode.commands.executeCommand('voiceSms.stopDemo');
    assert.equal(api.balance.readings(DEMO), 0, "the demo's readings are gone");
    assert.equal(await storedOf(DEMO), 0, "the demo's stored months are gone");

    assert.equal(await vscode.commands.executeCommand('voiceSms.startDemo'), DEMO);
    await waitFor('the second demo', () => api.session.current().profile === DEMO && api.session.current().signedIn);
    assert.deepEqual(api.smsHistory.entries(), [], "the second demo shows none of the first one's messages");
  });
});
