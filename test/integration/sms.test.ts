// Send SMS and the Sent SMS history inside a real extension host, against the simulator started in
// this process, driven by the command's `{ from, to, body }` argument object with
// sms.confirmBeforeSend off (a modal cannot be answered here; the e2e test clicks it). Covers:
// E.164 answer, a national number read with sms.defaultRegion, an invalid number refused before
// any request, a lost answer reported as "outcome unknown" with exactly one SMS received and
// recorded as such, resend as a new message, clear, and no full number in anything the view shows.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, DEMO_SENDER_IDS, type Simulator } from '../../src/simulator/index.js';
import { answering, CLEAR, confirmations, SIGN_OUT_AND_REMOVE } from './modals.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { waitFor } from './waitFor.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';

const PROFILE = 'SMS integration';
const SENDER = DEMO_SENDER_IDS[0] ?? 'VSTK-TEST';
// A valid German mobile number, national and international.
const NATIONAL = '0151 23456789';
const E164 = '+4915123456789';

describe('send SMS and history', function () {
  this.timeout(60_000);
  let api: VoiceSmsTestApi;
  let sim: Simulator;
  let profile: SimulatorProfile | undefined;
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const send = (args: { from: string; to: string; body: string }) =>
    Promise.resolve(vscode.commands.executeCommand<{ messageId?: string; to: string } | undefined>('voiceSms.sendSms', args));

  before(async function () {
    profile = await useStoredProfile(PROFILE, {
      profile: { accountId: DEMO_ACCOUNT, senderIds: [...DEMO_SENDER_IDS] },
      // Application scope: only the user (global) settings count.
      settings: { 'sms.confirmBeforeSend': false, 'sms.defaultRegion': 'DE' },
    });
    ({ api, sim } = profile);
    await waitFor('the session to sign in', () => api.session.current().profile === PROFILE && api.session.current().signedIn, 5_000);
    await answering(CLEAR, () => vscode.commands.executeCommand('voiceSms.clearSmsHistory'));
  });

  after(async function () {
    await answering(CLEAR, () => vscode.commands.executeCommand('voiceSms.clearSmsHistory')).then(undefined, () => undefined);
    await profile?.remove();
  });

  afterEach(function () {
    sim.clearFaults();
  });

  it('sends a national-format number as E.164 and records it, masked', async function () {
    const before = sim.received.length;
    const result = await send({ from: SENDER, to: NATIONAL, body: 'Hello from the integration test' });
    assert.ok(result, 'sendSms returned nothing');
    assert.equal(result.to, E164);
    assert.ok(result.messageId, 'a message id');
    assert.equal(sim.received.length - before, 1);
    const got = sim.received.at(-1);
    assert.equal(got?.to, E164);
    assert.equal(got?.from, SENDER);
    assert.equal(got?.messageId, result.messageId);

    // Once (with a core kept busy) the entry never showed here: the editor's globalState had dropped its write, fixed by
    // src/host/platform/orderedState.ts. A miss still says which profile the session and the view were on and what it held.
    await waitFor('the history entry', () => api.smsHistory.entries().some((e) => e.messageId === result.messageId), 5_000).catch(
      (e: unknown) => {
        const session = api.session.current();
        const shown = api.smsHistory.entries().map((x) => `${x.profile}/${x.status}/${x.messageId ?? '-'}`);
        throw new Error(
          `${String(e)}; session: ${JSON.stringify(session)}; activeProfile: ${String(config().get('activeProfile'))}; the view shows: ${JSON.stringify(shown)}`,
        );
      },
    );
    const entry = api.smsHistory.entries()[0];
    assert.equal(entry?.status, 'sent');
    assert.equal(entry?.messageId, result.messageId);
    assert.equal(entry?.from, SENDER);
    assert.equal(entry?.segments, 1);
    assert.match(entry?.toMasked ?? '', /^\+4915\*+89$/);
    const item = api.smsHistory.treeItems()[0];
    assert.equal(item?.contextValue, 'voiceSms.sentSms.withId');
    assert.equal(await vscode.commands.executeCommand('voiceSms.copySmsMessageId', entry), result.messageId);
    assert.equal(await vscode.env.clipboard.readText(), result.messageId);
  });

  it('the confirmation quotes every character of a 10-segment text: nothing hides behind an ellipsis or an invisible character', async function () {
    await config().update('sms.confirmBeforeSend', true, vscode.ConfigurationTarget.Global);
    await config().update('sms.maxSegments', 10, vscode.ConfigurationTarget.Global);
    try {
      const tail = ' then open https://evil.example/pay now';
      // 1,530 GSM-7 characters (10 segments), with a line break before the link.
      const head = 'Build green.\nDetails:';
      const body = head + 'x'.repeat(1530 - head.length - tail.length) + tail;
      assert.equal(body.length, 1530);
      const asked = (await confirmations()).asked().length;
      const before = sim.received.length;
      const result = await answering('Send', () => send({ from: SENDER, to: E164, body }));
      assert.equal((await confirmations()).asked().length, asked + 1, 'one confirmation asked');
      const modal = (await confirmations()).asked().at(-1);
      assert.ok(modal, 'no confirmation was asked');
      assert.equal(modal.message, 'Send this SMS?');
      assert.deepEqual(modal.buttons, ['Send']);
      assert.ok(modal.detail.includes(`Profile: ${PROFILE} (${new URL(sim.url).host})`), modal.detail);
      assert.ok(modal.detail.includes(`From: ${SENDER}`), modal.detail);
      assert.ok(modal.detail.includes(`To: ${E164}`), modal.detail);
      assert.match(modal.detail, /It is billed as 10 messages\./);
      // The whole text, the link at its very end included; the invisible characters spelled out.
      assert.ok(modal.detail.endsWith(`Build green.⏎Details:${'x'.repeat(1530 - head.length - tail.length)}${tail}`), modal.detail);
      assert.ok(!modal.detail.includes('…'), 'nothing cut');
      // What was confirmed is what was sent, once.
      assert.ok(result?.messageId);
      assert.equal(sim.received.length - before, 1);
      assert.equal(sim.received.at(-1)?.body, body);

      // Dismissed: nothing goes out. A zero-width space is spelled out, not hidden.
      const received = sim.received.length;
      const c = await confirmations();
      c.answerNext(undefined);
      assert.equal(await send({ from: SENDER, to: E164, body: 'Never\u200Bsent' }), undefined);
      const dismissed = c.asked().at(-1);
      assert.ok(dismissed?.detail.endsWith('Never⟨U+200B⟩sent'), dismissed?.detail);
      assert.equal(sim.received.length, received, 'a dismissed confirmation sends nothing');
    } finally {
      await config().update('sms.confirmBeforeSend', false, vscode.ConfigurationTarget.Global);
      await config().update('sms.maxSegments', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  /** The profile's sender ids set to `ids` while `fn` runs (the list decides which senders are refused). */
  async function withSenders(ids: string[], fn: () => Promise<void>): Promise<void> {
    const saved = config().inspect<Array<Record<string, unknown>>>('profiles')?.globalValue ?? [];
    const set = (senderIds: unknown) =>
      config().update(
        'profiles',
        saved.map((p) => (p['name'] === PROFILE ? { ...p, senderIds } : p)),
        vscode.ConfigurationTarget.Global,
      );
    await set(ids);
    try {
      await fn();
    } finally {
      await config().update('profiles', saved, vscode.ConfigurationTarget.Global);
    }
  }

  it('a sender the profile does not list is refused before the confirmation, naming the listed ones', async function () {
    await config().update('sms.confirmBeforeSend', true, vscode.ConfigurationTarget.Global);
    try {
      const c = await confirmations();
      const asked = c.asked().length;
      const before = sim.requestCount;
      // A look-alike of a listed sender (a no-break space for the dash) is not one of them.
      await assert.rejects(send({ from: 'VSTK\u00A0TEST', to: E164, body: 'Never sent' }), (e: Error) => {
        assert.match(e.message, /^Sender ID "VSTK.TEST" is not one of the sender IDs of this profile \("VSTK-TEST", "\+15\*+06"\)/);
        return true;
      });
      await assert.rejects(send({ from: 'OTHER', to: E164, body: 'Never sent' }), /"OTHER" is not one of the sender IDs/);
      assert.equal(c.asked().length, asked, 'nobody was asked to confirm');
      assert.equal(sim.requestCount, before, 'no request');
    } finally {
      await config().update('sms.confirmBeforeSend', false, vscode.ConfigurationTarget.Global);
    }
  });

  it('the confirmation spells the sender id out like the text; a sender id with an invisible character is refused, naming it', async function () {
    await config().update('sms.confirmBeforeSend', true, vscode.ConfigurationTarget.Global);
    // No sender ids listed: any valid id reaches the confirmation.
    try {
      await withSenders([], () => spelledOut());
    } finally {
      await config().update('sms.confirmBeforeSend', false, vscode.ConfigurationTarget.Global);
    }
  });

  async function spelledOut(): Promise<void> {
    // A no-break space and a private-use character are drawn like a space and like nothing: spelled out.
    const from = 'VSTK\u00A0TE\uE000ST';
    const c = await confirmations();
    const before = sim.received.length;
    c.answerNext(undefined);
    assert.equal(await send({ from, to: E164, body: 'Sender spelled out' }), undefined);
    const detail = c.asked().at(-1)?.detail ?? '';
    assert.ok(detail.includes('From: VSTK⟨U+00A0⟩TE⟨U+E000⟩ST'), detail);
    assert.equal(sim.received.length, before, 'dismissed: nothing sent');

    // A right-to-left override would show "VSTK-TSET" as something else: refused before any question or request.
    const asked = c.asked().length;
    await assert.rejects(send({ from: 'VSTK\u202E-TSET', to: E164, body: 'Never sent' }), (e: Error) => {
      assert.match(e.message, /Sender ID contains U\+202E RIGHT-TO-LEFT OVERRIDE, an invisible character; remove it/);
      return true;
    });
    await assert.rejects(send({ from: '\u3164', to: E164, body: 'Never sent' }), /U\+3164 HANGUL FILLER/);
    assert.equal(c.asked().length, asked, 'no confirmation for a refused sender id');
    assert.equal(sim.received.length, before, 'nothing sent');
  }

  it('refuses an invalid number with the explanation and sends nothing', async function () {
    const before = sim.requestCount;
    const received = sim.received.length;
    await assert.rejects(send({ from: SENDER, to: '12', body: 'x' }), /Destination number is too short for DE/);
    await assert.rejects(send({ from: SENDER, to: 'hello', body: 'x' }), /Destination number is not a phone number/);
    await assert.rejects(send({ from: SENDER, to: '+999 123', body: 'x' }), /Destination number: the country calling code/);
    // Longer than 3 segments could ever hold: refused by its length, before any counting.
    await assert.rejects(send({ from: SENDER, to: E164, body: 'x'.repeat(161 * 3) }), /483 characters; 3 segments hold at most 459/);
    // Short enough to count, but UCS-2 needs 6 segments.
    await assert.rejects(send({ from: SENDER, to: E164, body: 'ж'.repeat(400) }), /needs 6 segments.*limit is 3/);
    assert.equal(sim.requestCount, before, 'no request for refused input');
    assert.equal(sim.received.length, received);
  });

  it('reports a lost answer as outcome unknown: one SMS received, never resent, recorded as such', async function () {
    const before = sim.received.length;
    sim.addFault({ kind: 'resetAfterReceive', match: { operation: 'sms' }, times: 1 });
    await assert.rejects(send({ from: SENDER, to: E164, body: 'Lost answer test' }), (e: Error) => {
      assert.match(e.message, /outcome of the SMS to \+4915\*+89 is unknown/);
      assert.ok(!e.message.includes(E164), `the full number leaked into: ${e.message}`);
      return true;
    });
    assert.equal(sim.received.length - before, 1, 'exactly one SMS reached the service');
    await waitFor('the outcome-unknown entry', () => api.smsHistory.entries()[0]?.status === 'outcome-unknown', 5_000);
    assert.equal(api.smsHistory.entries()[0]?.preview, 'Lost answer test');
    assert.equal(api.smsHistory.treeItems()[0]?.contextValue, 'voiceSms.sentSms');
  });

  it('resends an entry as a new message', async function () {
    const entry = api.smsHistory.entries().find((e) => e.status === 'sent' && e.preview === 'Hello from the integration test');
    assert.ok(entry);
    const before = sim.received.length;
    const result = await vscode.commands.executeCommand<{ messageId?: string; to: string }>('voiceSms.resendSms', entry);
    assert.equal(result.to, E164);
    assert.notEqual(result.messageId, entry.messageId, 'a new message');
    assert.equal(sim.received.length - before, 1);
    await waitFor('the resent entry', () => api.smsHistory.entries()[0]?.messageId === result.messageId, 5_000);
  });

  it('never shows the full number anywhere in the view', function () {
    const entries = api.smsHistory.entries();
    assert.ok(entries.length >= 3, `entries: ${entries.length}`);
    const shown =
      JSON.stringify(entries) +
      JSON.stringify(
        api.smsHistory
          .treeItems()
          .map((i) => [i.label, i.description, (i.tooltip as vscode.MarkdownString | undefined)?.value, i.accessibilityInformation]),
      );
    for (const n of [E164, '15123456789', '23456789']) assert.ok(!shown.includes(n), `${n} appears in ${shown}`);
  });

  it('clears the history of the active profile', async function () {
    const count = api.smsHistory.entries().length;
    assert.equal(await answering(CLEAR, () => vscode.commands.executeCommand('voiceSms.clearSmsHistory')), count);
    assert.deepEqual(api.smsHistory.entries(), []);
  });

  it('removing the profile removes its history: the same name signed in again starts empty', async function () {
    await send({ from: SENDER, to: E164, body: 'Sent before the profile was removed' });
    await waitFor('the history entry', () => api.smsHistory.entries().length === 1, 5_000);
    await answering(SIGN_OUT_AND_REMOVE, () => vscode.commands.executeCommand('voiceSms.signOut', { name: PROFILE, removeProfile: true }));
    await waitFor('the sign-out', () => !api.session.current().signedIn, 5_000);
    // The same name again, as someone else's profile might be called.
    await api.storeCredentials(PROFILE, sim.credentials);
    await config().update(
      'profiles',
      [{ name: PROFILE, baseUrl: sim.url, accountId: DEMO_ACCOUNT, voiceInstances: [], senderIds: [...DEMO_SENDER_IDS] }],
      vscode.ConfigurationTarget.Global,
    );
    await config().update('activeProfile', PROFILE, vscode.ConfigurationTarget.Global);
    await waitFor('the session to sign in again', () => api.session.current().profile === PROFILE && api.session.current().signedIn, 5_000);
    assert.deepEqual(api.smsHistory.entries(), [], "the removed profile's history is gone");
  });
});
