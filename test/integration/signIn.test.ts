// Sign-in, profile switch and sign-out inside a real extension host, driven by the commands'
// argument objects against the simulator started in this process: a wrong secret stores nothing,
// a right one lands in SecretStorage (never in settings) after exactly one request, switching
// moves the session, and signing out deletes the secret but keeps the profile's settings.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, DEMO_INSTANCES, start, type Simulator } from '../../src/simulator/index.js';
import { EXTENSION_ID } from './contract.js';
import { answering, REPLACE_PROFILE, SIGN_OUT, SIGN_OUT_AND_REMOVE } from './modals.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';

const WRONG = 'Sign-in integration (wrong secret)';
const FIRST = 'Sign-in integration A';
const SECOND = 'Sign-in integration B';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';

describe('sign-in and profiles', function () {
  let api: VoiceSmsTestApi;
  let sim: Simulator;
  let savedProfiles: unknown;
  let savedActive: unknown;
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const userProfiles = () => (config().inspect<unknown[]>('profiles')?.globalValue ?? []) as { name: string }[];
  const args = (name: string, secretAccessKey: string, extra: Record<string, string> = {}) => ({
    name,
    baseUrl: sim.url,
    accessKeyId: sim.credentials.accessKeyId,
    secretAccessKey,
    ...extra,
  });

  before(async function () {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = (await ext.activate()) as VoiceSmsTestApi;
    sim = await start();
    savedProfiles = config().inspect('profiles')?.globalValue;
    savedActive = config().inspect('activeProfile')?.globalValue;
    // The balance status-bar item loads the balance as soon as a profile with an account id signs in;
    // off here, so the requests counted below are the sign-in's own verification.
    await config().update('statusBar.showBalance', false, vscode.ConfigurationTarget.Global);
  });

  after(async function () {
    for (const name of [WRONG, FIRST, SECOND]) {
      await answering(SIGN_OUT_AND_REMOVE, () => vscode.commands.executeCommand('voiceSms.signOut', { name, removeProfile: true })).then(
        undefined,
        () => undefined,
      );
    }
    await config().update('profiles', savedProfiles, vscode.ConfigurationTarget.Global);
    await config().update('activeProfile', savedActive, vscode.ConfigurationTarget.Global);
    await config().update('statusBar.showBalance', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('voiceSms.refresh');
    await sim?.close();
  });

  it('refuses a wrong secret with the auth message and stores nothing', async function () {
    // The simulator keeps no record of unauthenticated requests, only their count.
    const before = sim.requestCount;
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('voiceSms.signIn', args(WRONG, 'not-the-secret', { voiceInstanceId: INSTANCE }))),
      (e: Error) => {
        assert.match(e.message, /refused the credentials/);
        assert.ok(!e.message.includes('not-the-secret'), 'the secret must never appear in a message');
        return true;
      },
    );
    assert.equal(sim.requestCount - before, 1, 'exactly one verification request');
    assert.ok(!userProfiles().some((p) => p.name === WRONG), 'no profile saved');
    assert.equal(await api.session.hasCredentials(WRONG), false, 'no secret stored');
  });

  it("refuses invalid input before any request, with the step's message", async function () {
    const before = sim.requestCount;
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('voiceSms.signIn', { ...args(WRONG, 'x'), baseUrl: 'http://example.com' })),
      /https:\/\//,
    );
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('voiceSms.signIn', args(WRONG, sim.credentials.secretAccessKey))),
      /account ID|voice instance/i,
    );
    // An id with a zero-width space looks like the real one everywhere it is shown: refused, naming the character.
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('voiceSms.signIn', args(WRONG, sim.credentials.secretAccessKey, { accountId: 'ACC\u200B-1' })),
      ),
      /contains U\+200B ZERO WIDTH SPACE, an invisible character; remove it/,
    );
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('voiceSms.signIn', args(WRONG, sim.credentials.secretAccessKey, { voiceInstanceId: 'VV\u202E01' })),
      ),
      /U\+202E RIGHT-TO-LEFT OVERRIDE/,
    );
    assert.equal(sim.requestCount, before);
  });

  it('saves a verified profile: settings without secrets, the secret in SecretStorage, signed in', async function () {
    const before = sim.requests.length;
    const name = await vscode.commands.executeCommand<string>(
      'voiceSms.signIn',
      args(FIRST, sim.credentials.secretAccessKey, { accountId: DEMO_ACCOUNT, voiceInstanceId: INSTANCE }),
    );
    assert.equal(name, FIRST);
    const calls = sim.requests.slice(before);
    assert.equal(calls.length, 1, 'exactly one verification request');
    assert.match(calls[0]?.path ?? '', new RegExp(`/account/${DEMO_ACCOUNT}/balance`), 'with an account id, the balance verifies');

    const saved = userProfiles().find((p) => p.name === FIRST);
    assert.deepEqual(saved, { name: FIRST, baseUrl: sim.url, accountId: DEMO_ACCOUNT, voiceInstances: [INSTANCE], senderIds: [] });
    assert.equal(config().get('activeProfile'), FIRST);
    const allSettings = JSON.stringify(['profiles', 'activeProfile'].map((k) => config().inspect(k)));
    assert.ok(!allSettings.includes(sim.credentials.secretAccessKey), 'the secret is not in settings');
    assert.ok(!allSettings.includes(sim.credentials.accessKeyId), 'the access key id is not in settings');
    assert.equal(await api.session.hasCredentials(FIRST), true);
    assert.deepEqual(api.session.current(), { signedIn: true, profile: FIRST, instances: [INSTANCE] });
  });

  it('verifies with the current month of the instance when there is no account id', async function () {
    const before = sim.requests.length;
    assert.equal(
      await vscode.commands.executeCommand('voiceSms.signIn', args(SECOND, sim.credentials.secretAccessKey, { voiceInstanceId: INSTANCE })),
      SECOND,
    );
    const now = new Date();
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    assert.deepEqual(
      sim.requests.slice(before).map((r) => r.path),
      [`/v1/vvoice/${INSTANCE}/calls/${month}`],
    );
    assert.equal(api.session.current().profile, SECOND);
  });

  it('switchProfile moves the session to the named profile and fires its change event', async function () {
    const events: { signedIn: boolean; profile: string | undefined }[] = [];
    const sub = api.session.onDidChange((e) => events.push(e));
    try {
      assert.equal(await vscode.commands.executeCommand('voiceSms.switchProfile', { name: FIRST }), FIRST);
    } finally {
      sub.dispose();
    }
    assert.equal(config().get('activeProfile'), FIRST);
    assert.deepEqual(api.session.current(), { signedIn: true, profile: FIRST, instances: [INSTANCE] });
    assert.ok(
      events.some((e) => e.profile === FIRST && e.signedIn),
      `session events: ${JSON.stringify(events)}`,
    );
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('voiceSms.switchProfile', { name: 'No such profile' })),
      /no profile named/i,
    );
  });

  it('signOut deletes the secret and keeps the profile settings', async function () {
    const result = await answering(SIGN_OUT, () => vscode.commands.executeCommand('voiceSms.signOut', { name: FIRST }));
    assert.deepEqual(result, { profile: FIRST, profileRemoved: false });
    assert.equal(await api.session.hasCredentials(FIRST), false);
    assert.ok(
      userProfiles().some((p) => p.name === FIRST),
      'the profile settings are kept',
    );
    assert.deepEqual(api.session.current(), { signedIn: false, profile: FIRST, instances: [INSTANCE] });
    // The other profile is untouched.
    assert.equal(await api.session.hasCredentials(SECOND), true);
  });

  it('signed out, the panel commands say so and open no panel (they check before building a client)', async function () {
    assert.equal(api.session.current().signedIn, false);
    const before = api.footprint().openPanels;
    const commands: [string, Record<string, string>][] = [
      ['voiceSms.openTrend', { instanceId: INSTANCE }],
      ['voiceSms.openMonthView', { instanceId: INSTANCE, monthId: '202401' }],
      ['voiceSms.showDayActivities', { instanceId: INSTANCE, dateId: '20240115' }],
    ];
    for (const [command, arg] of commands) {
      assert.equal(await vscode.commands.executeCommand(command, arg), undefined, command);
    }
    assert.equal(api.footprint().openPanels, before, 'no panel opened');
  });

  it('signing in again to a signed-out profile keeps its instances', async function () {
    assert.equal(
      await answering(REPLACE_PROFILE, () =>
        vscode.commands.executeCommand('voiceSms.signIn', args(FIRST, sim.credentials.secretAccessKey, { accountId: DEMO_ACCOUNT })),
      ),
      FIRST,
    );
    assert.deepEqual(
      userProfiles().find((p) => p.name === FIRST),
      { name: FIRST, baseUrl: sim.url, accountId: DEMO_ACCOUNT, voiceInstances: [INSTANCE], senderIds: [] },
    );
    assert.equal(api.session.current().signedIn, true);
  });

  it('signOut with removeProfile removes the profile and activates a signed-in one', async function () {
    assert.deepEqual(
      await answering(SIGN_OUT_AND_REMOVE, () => vscode.commands.executeCommand('voiceSms.signOut', { name: FIRST, removeProfile: true })),
      { profile: FIRST, profileRemoved: true },
    );
    assert.ok(!userProfiles().some((p) => p.name === FIRST));
    assert.equal(await api.session.hasCredentials(FIRST), false);
    let expected: string | undefined;
    for (const p of userProfiles()) {
      if (await api.session.hasCredentials(p.name)) {
        expected = p.name;
        break;
      }
    }
    assert.ok(expected, 'the second profile is still signed in');
    assert.equal(api.session.current().profile, expected);
    assert.equal(api.session.current().signedIn, true);
  });
});
