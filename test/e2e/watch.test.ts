// The watch over the offline demo, in the real UI of the installed VSIX: start the demo, Start Watching two instances
// from the palette, see the status-bar item appear with today's call legs. Then the suite's one wait for a real tick:
// the demo's simulator is told to add calls today (its control endpoint, POST /__sim/live: what its live traffic
// brings in minutes, at once), and at the watch's next tick (its 10 s floor) the status bar shows the change and
// today's month view, opened by a click on the status bar (which asks which of the two), changes its row in place;
// the tooltip's Stop Watching link drops one instance. The low-balance alert follows a balance reading once the
// calls are charged (Refresh Balance: the alert listens to every reading, watch or not), offering Snooze for a Day,
// then Undo. A second window on the folder asks Resume / Not now (the e2e runner sets no reload grace, so it is
// told apart as a folder opened days later is). Every other clock of the watch is driven by the test seam in
// test/integration/watch.test.ts and watchLife.test.ts. Screenshots for docs/usage.md.
import * as assert from 'node:assert/strict';
import { DEMO_PROFILE_NAME } from '../../src/shared/ids.js';
import { DEMO_INSTANCES } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { demoTarget } from './support/simulatorControl.js';
import { textMatching, until } from './support/wait.js';
import { Workbench } from './support/workbench.js';

const VIEW = 'Voice Instances';
const WATCHED = [DEMO_INSTANCES[0] ?? 'VI-DEMO-01', DEMO_INSTANCES[1] ?? 'VI-DEMO-02'];
/** "Today 1,234 legs +5": today's call legs of the watched instances and the change since the watch began (codicons are not text). */
const FIGURES = /^\s*Today ([\d,.\u202f\u00a0]+) legs (\+\d+|\u00b10|\u2212\d+)/;

/** Adds `legs` calls today on every demo instance, charged to the demo account (src/simulator/control.ts). */
async function addCalls(demoUrl: string, legs: number): Promise<void> {
  const target = demoTarget(demoUrl);
  const res = await fetch(`${demoUrl}/__sim/live`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sim-token': target.controlToken },
    body: JSON.stringify({ legs }),
  });
  assert.equal(res.status, 200, `POST /__sim/live: ${await res.text()}`);
}

describe('watch over the offline demo (one real tick)', function () {
  this.timeout(300_000);
  let wb: Workbench;
  let started = false;
  let watching = false;
  let demoUrl = '';

  before(async function () {
    wb = await Workbench.open({ waitForActivityItem: VIEW_CONTAINER_TITLE });
    // The floor (10 s) so the ticks come sooner; the demo reads the balance every minute by itself.
    await wb.setUserSetting('voiceSms.watch.intervalSeconds', '10');
  });

  after(async function () {
    if (watching) await wb?.runCommand(`${COMMAND_CATEGORY}: Stop Watching`).catch(() => undefined);
    if (started) await wb?.runCommand(`${COMMAND_CATEGORY}: Stop Offline Demo`).catch(() => undefined);
    await wb?.setUserSetting('voiceSms.watch.intervalSeconds', '30').catch(() => undefined);
    await wb?.close();
  });

  it('Start Watching picks two demo instances; the status bar shows today and the tree marks them', async function () {
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    await wb.welcomeButton(/offline demo/i, VIEW).click();
    started = true;
    await wb.treeRow(WATCHED[0]!, VIEW).waitFor({ state: 'visible', timeout: 30_000 });
    // The Account view names the demo simulator's loopback address: the test's only way to its control endpoint.
    demoUrl = `http://${await textMatching(wb.treeRowDescription(wb.treeRow(DEMO_PROFILE_NAME, 'Account')), /^127\.0\.0\.1:\d+$/)}`;
    await wb.runCommand(`${COMMAND_CATEGORY}: Start Watching Voice Instances…`);
    await wb.quickInput.waitOpen();
    for (const id of WATCHED) {
      await wb.quickInput.fill(id);
      const row = wb.quickInput.rows.filter({ hasText: id }).first();
      await row.waitFor({ state: 'visible' });
      await row.click();
    }
    await wb.quickInput.fill('');
    await wb.quickInput.input.press('Enter');
    await wb.quickInput.waitClosed();
    watching = true;
    const item = wb.statusBarItem(FIGURES);
    await item.waitFor({ state: 'visible', timeout: 30_000 });
    for (const id of WATCHED) {
      await until(`${id} marked as watched`, async () =>
        /watched/.test((await wb.treeRowDescription(wb.treeRow(id, VIEW)).textContent()) ?? ''),
      );
    }
    await wb.screenshot('watch-01-status-bar');
  });

  it("one real tick: today's calls grow; the status bar shows the change, and today's month view opened from it changes its row in place", async function () {
    if (!watching) this.skip();
    const item = wb.statusBarItem(FIGURES);
    const first = FIGURES.exec((await item.textContent()) ?? '');
    assert.ok(first, 'figures in the status bar');
    // A click on the status bar asks which watched instance to open, each with its last reading.
    await item.click();
    await wb.quickInput.waitOpen();
    await wb.quickInput.fill(WATCHED[0]!);
    await wb.quickInput.rows.filter({ hasText: WATCHED[0]! }).first().waitFor({ state: 'visible' });
    await wb.quickInput.input.press('Enter');
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const row = `tr[data-date-id="${today}"]`;
    const frame = await wb.webviewWith(row);
    const cell = frame.locator(`${row} td.num.strong`);
    const before = ((await cell.textContent()) ?? '').trim();
    // The row element on show now: a page painted afresh would replace it, an update in place keeps it.
    const shown = await frame.locator(row).elementHandle();
    assert.ok(shown, "today's row is shown");

    // The frames of the README's animation of a tick (npm run readme:images): before, the status bar changed, the row.
    await wb.chartPixels(frame);
    await wb.screenshot('watch-tick-1');
    await addCalls(demoUrl, 3);
    // The watch reads again at its next tick (10 s here), whatever else the demo's own live traffic brought.
    await until(
      'the status bar to show the new calls',
      async () => {
        const m = FIGURES.exec((await item.textContent()) ?? '');
        return m !== null && m[2]!.startsWith('+') && m[1] !== first[1];
      },
      45_000,
    );
    await wb.screenshot('watch-tick-2');
    await until(
      "today's call legs to change in the open month view",
      async () => ((await cell.textContent()) ?? '').trim() !== before,
      45_000,
    );
    assert.equal(await shown.evaluate((el) => el.isConnected), true, 'the same row element, changed in place');
    await until('the change announced politely', async () =>
      /updated/i.test((await frame.locator('[role="status"]').allTextContents()).join(' ')),
    );
    await wb.screenshot('watch-04-month-view-live');

    // The tooltip names each instance with the time of its last reading, its legs and its change: +n, ±0 or −n,
    // and links to open it or stop watching it.
    const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'read at' }).first();
    await wb.hoverUntil(item, hover);
    for (const id of WATCHED) {
      const line = hover.locator('li', { hasText: id });
      assert.match(
        (await line.textContent()) ?? '',
        new RegExp(`${id}: [\\d,.]+ \\((?:\\+|\u00b1|\u2212)?\\d+\\), read at .*Open.*Stop Watching`),
      );
    }
    await wb.screenshot('watch-02-tooltip', { keepHover: true });
    // Its Stop Watching link drops that instance: the tree no longer marks it, and the tooltip lists the other.
    await hover.locator('li', { hasText: WATCHED[1]! }).locator('a', { hasText: 'Stop Watching' }).click();
    await until(
      `${WATCHED[1]} no longer watched`,
      async () => !/watched/.test((await wb.treeRowDescription(wb.treeRow(WATCHED[1]!, VIEW)).textContent()) ?? ''),
    );
    await wb.moveMouseAway();
  });

  it('the demo balance falls below the threshold with the calls charged, and the low-balance alert appears', async function () {
    if (!watching) this.skip();
    // 300 calls on every instance at 0.40 EUR each take the demo's 123.45 EUR far below the default threshold (5).
    await addCalls(demoUrl, 300);
    await wb.runCommand(`${COMMAND_CATEGORY}: Refresh Balance`);
    const alert = wb.notification(/The balance of .* is .*, at or below 5/);
    await alert.first().waitFor({ state: 'visible', timeout: 30_000 });
    const toast = wb.page.locator('.notification-list-item', { hasText: /The balance of .* is .*, at or below 5/ }).first();
    for (const label of ['Show Account', 'Snooze for a Day', 'Stop These Alerts']) {
      await toast.locator('.monaco-button', { hasText: label }).first().waitFor({ state: 'visible' });
    }
    await wb.toastShown(alert);
    await wb.screenshot('watch-03-low-balance-alert');
    // Snooze for a Day: said with its end and an Undo, which ends it at once.
    await wb.clickNotificationButton(toast, 'Snooze for a Day');
    const snoozed = wb.notification(/Low-balance alerts are snoozed until/);
    await snoozed.first().waitFor({ state: 'visible', timeout: 15_000 });
    await wb.toastShown(snoozed);
    await wb.screenshot('watch-05-alert-snoozed-undo');
    await wb.clickNotificationButton(
      wb.page.locator('.notification-list-item', { hasText: /Low-balance alerts are snoozed until/ }).first(),
      'Undo',
    );
    await snoozed.first().waitFor({ state: 'hidden', timeout: 15_000 });
  });

  it('a second window on the folder asks Resume / Not now before it reads, and Resume starts its watch', async function () {
    if (!watching) this.skip();
    const second = await wb.newWindow();
    try {
      const asks = /A watch of 1 voice instance\(s\) of "Demo \(offline\)" was running when this folder was last open/;
      const prompt = second.notification(asks);
      await prompt.first().waitFor({ state: 'visible', timeout: 60_000 });
      assert.equal(await second.statusBarItem(FIGURES).count(), 0, 'nothing watched until Resume');
      await second.toastShown(prompt);
      await second.screenshot('watch-06-resume-prompt');
      await second.clickNotificationButton(second.page.locator('.notification-list-item', { hasText: asks }).first(), 'Resume');
      // Resume loads the watch's code and reads the window's own demo simulator first: as long as the prompt may take.
      await second.statusBarItem(FIGURES).waitFor({ state: 'visible', timeout: 60_000 });
      await second.runCommand(`${COMMAND_CATEGORY}: Stop Watching`);
    } finally {
      await second.close();
    }
  });
});
