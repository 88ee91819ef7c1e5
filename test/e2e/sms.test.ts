// Sending a test SMS through the real palette UI of the installed VSIX, against the simulator the
// runner starts: a new sender id typed in, a national-format number shown back as E.164 (with
// sms.defaultRegion DE set in the Settings editor), the body's characters/encoding/segments in the
// title, the confirmation modal, the message id notification and the Sent SMS row. Then a lost
// answer (resetAfterReceive): "outcome unknown" is said plainly, exactly one SMS reached the
// simulator, and the next run offers the draft again. Screenshots: docs/screenshots/sms-*.png.
import * as assert from 'node:assert/strict';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { session, type SimulatorInfo } from './support/session.js';
import { armFault, clearFaults, receivedSms, type ReceivedSms } from './support/simulatorControl.js';
import { sharedWindow } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';

const PROFILE = 'E2E SMS';
const INSTANCE = 'VI-DEMO-01';
const SENDER = 'VSTK-TEST';
const NATIONAL = '0151 23456789';
const E164 = '+4915123456789';
const BODY = 'Hello from the Voice & SMS Toolkit e2e test';
const HISTORY = 'Sent SMS';

const received = (sim: SimulatorInfo): Promise<ReceivedSms[]> => receivedSms(sim);

describe('send a test SMS (palette UI)', function () {
  this.timeout(120_000);
  let wb: Workbench;
  let sim: SimulatorInfo;
  let signedIn = false;

  // Registered before the shared window's hooks, so it runs while the profile is still signed in.
  after(async function () {
    await clearFaults(sim);
    await wb?.setUserSetting('voiceSms.sms.defaultRegion', '').catch(() => undefined);
  });
  const window = sharedWindow(() => signedIn);

  before(async function () {
    sim = await session().simulator();
    wb = window.wb;
    await wb.setUserSetting('voiceSms.sms.defaultRegion', 'DE');
    signedIn = await wb.signInWithPalette({ name: PROFILE, baseUrl: sim.baseUrl, ...credentials(sim), voiceInstanceId: INSTANCE });
    assert.ok(signedIn, 'signed in');
    await wb.signedInNotice(PROFILE);
    await wb.clearNotifications();
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
  });

  it('normalises a national number, shows segments, confirms, shows the id and the history row', async function () {
    const before = (await received(sim)).length;
    await wb.runCommand(`${COMMAND_CATEGORY}: Send Test SMS`);
    const qi = wb.quickInput;
    await qi.waitOpen();
    await wb.screenshot('sms-01-sender');
    await qi.pick(/Enter another sender ID/);
    await qi.waitStep(2, 4);
    await qi.submit(SENDER);

    await qi.waitStep(3, 4);
    await qi.fill(NATIONAL);
    await qi.widget.filter({ hasText: `Will be sent to ${E164}` }).waitFor({ state: 'visible' });
    await wb.screenshot('sms-02-number-normalised');
    await qi.input.press('Enter');

    await qi.waitStep(4, 4);
    await qi.fill(BODY);
    await qi.title.filter({ hasText: /43 characters · GSM-7 · 1 segment/ }).waitFor({ state: 'visible' });
    await wb.screenshot('sms-03-body-segments');
    await qi.input.press('Enter');

    const dialog = wb.dialog();
    await dialog.waitFor({ state: 'visible' });
    const text = (await dialog.textContent()) ?? '';
    // The profile and host come first: the slip this modal exists for is the wrong profile.
    assert.ok(text.includes(`Profile: ${PROFILE} (${new URL(sim.baseUrl).host})`), text);
    assert.match(text, new RegExp(`From: ${SENDER}`));
    assert.ok(text.includes(`To: ${E164}`), text);
    assert.match(text, /GSM-7 · 1 segment/);
    await wb.screenshot('sms-04-confirm');
    await wb.dialogButton(/^Send$/).click();
    await dialog.waitFor({ state: 'hidden' });

    const note = wb.notification(/SMS sent to \+4915\*+89\. Message ID: /).first();
    await note.waitFor({ state: 'visible', timeout: 20_000 });
    const got = await received(sim);
    assert.equal(got.length - before, 1);
    const sms = got.at(-1);
    assert.equal(sms?.to, E164);
    assert.equal(sms?.from, SENDER);
    assert.equal(sms?.body, BODY);
    assert.ok(((await note.textContent()) ?? '').includes(sms?.messageId ?? '?'), 'the notification names the message id');
    await settled(wb);
    await wb.screenshot('sms-05-sent');

    const row = wb.treeRow(/Hello from the Voice & SMS/, HISTORY);
    await row.waitFor({ state: 'visible' });
    const description = (await wb.treeRowDescription(row).textContent()) ?? '';
    assert.match(description, /^\+4915\*+89 · /);
    assert.ok(!description.includes('23456789'));
    await wb.clearNotifications();
    await wb.screenshot('sms-06-history');
  });

  it('says "outcome unknown" for a lost answer, with exactly one SMS received, and keeps the draft', async function () {
    const before = (await received(sim)).length;
    await armFault(sim, { kind: 'resetAfterReceive', match: { operation: 'sms' }, times: 1 });

    await wb.runCommand(`${COMMAND_CATEGORY}: Send Test SMS`);
    const qi = wb.quickInput;
    await qi.waitOpen();
    // The sender used a moment ago comes first.
    await qi.pick(new RegExp(SENDER));
    await qi.waitStep(2, 3);
    await qi.submit(NATIONAL);
    await qi.waitStep(3, 3);
    await qi.submit('Lost answer e2e');
    await wb.dialog().waitFor({ state: 'visible' });
    await wb.dialogButton(/^Send$/).click();

    await wb
      .notification(/outcome of the SMS to \+4915\*+89 is unknown/)
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal((await received(sim)).length - before, 1, 'exactly one SMS reached the simulator');
    await wb.treeRow('Lost answer e2e', HISTORY).waitFor({ state: 'visible' });
    await settled(wb);
    await wb.screenshot('sms-07-outcome-unknown');
    await wb.clearNotifications();

    // The next run opens with the unsent draft filled in.
    await wb.runCommand(`${COMMAND_CATEGORY}: Send Test SMS`);
    await qi.waitOpen();
    assert.match((await qi.input.getAttribute('placeholder')) ?? '', /unsent draft/);
    await qi.pick(new RegExp(SENDER));
    await qi.waitStep(2, 3);
    assert.equal(await qi.input.inputValue(), E164);
    await qi.cancel();
    assert.equal((await received(sim)).length - before, 1, 'nothing was sent again');
  });
});

/** The progress toast has gone and the result toast finished its fade-in (for clean screenshots). */
async function settled(wb: Workbench): Promise<void> {
  await wb
    .notification(/Sending SMS to/)
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 });
  // Every toast on show has finished its transitions.
  await wb.page.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll('.notification-toast-container')].flatMap((el) =>
        el.getAnimations({ subtree: true }).map((a) => a.finished),
      ),
    ),
  );
}

function credentials(sim: SimulatorInfo): { accessKeyId: string; secretAccessKey: string } {
  return { accessKeyId: sim.accessKeyId, secretAccessKey: sim.secretAccessKey };
}
