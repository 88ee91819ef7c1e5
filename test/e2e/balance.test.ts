// The balance through the real UI: sign in from the palette with an account id, open the Voice & SMS
// container, read the balance in the Account view and in the status bar, then raise
// voiceSms.lowBalanceThreshold above it in the Settings editor and see the warning in both.
import * as assert from 'node:assert/strict';
import { VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { until, textMatching } from './support/wait.js';
import { signedInSuite } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';

const VIEW = 'Account';
const PROFILE = 'E2E balance';
/** "123.45 EUR" as the extension formats the simulator's answer (the amount drops as other files send SMS). */
const BALANCE = /^\d{1,3}(,\d{3})*\.\d{2} EUR$/;

describe('balance in the Account view and the status bar', function () {
  let shown = '';
  let signedIn = false;
  // Registered before the suite's own hooks, so it runs before they sign out and hand the window on: the threshold
  // goes back to its default for the files that run after this one.
  after(async function () {
    if (signedIn) await suite.wb.setUserSetting('voiceSms.lowBalanceThreshold', '5').catch(() => undefined);
  });
  const suite = signedInSuite();
  let wb: Workbench;
  before(function () {
    wb = suite.wb;
  });

  it('signs in from the palette with an account id', async function () {
    assert.ok(await wb.signInToSimulator(PROFILE), 'the sign-in flow closed');
    signedIn = true;
    suite.signedIn();
  });

  it('shows the balance in the Account view and the same text in the status bar', async function () {
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    const row = wb.treeRow(/^Balance$/, VIEW);
    await row.waitFor({ state: 'visible' });
    // The row is redrawn as the balance arrives, so poll through the locator, not one element. The window's first
    // request loads the core bundle; in npm test this runs beside the integration suite on two cores, hence 45 s.
    shown = await textMatching(wb.treeRowDescription(row), BALANCE, 45_000);
    await wb.treeRow(PROFILE, VIEW).waitFor({ state: 'visible' });
    await wb.treeRow(/^Last refresh: /, VIEW).waitFor({ state: 'visible' });

    const item = wb.statusBarItem(shown);
    await item.waitFor({ state: 'visible' });
    assert.equal(await wb.statusBarItemIsWarning(item), false);
    await wb.moveMouseAway();
    await wb.screenshot('balance-01-account');
  });

  it('raising lowBalanceThreshold above the balance shows the warning in both places', async function () {
    await wb.setUserSetting('voiceSms.lowBalanceThreshold', '100000');
    const item = wb.statusBarItem(shown);
    await until('the status-bar warning', () => wb.statusBarItemIsWarning(item));
    const row = wb.treeRow(/^Balance$/, VIEW);
    await row.locator('.codicon-warning').waitFor({ state: 'visible' });
    await wb.moveMouseAway();
    await wb.screenshot('balance-02-low');
  });
});
