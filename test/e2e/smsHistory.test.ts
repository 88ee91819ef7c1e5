// The "Sent SMS" view through the real UI: send one SMS from the palette, resend it from the row's
// context menu (same confirmation modal, a NEW message id, exactly one more SMS at the simulator), then
// "Clear Sent SMS History" from the view's title bar: the confirmation, and the view is empty again.
// Screenshots: test-results/e2e/sms-history-*.png.
import * as assert from 'node:assert/strict';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { session, type SimulatorInfo } from './support/session.js';
import { receivedSms, type ReceivedSms } from './support/simulatorControl.js';
import { signedInSuite } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';

const PROFILE = 'E2E history';
const SENDER = 'VSTK-TEST';
const TO = '+4915123456780';
const BODY = 'History e2e: resend me';
const VIEW = 'Sent SMS';
const MESSAGE_ID = /Message ID: (\S+?)\.?$/;

const received = (sim: SimulatorInfo): Promise<ReceivedSms[]> => receivedSms(sim);

describe('Sent SMS history: resend and clear', function () {
  this.timeout(120_000);
  const suite = signedInSuite();
  let wb: Workbench;
  let sim: SimulatorInfo;
  let firstId = '';

  before(async function () {
    sim = await session().simulator();
    wb = suite.wb;
  });

  beforeEach(function () {
    if (!firstId && this.currentTest?.title.startsWith('resends')) this.skip();
  });

  it('signs in and sends one SMS from the palette', async function () {
    assert.ok(await wb.signInToSimulator(PROFILE, {}));
    await wb.signedInNotice(PROFILE, 20_000);
    suite.signedIn();
    await wb.clearNotifications();
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);

    const before = (await received(sim)).length;
    await wb.runCommand(`${COMMAND_CATEGORY}: Send Test SMS`);
    const qi = wb.quickInput;
    await qi.waitOpen();
    await qi.pick(/Enter another sender ID/);
    await qi.waitStep(2, 4);
    await qi.submit(SENDER);
    await qi.waitStep(3, 4);
    await qi.fill(TO);
    await qi.widget.filter({ hasText: `Will be sent to ${TO}` }).waitFor({ state: 'visible' });
    await qi.input.press('Enter');
    await qi.waitStep(4, 4);
    await qi.submit(BODY);
    await wb.dialog().waitFor({ state: 'visible' });
    await wb.dialogButton(/^Send$/).click();
    const note = wb.notification(/Message ID: /).first();
    await note.waitFor({ state: 'visible', timeout: 20_000 });
    const got = await received(sim);
    assert.equal(got.length - before, 1);
    firstId = got.at(-1)?.messageId ?? '';
    assert.ok(firstId);
    assert.equal(MESSAGE_ID.exec(((await note.textContent()) ?? '').trim())?.[1], firstId);
    await wb.treeRow(BODY, VIEW).waitFor({ state: 'visible' });
    assert.equal(await wb.treeRows(VIEW).count(), 1, "one entry in the new profile's history");
    await wb.clearNotifications();
  });

  it('resends an entry from its context menu: confirmation, a NEW message id, exactly one more SMS received', async function () {
    const before = await received(sim);
    await wb.contextMenu(wb.treeRow(BODY, VIEW), 'Resend SMS…');
    const dialog = wb.dialog();
    await dialog.waitFor({ state: 'visible' });
    const text = (await dialog.textContent()) ?? '';
    assert.match(text, new RegExp(`From: ${SENDER}`));
    assert.ok(text.includes(`To: ${TO}`), text);
    // Nothing is sent before the user confirms.
    assert.equal((await received(sim)).length, before.length);
    await wb.screenshot('sms-history-01-resend-confirm');
    await wb.dialogButton(/^Send$/).click();
    await dialog.waitFor({ state: 'hidden' });

    const note = wb.notification(/Message ID: /).first();
    await note.waitFor({ state: 'visible', timeout: 20_000 });
    const after = await received(sim);
    assert.equal(after.length - before.length, 1, 'exactly one more SMS reached the simulator');
    const resent = after.at(-1);
    assert.deepEqual([resent?.from, resent?.to, resent?.body], [SENDER, TO, BODY]);
    assert.ok(resent?.messageId && resent.messageId !== firstId, 'the resend got a new message id');
    assert.equal(MESSAGE_ID.exec(((await note.textContent()) ?? '').trim())?.[1], resent.messageId);
    await wb.treeRows(VIEW).nth(1).waitFor({ state: 'visible' });
    assert.equal(await wb.treeRows(VIEW).count(), 2, 'the resend is a second history entry');
    await wb
      .notification(/Sending SMS to/)
      .first()
      .waitFor({ state: 'hidden', timeout: 10_000 })
      .catch(() => undefined);
    await wb.screenshot('sms-history-02-resent');
    await wb.clearNotifications();
  });

  it('"Clear Sent SMS History" asks first, then the view is empty', async function () {
    const entries = await wb.treeRows(VIEW).count();
    assert.ok(entries >= 1);
    await wb.clickViewTitleAction(VIEW, 'Clear Sent SMS History');
    const dialog = wb.dialog();
    await dialog.waitFor({ state: 'visible' });
    const text = (await dialog.textContent()) ?? '';
    assert.match(text, new RegExp(`Clear the sent SMS history of ${PROFILE}\\?`));
    assert.match(text, new RegExp(`${entries} entries are removed`));
    await wb.screenshot('sms-history-03-clear-confirm');
    await wb.dialogButton(/^Clear$/).click();
    await dialog.waitFor({ state: 'hidden' });

    await wb.treeRow(BODY, VIEW).waitFor({ state: 'hidden' });
    assert.equal(await wb.treeRows(VIEW).count(), 0);
    await wb.welcomeButton('Send Test SMS', VIEW).waitFor({ state: 'visible' });
    await wb.screenshot('sms-history-04-cleared');
  });
});
