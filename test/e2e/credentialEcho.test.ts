// A service echoing the request's credentials, seen in the real UI (the DOM the user reads): the simulator's
// `echoCredentials` fault puts every form of the key id and secret (and the request's Signature) into the
// status message, the service name, the balance's currency and each activity row. The notification, the
// Account view and status bar, the month view and activities panels, and finally the whole workbench page,
// must hold no form of them. (test/integration/credentialEcho.test.ts checks the same fault against the
// values behind every surface, the log files and the chat tools.)
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { credentialForms, DEMO_INSTANCES } from '../../src/simulator/index.js';
import { VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { session, type SimulatorInfo } from './support/session.js';
import { signedInSuite } from './support/signedInSuite.js';
import { armFault, clearFaults } from './support/simulatorControl.js';
import { until } from './support/wait.js';

const PROFILE = 'E2E credential echo';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
/** The words around the echo, which stay readable: the credentials inside are masked. */
const ECHO = /Rejected Authorization/;

describe('a service echoing the credentials: no form in the DOM of any surface (security)', function () {
  const suite = signedInSuite();
  let sim: SimulatorInfo;
  let forms: string[];

  function assertNoForm(where: string, text: string): void {
    assert.deepEqual(
      forms.filter((f) => text.includes(f)),
      [],
      `${where} shows a credential form: ${text.slice(0, 400)}`,
    );
  }

  async function frameText(frame: FrameLocator): Promise<string> {
    return frame.locator('html').evaluate(() => document.documentElement.outerHTML);
  }

  before(async function () {
    sim = await session().simulator();
    forms = credentialForms(sim.accessKeyId, sim.secretAccessKey);
  });

  afterEach(async function () {
    await clearFaults(sim);
  });

  it('signs in', async function () {
    const ok = await suite.wb.signInToSimulator(PROFILE);
    assert.ok(ok, 'signed in');
    suite.signedIn();
    await suite.wb.openViewContainer(VIEW_CONTAINER_TITLE);
  });

  it('a failed balance: the notification, the Account view and the status bar', async function () {
    const wb = suite.wb;
    await armFault(sim, { kind: 'echoCredentials', status: 502, match: { operation: 'balance' } });
    await wb.runCommand('Voice & SMS: Refresh Balance');
    const message = wb.notification(ECHO).first();
    await message.waitFor({ state: 'visible', timeout: 30_000 });
    assertNoForm('the notification', await message.evaluate((e) => e.outerHTML));
    await wb.clearNotifications().catch(() => undefined);
    assertNoForm('the Account view', await wb.viewPane('Account').evaluate((e) => e.outerHTML));
    assertNoForm('the status bar', await wb.page.locator('.part.statusbar').evaluate((e) => e.outerHTML));
    await wb.screenshot('credential-echo-01-balance');
  });

  it('an answer echoing in every field: the month view and activities panels', async function () {
    this.timeout(90_000);
    const wb = suite.wb;
    await armFault(sim, { kind: 'echoCredentials', match: { operation: 'calls' } });
    await armFault(sim, { kind: 'echoCredentials', match: { operation: 'activities' } });
    await wb.runCommand('Voice & SMS: Open Month View…');
    const qi = wb.quickInput;
    if (
      await qi.waitOpen(3_000).then(
        () => true,
        () => false,
      )
    ) {
      if (await qi.row(INSTANCE).isVisible()) await qi.pick(INSTANCE);
      await qi.pick(/this month/);
    }
    const month = await wb.webviewWith('table.days tr.day-row', 30_000);
    assertNoForm('the month view panel', await frameText(month));
    await month.locator('table.days tr.day-row').first().click();
    const activities = await wb.webviewWith('.result-panel', 30_000);
    await until('the activities', async () => (await activities.locator('body').innerText()).length > 50, 30_000);
    assertNoForm('the activities panel', await frameText(activities));
    await wb.screenshot('credential-echo-02-panels');
  });

  it('nowhere on the workbench page', async function () {
    const html = await suite.wb.page.evaluate(() => document.documentElement.outerHTML);
    assertNoForm('the workbench page', html);
    await suite.wb.runCommand('View: Close All Editors');
  });
});
