// The watch over the offline demo, in the real UI of the installed VSIX, waiting for real ticks: start the demo,
// Start Watching two instances from the palette, see the status-bar item appear with today's call legs, tick up as
// the demo's calls arrive (its live traffic runs while a watch does), and the low-balance alert appear as the demo
// account is charged for them — within the couple of minutes a new user would wait; a click on the status bar opens
// today's month view, whose today row the next tick changes in place. Screenshots for docs/usage.md.
import * as assert from 'node:assert/strict';
import { DEMO_INSTANCES } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { until } from './support/wait.js';
import { Workbench } from './support/workbench.js';

const VIEW = 'Voice Instances';
const WATCHED = [DEMO_INSTANCES[0] ?? 'VI-DEMO-01', DEMO_INSTANCES[1] ?? 'VI-DEMO-02'];
/** "1,234 (+5)": today's call legs of the watched instances and the change since the watch began (codicons are not text). */
const FIGURES = /^\s*([\d,.\u202f\u00a0]+) \((\+\d+|\u00b10|\u2212\d+)\)/;

describe('watch over the offline demo (real ticks)', function () {
  this.timeout(300_000);
  let wb: Workbench;
  let started = false;
  let watching = false;

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

  it('ticks: the call legs grow as the demo calls arrive, and the change since the watch began is shown', async function () {
    if (!watching) this.skip();
    const item = wb.statusBarItem(FIGURES);
    const first = FIGURES.exec((await item.textContent()) ?? '');
    assert.ok(first, 'figures in the status bar');
    await until(
      'the status bar to tick up',
      async () => {
        const m = FIGURES.exec((await item.textContent()) ?? '');
        return m !== null && m[2]!.startsWith('+') && m[1] !== first[1];
      },
      60_000,
    );
    // The tooltip names each instance with the time of its last reading.
    const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'read at' }).first();
    await wb.hoverUntil(item, hover);
    // Each instance with its legs and its change since the watch began: +n, ±0 or −n.
    for (const id of WATCHED) assert.match((await hover.textContent()) ?? '', new RegExp(`${id}: [\\d,.]+ \\((?:\\+|\u00b1|\u2212)?\\d+`));
    await wb.screenshot('watch-02-tooltip', { keepHover: true });
    await wb.moveMouseAway();
  });

  it("a click on the status bar opens today's month view; the next tick changes today's row in place, marked and announced", async function () {
    if (!watching) this.skip();
    await wb.statusBarItem(FIGURES).click();
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const row = `tr[data-date-id="${today}"]`;
    const frame = await wb.webviewWith(row);
    const cell = frame.locator(`${row} td.num.strong`);
    const before = ((await cell.textContent()) ?? '').trim();
    // The row element on show now: a page painted afresh would replace it, an update in place keeps it.
    const shown = await frame.locator(row).elementHandle();
    assert.ok(shown, "today's row is shown");
    await until(
      "today's call legs to change in the open month view",
      async () => ((await cell.textContent()) ?? '').trim() !== before,
      90_000,
    );
    assert.equal(await shown.evaluate((el) => el.isConnected), true, 'the same row element, changed in place');
    await until('the change announced politely', async () =>
      /updated/i.test((await frame.locator('[role="status"]').allTextContents()).join(' ')),
    );
    await wb.screenshot('watch-04-month-view-live');
  });

  it('the demo balance falls and the low-balance alert appears within a couple of minutes', async function () {
    if (!watching) this.skip();
    const alert = wb.notification(/The balance of .* is .*, at or below 5/);
    await alert.first().waitFor({ state: 'visible', timeout: 180_000 });
    await wb.screenshot('watch-03-low-balance-alert');
  });
});
