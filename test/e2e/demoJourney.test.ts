// The whole offline-demo journey through the real UI of the installed VSIX, with no account and no
// simulator of the test's own: start the demo from the welcome view, send an SMS from the palette
// with a national-format number, lose the answer of a second one (fault armed on the demo
// simulator's control endpoint, inside the extension host) and see "outcome unknown" with exactly
// one message received, read the balance in the Account view and the status bar, cross the
// low-balance threshold, then copy the balance request as cURL and run it against the demo.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DEMO_ACCOUNT, DEMO_INSTANCES } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { armFault, demoCredentials, demoTarget, receivedSms, requestsServed, type ReceivedSms } from './support/simulatorControl.js';
import { until, textMatching } from './support/wait.js';
import { Workbench } from './support/workbench.js';

const run = promisify(execFile);
const DEMO_PROFILE = 'Demo (offline)';
const SENDER = 'VSTK-TEST';
const NATIONAL = '030 1234567';
const E164 = '+49301234567';
const BALANCE = /^\d{1,3}(,\d{3})*\.\d{2} EUR$/;

describe('offline demo journey (welcome view → SMS → lost answer → balance → cURL)', function () {
  this.timeout(120_000);
  let wb: Workbench;
  let started = false;
  let demoUrl = '';
  let balance = '';

  const received = (): Promise<ReceivedSms[]> => receivedSms(demoTarget(demoUrl));

  before(async function () {
    wb = await Workbench.open({ waitForActivityItem: VIEW_CONTAINER_TITLE });
    await wb.setUserSetting('voiceSms.sms.defaultRegion', 'DE');
  });

  after(async function () {
    if (started) {
      await wb?.setUserSetting('voiceSms.lowBalanceThreshold', '5').catch(() => undefined);
      await wb?.runCommand(`${COMMAND_CATEGORY}: Stop Offline Demo`).catch(() => undefined);
    }
    await wb?.setUserSetting('voiceSms.sms.defaultRegion', '').catch(() => undefined);
    await wb?.close();
  });

  beforeEach(function () {
    if (!started && !this.currentTest?.title.startsWith('starts')) this.skip();
  });

  it('starts the demo from the welcome view', async function () {
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    await wb.welcomeButton(/offline demo/i, 'Voice Instances').click();
    started = true;
    await wb.treeRow(DEMO_INSTANCES[0] ?? 'VI-DEMO-01', 'Voice Instances').waitFor({ state: 'visible', timeout: 30_000 });
    // The Account view names the demo simulator's loopback address: the test's only way in.
    const profileRow = wb.treeRow(DEMO_PROFILE, 'Account');
    const where = await textMatching(wb.treeRowDescription(profileRow), /^127\.0\.0\.1:\d+$/);
    demoUrl = `http://${where}`;
    assert.equal(
      (await fetch(`${demoUrl}/__sim/faults`, { headers: { 'x-sim-token': demoTarget(demoUrl).controlToken } })).status,
      200,
      'the demo simulator answers',
    );
    assert.equal((await fetch(`${demoUrl}/__sim/faults`)).status, 401, 'but not without its token');
    // Recorded for the runner's secrets scan.
    assert.match((await demoCredentials(demoTarget(demoUrl))).accessKeyId, /^DEMO-[0-9A-F]{16}$/);
  });

  it('sends an SMS from the palette to a national-format number: normalised, segments shown, confirmed, id shown, in history', async function () {
    const before = (await received()).length;
    await wb.runCommand(`${COMMAND_CATEGORY}: Send Test SMS`);
    const qi = wb.quickInput;
    await qi.waitOpen();
    await qi.pick(new RegExp(`^${SENDER}`));
    await qi.waitStep(2, 3);
    await qi.fill(NATIONAL);
    await qi.widget.filter({ hasText: `Will be sent to ${E164}` }).waitFor({ state: 'visible' });
    await qi.input.press('Enter');
    await qi.waitStep(3, 3);
    await qi.fill('Demo journey ✓');
    await qi.title.filter({ hasText: /14 characters · UCS-2 · 1 segment/ }).waitFor({ state: 'visible' });
    await qi.input.press('Enter');

    const dialog = wb.dialog();
    await dialog.waitFor({ state: 'visible' });
    const text = (await dialog.textContent()) ?? '';
    assert.ok(text.includes(`To: ${E164}`), text);
    assert.match(text, /UCS-2 · 1 segment/);
    await wb.dialogButton(/^Send$/).click();

    const note = wb.notification(/SMS sent to \+49\*+67\. Message ID: /).first();
    await note.waitFor({ state: 'visible', timeout: 20_000 });
    const got = await received();
    assert.equal(got.length - before, 1);
    assert.deepEqual({ from: got.at(-1)?.from, to: got.at(-1)?.to }, { from: SENDER, to: E164 });
    assert.ok(((await note.textContent()) ?? '').includes(got.at(-1)?.messageId ?? '?'));
    await wb.treeRow('Demo journey ✓', 'Sent SMS').waitFor({ state: 'visible' });
    await wb.clearNotifications();
  });

  it('says "outcome unknown" for a lost answer, with exactly one message received', async function () {
    const before = (await received()).length;
    await armFault(demoTarget(demoUrl), { kind: 'resetAfterReceive', match: { operation: 'sms' }, times: 1 });
    await wb.runCommand(`${COMMAND_CATEGORY}: Send Test SMS`);
    const qi = wb.quickInput;
    await qi.waitOpen();
    await qi.pick(new RegExp(`^${SENDER}`));
    await qi.waitStep(2, 3);
    await qi.submit(NATIONAL);
    await qi.waitStep(3, 3);
    await qi.submit('Demo lost answer');
    await wb.dialog().waitFor({ state: 'visible' });
    await wb.dialogButton(/^Send$/).click();
    await wb
      .notification(/outcome of the SMS to \+49\*+67 is unknown/)
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal((await received()).length - before, 1, 'exactly one SMS reached the demo simulator');
    // A barrier instead of a pause: a later request of this window (a balance read) has reached the simulator, and
    // still no second SMS has.
    const served = (await requestsServed(demoTarget(demoUrl))).length;
    await wb.runCommand(`${COMMAND_CATEGORY}: Refresh Balance`);
    await until('the balance read to reach the demo simulator', async () =>
      (await requestsServed(demoTarget(demoUrl))).slice(served).some((r) => r.path.includes('/balance')),
    );
    assert.equal((await received()).length - before, 1, 'and it was not resent');
    await wb.clearNotifications();
  });

  it('shows the balance in the Account view and the status bar, and warns below the threshold', async function () {
    // The balance shown so far predates the two SMS: wait for the refresh to land before reading it.
    const refreshed = wb.treeRow(/^Last refresh: /, 'Account');
    const before = (await refreshed.textContent()) ?? '';
    await wb.runCommand(`${COMMAND_CATEGORY}: Refresh Balance`);
    await until('the balance refresh', async () => ((await refreshed.textContent({ timeout: 1_000 })) ?? '') !== before);
    const row = wb.treeRow(/^Balance$/, 'Account');
    balance = await textMatching(wb.treeRowDescription(row), BALANCE);
    const item = wb.statusBarItem(balance);
    await item.waitFor({ state: 'visible' });
    assert.equal(await wb.statusBarItemIsWarning(item), false);

    await wb.setUserSetting('voiceSms.lowBalanceThreshold', '100000');
    await until('the status-bar warning', () => wb.statusBarItemIsWarning(wb.statusBarItem(balance)));
    await wb
      .treeRow(/^Balance$/, 'Account')
      .locator('.codicon-warning')
      .waitFor({ state: 'visible' });
    await wb.moveMouseAway();
    await wb.screenshot('demo-03-journey-low-balance');
  });

  it('copies the balance request as cURL, which runs against the demo simulator', async function () {
    await wb.runCommand(`${COMMAND_CATEGORY}: Copy Request as cURL`);
    const qi = wb.quickInput;
    await qi.waitOpen();
    await qi.pick(/^Balance/);
    await wb
      .notification(/Copied cURL for the balance of/)
      .first()
      .waitFor({ state: 'visible' });
    const text = await wb.page.evaluate(() => navigator.clipboard.readText());
    assert.match(text, new RegExp(`/account/${DEMO_ACCOUNT}/balance`));
    // Random for this start of the demo: read back from its simulator, never a value in the repository.
    const creds = await demoCredentials(demoTarget(demoUrl));
    assert.ok(!text.includes(creds.secretAccessKey), 'no secret in the copied command');
    const { stdout } = await run('sh', ['-c', text], {
      env: {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        VOICESMS_ACCESS_KEY_ID: creds.accessKeyId,
        VOICESMS_SECRET_ACCESS_KEY: creds.secretAccessKey,
      },
      timeout: 10_000,
    });
    assert.match(stdout, /<code>200<\/code>/);
    const amount = /<amount>([\d.]+)<\/amount>/.exec(stdout)?.[1];
    assert.equal(Number(amount), Number(balance.replace(/[^\d.]/g, '')), `cURL amount ${amount} vs shown "${balance}"`);
    await wb.clearNotifications();
  });
});
