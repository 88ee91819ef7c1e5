// A hostile (or compromised, or badly proxied) service inside a real extension host: the simulator
// started in this process answers with a status message that is a command link
// (`[Retry](command:voiceSms.signOut?{"removeProfile":true})`) and echoes the request's Basic
// credential, as a proxy echoing the request would. Checked where the user would see or keep that
// text: the SMS failure (its thrown message is the notification's text), the Sent SMS history entry
// and its tooltip, the Account view's balance row. And the command the link points at: signOut with
// removeProfile, run the way a clicked command link runs it (arguments, no dialog answered), must
// not delete the profile or its secret.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, DEMO_SENDER_IDS, randomCredentials, type Simulator } from '../../src/simulator/index.js';
import { answering, confirmations, SIGN_OUT_AND_REMOVE } from './modals.js';
import { waitFor } from './waitFor.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';

const PROFILE = 'Hostile service integration';
const SENDER = DEMO_SENDER_IDS[0] ?? 'VSTK-TEST';
const LINK = '[Retry](command:voiceSms.signOut?{"removeProfile":true})';
/** This run's own random pair, given to the simulator (it has no fixed ones to rely on). */
const DEMO_CREDENTIALS = randomCredentials();
const BASIC = Buffer.from(`${DEMO_CREDENTIALS.accessKeyId}:${DEMO_CREDENTIALS.secretAccessKey}`).toString('base64');
/** What the hostile answer says: a command link, the credential echoed raw and percent-encoded, the secret lower-case encoded. */
const HOSTILE = `${LINK} echo Authorization%3DBasic%20${encodeURIComponent(BASIC)} raw=${BASIC} key=${encodeURIComponent(DEMO_CREDENTIALS.secretAccessKey).toLowerCase()}`;

/** Fails when `text` still holds link syntax, a command/https scheme or any form of the credential. */
function assertInert(text: string, where: string, readable = true): void {
  // `[x](y)` with nothing between is what notifications and markdown take for a link.
  assert.doesNotMatch(text, /\]\(/, `link syntax in ${where}: ${text}`);
  assert.doesNotMatch(text, /\b(?:command|https?|file|vscode):/i, `a scheme in ${where}: ${text}`);
  for (const secret of [BASIC, BASIC.replace(/=+$/, ''), encodeURIComponent(BASIC), DEMO_CREDENTIALS.secretAccessKey]) {
    assert.ok(!text.includes(secret), `the credential in ${where}: ${text}`);
  }
  if (readable) assert.match(text, /Retry/, `the words stay readable in ${where}`);
}

describe('hostile service text: no link, no echoed credential, no unasked profile removal (security)', function () {
  this.timeout(60_000);
  let api: VoiceSmsTestApi;
  let sim: Simulator;
  let profile: SimulatorProfile | undefined;
  const config = () => vscode.workspace.getConfiguration('voiceSms');

  before(async function () {
    profile = await useStoredProfile(PROFILE, {
      profile: { accountId: DEMO_ACCOUNT, senderIds: [...DEMO_SENDER_IDS] },
      settings: { 'sms.confirmBeforeSend': false, 'sms.defaultRegion': 'DE' },
      simulator: { credentials: DEMO_CREDENTIALS },
      waitSignedIn: true,
    });
    ({ api, sim } = profile);
  });

  after(async function () {
    sim?.clearFaults();
    await answering(SIGN_OUT_AND_REMOVE, () =>
      vscode.commands.executeCommand('voiceSms.signOut', { name: PROFILE, removeProfile: true }),
    ).then(undefined, () => undefined);
    await profile?.remove();
  });

  it('a failed SMS: the message shown and the history entry hold no link and no credential', async function () {
    sim.addFault({ kind: 'status', status: 400, serviceMessage: HOSTILE, match: { operation: 'sms' }, times: 1 });
    let shown = '';
    try {
      await vscode.commands.executeCommand('voiceSms.sendSms', { from: SENDER, to: '+4915123456789', body: 'hostile service test' });
      assert.fail('the SMS should have failed');
    } catch (e) {
      // With arguments the command throws the text its notification shows.
      shown = e instanceof Error ? e.message : String(e);
    }
    assertInert(shown, 'the SMS failure');
    const entry = await waitFor('the failed history entry', () => api.smsHistory.entries().find((x) => x.status === 'failed'));
    assertInert(entry.error ?? '', 'the stored history entry');
    const tip = api.smsHistory
      .treeItems()
      .map((i) => (i.tooltip as vscode.MarkdownString | undefined)?.value ?? '')
      .join('\n');
    for (const secret of [BASIC, DEMO_CREDENTIALS.secretAccessKey])
      assert.ok(!tip.includes(secret), `the credential in the tooltip: ${tip}`);
  });

  it('a failed balance: the Account view row holds no link and no credential', async function () {
    sim.addFault({ kind: 'status', status: 400, serviceMessage: HOSTILE, match: { operation: 'balance' }, times: 1 });
    await Promise.resolve(vscode.commands.executeCommand('voiceSms.refreshBalance', {})).then(undefined, () => undefined);
    await api.balance.settled();
    const tree = api.balance.accountTree;
    const row = tree
      .getChildren()
      .map((n) => tree.getTreeItem(n))
      .find((i) => i.command?.command === 'voiceSms.refreshBalance');
    assert.ok(row, 'no balance row');
    // The row keeps an earlier amount when there is one; the tooltip says why the refresh failed.
    assertInert(typeof row.description === 'string' ? row.description : '', 'the balance row', false);
    const tooltip = typeof row.tooltip === 'string' ? row.tooltip : (row.tooltip?.value ?? '');
    assertInert(tooltip, 'the balance tooltip');
  });

  it('the command the link points at asks first: signOut with removeProfile, unanswered, deletes nothing', async function () {
    const before = (await confirmations()).asked().length;
    // What a clicked `command:voiceSms.signOut?{"removeProfile":true}` runs. Nobody answers the modal:
    // this host refuses to show dialogs to tests (the command then fails), a user would see it.
    const result = await Promise.resolve(vscode.commands.executeCommand('voiceSms.signOut', { removeProfile: true })).then(
      (r) => r,
      (e: unknown) => (e instanceof Error && /dialog/i.test(e.message) ? undefined : e),
    );
    assert.equal(result, undefined);
    const asked = (await confirmations()).asked().slice(before);
    assert.equal(asked.length, 1, 'one modal question');
    assert.match(asked[0]?.message ?? '', new RegExp(PROFILE));
    assert.ok(
      config()
        .get<{ name: string }[]>('profiles')
        ?.some((p) => p.name === PROFILE),
      'the profile is still there',
    );
    assert.ok(await api.session.hasCredentials(PROFILE), 'its secret is still stored');
    assert.equal(api.session.current().signedIn, true);
  });
});
