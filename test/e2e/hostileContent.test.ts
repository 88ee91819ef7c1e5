// Hostile content in the real UI: the simulator puts a `command:` link, a web link, HTML with a
// script, markdown and a codicon (HOSTILE_TEXT) into every string the service controls, and the
// product must show it as plain text everywhere it appears — the Account view and the status bar
// (currency), a notification and the instances tree (status message of an error), the month view,
// trend and activities panels. Asserted in Chromium: no link element, no rendered icon or HTML,
// no script run, the words still readable.
import * as assert from 'node:assert/strict';
import type { FrameLocator, Locator } from 'playwright-core';
import { DEMO_INSTANCES } from '../../src/simulator/index.js';
import { HOSTILE_TEXT } from '../../src/simulator/faultWriters.js';
import { VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { session, type SimulatorInfo } from './support/session.js';
import { signedInSuite } from './support/signedInSuite.js';
import { armFault, clearFaults } from './support/simulatorControl.js';
import { textMatching, until } from './support/wait.js';

const PROFILE = 'E2E hostile';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
/** The words of HOSTILE_TEXT's link; they must stay readable wherever the text is shown. */
const WORDS = /Run fix/;

/** What a rendered hostile string must not contain: links, images, scripts or a rendered codicon. */
async function assertInert(where: string, scope: Locator): Promise<void> {
  for (const selector of ['a[href]', 'a[data-href]', 'img', 'script', 'strong', '.codicon-alert']) {
    assert.equal(await scope.locator(selector).count(), 0, `${where}: found ${selector}`);
  }
}

async function assertFrameInert(where: string, frame: FrameLocator): Promise<void> {
  assert.equal(await frame.locator('img').count(), 0, `${where}: an <img> was rendered`);
  assert.equal(await frame.locator('a[href^="command:"]').count(), 0, `${where}: a command link was rendered`);
  const title = await frame.locator('html').evaluate(() => document.title);
  assert.notEqual(title, 'pwned', `${where}: a script ran`);
  const text = await frame.locator('body').innerText();
  assert.match(text, /<img src=x/, `${where}: the hostile text is not shown as text`);
}

describe('hostile service text is shown as text in every surface', function () {
  const suite = signedInSuite();
  let sim: SimulatorInfo;

  before(async function () {
    sim = await session().simulator();
  });

  afterEach(async function () {
    await clearFaults(sim);
    await suite.wb.clearNotifications().catch(() => undefined);
  });

  it('signs in with an account id', async function () {
    const ok = await suite.wb.signInToSimulator(PROFILE);
    assert.ok(ok, 'signed in');
    suite.signedIn();
    await suite.wb.openViewContainer(VIEW_CONTAINER_TITLE);
  });

  it('the Account view and the status bar refuse a hostile currency and render nothing of it', async function () {
    const wb = suite.wb;
    const row = wb.treeRow(/^Balance$/, 'Account');
    await textMatching(wb.treeRowDescription(row), / EUR$/, 20_000);
    await armFault(sim, { kind: 'hostile', match: { operation: 'balance' } });
    await wb.runCommand('Voice & SMS: Refresh Balance');
    // A currency is a code or one symbol (src/core/api/balance.ts): the hostile one is dropped, the amount stays.
    const shown = await textMatching(wb.treeRowDescription(row), /^[\d.,]+$/, 20_000);
    await assertInert('Account view row', row);
    const item = wb.statusBarItem(shown);
    await item.waitFor({ state: 'visible' });
    await assertInert('status bar', item);
    await wb.screenshot('hostile-01-balance');
  });

  it('a notification carrying a hostile status message has no link in it', async function () {
    const wb = suite.wb;
    await armFault(sim, { kind: 'envelopeError', serviceCode: '500', serviceMessage: HOSTILE_TEXT, match: { operation: 'balance' } });
    await wb.runCommand('Voice & SMS: Refresh Balance');
    const message = wb.notification(WORDS).first();
    await message.waitFor({ state: 'visible', timeout: 30_000 });
    await assertInert('notification', message);
    await wb.screenshot('hostile-02-notification');
  });

  it('the instances tree shows a hostile error as text, in its label and its tooltip', async function () {
    const wb = suite.wb;
    await armFault(sim, { kind: 'envelopeError', serviceCode: '500', serviceMessage: HOSTILE_TEXT, match: { operation: 'calls' } });
    await wb.runCommand('Voice & SMS: Refresh');
    const instance = wb.treeRow(INSTANCE, 'Voice Instances');
    await wb.expandTreeRow(instance);
    // The error row: our label, the service's message as its description and in its tooltip.
    const row = wb.treeRows('Voice Instances').filter({ hasText: WORDS });
    await row.first().waitFor({ state: 'visible', timeout: 30_000 });
    await assertInert('tree row', row.first());
    const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: WORDS }).first();
    await wb.hoverUntil(row.first(), hover);
    await assertInert('tree tooltip', hover);
    await wb.screenshot('hostile-03-tree', { keepHover: true });
    await wb.moveMouseAway();
  });

  it('the month view and the trend show a hostile error as text; no script runs', async function () {
    this.timeout(90_000);
    const wb = suite.wb;
    await armFault(sim, { kind: 'envelopeError', serviceCode: '500', serviceMessage: HOSTILE_TEXT, match: { operation: 'calls' } });
    await wb.runCommand('Voice & SMS: Open Month View…');
    await pickInstanceIfAsked(/this month/);
    await wb.quickInput.pick(/this month/);
    const month = await wb.webviewWith('.state-error .error-message', 30_000);
    await textMatching(month.locator('.state-error .error-message'), WORDS);
    await assertFrameInert('month view', month);
    await wb.screenshot('hostile-04-month-view');
    await wb.runCommand('View: Close All Editors');

    await wb.runCommand('Voice & SMS: Open 12-Month Trend…');
    await pickInstanceIfAsked();
    const trend = await wb.webviewWith('body', 40_000);
    await until('the trend shows the errors', async () => WORDS.test(await trend.locator('body').innerText()), 40_000);
    await assertFrameInert('trend', trend);
    await wb.runCommand('View: Close All Editors');
  });

  it('the activities panel shows hostile keys and values as text', async function () {
    this.timeout(90_000);
    const wb = suite.wb;
    await armFault(sim, { kind: 'hostile', match: { operation: 'activities' } });
    await wb.runCommand('Voice & SMS: Open Month View…');
    await pickInstanceIfAsked(/this month/);
    await wb.quickInput.pick(/this month/);
    const month = await wb.webviewWith('table.days tr.day-row', 30_000);
    // The first day: activities are asked for whatever its traffic.
    await month.locator('table.days tr.day-row').first().click();
    const activities = await wb.webviewWith('.result-panel', 30_000);
    await until('the hostile values', async () => WORDS.test(await activities.locator('body').innerText()), 30_000);
    await assertFrameInert('activities', activities);
    await wb.screenshot('hostile-05-activities');
    await wb.runCommand('View: Close All Editors');
  });

  /** With one instance the commands do not ask; other suites may have pinned more, then pick ours. */
  async function pickInstanceIfAsked(nextStep?: RegExp): Promise<void> {
    const qi = suite.wb.quickInput;
    if (
      !(await qi.waitOpen(3_000).then(
        () => true,
        () => false,
      ))
    )
      return;
    if (nextStep && (await qi.row(nextStep).isVisible())) return;
    if (await qi.row(INSTANCE).isVisible()) await qi.pick(INSTANCE);
  }
});
