// Signing in through the real palette UI of the installed VSIX, against the simulator the runner
// starts: every step of the multi-step input (title, "n/m"), a wrong secret reported on the secret
// step with the values kept, the right secret saved (welcome view gone), and signing out through
// the modal confirmation (welcome view back). Screenshots of each step.
import * as assert from 'node:assert/strict';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { session, type SimulatorInfo } from './support/session.js';
import { Workbench } from './support/workbench.js';

const PROFILE = 'E2E simulator';
const INSTANCE = 'VI-DEMO-01';
const STEPS = 6;

describe('sign in, fix a wrong secret, sign out (palette UI)', function () {
  let wb: Workbench;
  let sim: SimulatorInfo;

  before(async function () {
    sim = await session().simulator();
    wb = await Workbench.open({ waitForActivityItem: VIEW_CONTAINER_TITLE });
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    await wb
      .welcomeButton(/sign in/i)
      .first()
      .waitFor({ state: 'visible' });
  });

  after(async function () {
    await wb?.close();
  });

  it('walks the steps and reports a refused secret on the secret step', async function () {
    await wb.runCommand(`${COMMAND_CATEGORY}: Sign In`);
    const qi = wb.quickInput;
    await qi.waitStep(1, STEPS);
    assert.match((await qi.title.textContent()) ?? '', /Sign In/);
    await qi.fill(PROFILE);
    await wb.screenshot('signin-01-profile-name');
    await qi.input.press('Enter');

    await qi.waitStep(2, STEPS);
    // Back returns to the name with what was typed; Enter moves on again.
    await qi.backButton.click();
    await qi.waitStep(1, STEPS);
    assert.equal(await qi.input.inputValue(), PROFILE);
    await qi.input.press('Enter');
    await qi.waitStep(2, STEPS);
    // Validation as the user types: plain http is refused for a remote host.
    await qi.fill('http://example.com');
    await qi.message.filter({ hasText: /https:\/\// }).waitFor({ state: 'visible' });
    await wb.screenshot('signin-02-base-url-invalid');
    await qi.submit(sim.baseUrl);

    await qi.waitStep(3, STEPS);
    await qi.fill(sim.accessKeyId);
    await wb.screenshot('signin-03-access-key-id');
    await qi.input.press('Enter');

    await qi.waitStep(4, STEPS);
    assert.equal(await qi.input.getAttribute('type'), 'password', 'the secret is typed into a password box');
    await qi.fill('not-the-secret');
    await wb.screenshot('signin-04-secret');
    await qi.input.press('Enter');

    await qi.waitStep(5, STEPS);
    await wb.screenshot('signin-05-account-id');
    await qi.submit('');

    await qi.waitStep(6, STEPS);
    await qi.fill(INSTANCE);
    await wb.screenshot('signin-06-voice-instance');
    await qi.input.press('Enter');

    // One request, refused: the flow reopens the secret step with the core's message.
    await qi.waitStep(4, STEPS, 20_000);
    await qi.message.filter({ hasText: /refused the credentials/ }).waitFor({ state: 'visible' });
    assert.ok(await qi.input.isEditable(), 'the reopened step takes input again');
    await wb.screenshot('signin-07-wrong-secret');
    // Nothing was saved: the welcome view still offers to sign in.
    assert.ok(
      await wb
        .welcomeButton(/sign in/i)
        .first()
        .isVisible(),
    );
  });

  it('saves the profile with the right secret, keeping the other values, and hides the welcome view', async function () {
    const qi = wb.quickInput;
    await qi.submit(sim.secretAccessKey);
    await qi.waitStep(5, STEPS);
    await qi.input.press('Enter');
    await qi.waitStep(6, STEPS);
    assert.equal(await qi.input.inputValue(), INSTANCE, 'the instance typed before is kept');
    await qi.input.press('Enter');
    await qi.waitClosed(20_000);

    await wb.signedInNotice(PROFILE);
    await wb
      .welcomeButton(/sign in/i)
      .first()
      .waitFor({ state: 'hidden' });
    await wb.screenshot('signin-08-signed-in');
  });

  it('signs out after a modal confirmation that says the settings are kept', async function () {
    await wb.runCommand(`${COMMAND_CATEGORY}: Sign Out`);
    const dialog = wb.dialog();
    await dialog.waitFor({ state: 'visible' });
    assert.match((await dialog.textContent()) ?? '', /settings .* are kept/);
    await wb.screenshot('signin-09-sign-out-confirm');
    await wb.dialogButton('Sign Out and Remove Profile').click();
    await dialog.waitFor({ state: 'hidden' });
    await wb
      .welcomeButton(/sign in/i)
      .first()
      .waitFor({ state: 'visible' });
    await wb.screenshot('signin-10-signed-out');
  });
});
