// The SMS chat tool in the real workbench, called with vscode.lm.invokeTool by a second extension
// (test/e2e/fixtures/toolCaller, linked by the e2e runner) outside any chat request — the path on
// which nothing but confirmations stands between a caller and a message. The editor shows the
// tool's prepareInvocation confirmation; the tool then shows its own "Send this SMS?" modal. Only
// when both are accepted does exactly one SMS reach the simulator and land in Sent SMS; declining
// either sends nothing. Screenshots: chat-*.png.
import * as assert from 'node:assert/strict';
import { VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { session, type SimulatorInfo } from './support/session.js';
import { receivedSms } from './support/simulatorControl.js';
import { signedInSuite } from './support/signedInSuite.js';

const PROFILE = 'E2E chat tools';
const SENDER = 'VSTK-TEST';
const E164 = '+4915123456789';
const TOOL = 'voiceSms_sendTestSms';
/** The editor's own confirmation button (IDialogService.confirm's default primary button). */
const EDITOR_OK = /^(Yes|Continue|OK|Allow)$/;

describe('chat tool voiceSms_sendTestSms (invokeTool from another extension)', function () {
  this.timeout(120_000);
  const suite = signedInSuite();
  let sim: SimulatorInfo;

  async function invoke(body: string): Promise<void> {
    const wb = suite.wb;
    await wb.runCommand('Tool Caller: Invoke a Language-Model Tool…');
    const qi = wb.quickInput;
    await qi.waitOpen();
    await qi.submit(TOOL);
    await qi.submit(JSON.stringify({ from: SENDER, to: E164, body }));
  }

  /** The dialog showing `text`, once it is the one on screen. */
  async function dialogWith(text: RegExp): Promise<string> {
    const d = suite.wb.dialog().filter({ hasText: text });
    await d.waitFor({ state: 'visible', timeout: 20_000 });
    return (await d.textContent()) ?? '';
  }

  before(async function () {
    sim = await session().simulator();
  });

  it('signs in to the simulator', async function () {
    const ok = await suite.wb.signInToSimulator(PROFILE, {});
    assert.ok(ok, 'signed in');
    await suite.wb.signedInNotice(PROFILE);
    suite.signedIn();
    await suite.wb.clearNotifications();
    await suite.wb.openViewContainer(VIEW_CONTAINER_TITLE);
  });

  it('sends exactly one SMS after the editor’s confirmation and the tool’s own modal, and records it', async function () {
    const wb = suite.wb;
    const before = (await receivedSms(sim)).length;
    await invoke('Deploy finished (chat tool e2e)');

    const editorConfirm = await dialogWith(/To: \+4915123456789/);
    assert.match(editorConfirm, /Send this SMS\?/);
    assert.match(editorConfirm, new RegExp(`From: ${SENDER}`));
    assert.match(editorConfirm, /Segments: 1/);
    assert.match(editorConfirm, /Deploy finished \(chat tool e2e\)/);
    await wb.screenshot('chat-01-editor-confirmation');
    assert.equal((await receivedSms(sim)).length, before, 'nothing sent while the editor asks');
    await wb.dialogButton(EDITOR_OK).click();

    // The palette's modal, shown by the tool itself whatever sms.confirmBeforeSend says.
    await suite.wb.dialogButton(/^Send$/).waitFor({ state: 'visible', timeout: 20_000 });
    const modal = await dialogWith(/Message, in full \(line breaks shown as ⏎\): Deploy finished \(chat tool e2e\)/);
    assert.ok(modal.includes(`To: ${E164}`), modal);
    await wb.screenshot('chat-02-tool-modal');
    assert.equal((await receivedSms(sim)).length, before, 'nothing sent while the tool asks');
    await wb.dialogButton(/^Send$/).click();

    const result = wb.notification(/Tool result: SMS sent from VSTK-TEST to \+4915\*+89 \(segments: 1\), message ID /).first();
    await result.waitFor({ state: 'visible', timeout: 20_000 });
    const got = await receivedSms(sim);
    assert.equal(got.length - before, 1, 'exactly one SMS');
    assert.equal(got.at(-1)?.to, E164);
    assert.ok(((await result.textContent()) ?? '').includes(got.at(-1)?.messageId ?? '?'), 'the result names the message id');
    await wb.treeRow(/Deploy finished \(chat tool e2e\)/, 'Sent SMS').waitFor({ state: 'visible' });
    await wb.screenshot('chat-03-sent');
    await wb.clearNotifications();
  });

  it('sends nothing when the tool’s own modal is cancelled', async function () {
    const wb = suite.wb;
    const before = (await receivedSms(sim)).length;
    await invoke('Declined in the modal');
    await dialogWith(/To: \+4915123456789/);
    await wb.dialogButton(EDITOR_OK).click();
    await wb.dialogButton(/^Send$/).waitFor({ state: 'visible', timeout: 20_000 });
    await wb.dialogButton(/^Cancel$/).click();
    await wb
      .notification(/Tool result: Not sent: the user did not confirm the SMS to \+4915\*+89/)
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal((await receivedSms(sim)).length, before);
    await wb.clearNotifications();
  });

  it('sends nothing when the editor’s confirmation is cancelled', async function () {
    const wb = suite.wb;
    const before = (await receivedSms(sim)).length;
    await invoke('Declined by the editor');
    await dialogWith(/To: \+4915123456789/);
    await wb.dialogButton(/^Cancel$/).click();
    await wb
      .notification(/Tool error: .*Cancel/i)
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await wb.dialogButton(/^Send$/).isVisible(), false, 'the tool never ran');
    assert.equal((await receivedSms(sim)).length, before);
    await wb.clearNotifications();
  });
});
