// The README's first picture, taken from what a new user sees first: the offline demo's month view of this month, its
// totals compared like for like ("vs Oct 1 – 27" while the month runs), under the demo profile, with no notification
// over it — in the light, dark and high-contrast themes. Screenshots: month-view.png (the README's hero, and
// media/readme/month-view.webp through npm run readme:images), month-view-dark.png, month-view-high-contrast.png; and,
// scrolled down to the chart, the projection by month end with the chart's projected days in each theme:
// month-view-projection.png, month-view-projection-dark.png, month-view-projection-high-contrast.png (docs/usage.md).
import * as assert from 'node:assert/strict';
import { DEMO_PROFILE_NAME } from '../../src/shared/ids.js';
import { DEMO_INSTANCES } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { Workbench } from './support/workbench.js';

const VIEW = 'Voice Instances';
/** This editor's default light theme, what a new user sees (code-server 4.139's COLOR_THEME_LIGHT). */
const DEFAULT_LIGHT = 'Light 2026';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';

describe('README hero: the offline demo month view in three themes', function () {
  this.timeout(180_000);
  let wb: Workbench;
  let started = false;
  /** The Color Theme picker's label of the theme the editor started with, while another one is applied. */
  let themeToRestore = '';

  before(async function () {
    wb = await Workbench.open({ waitForActivityItem: VIEW_CONTAINER_TITLE });
  });

  after(async function () {
    if (themeToRestore) await pickTheme(themeToRestore).catch(() => undefined);
    if (started) {
      await wb?.openViewContainer(VIEW_CONTAINER_TITLE).catch(() => undefined);
      await wb?.runCommand(`${COMMAND_CATEGORY}: Stop Offline Demo`).catch(() => undefined);
      await wb
        ?.welcomeButton(/offline demo/i, VIEW)
        .waitFor({ state: 'visible', timeout: 30_000 })
        .catch(() => undefined);
    }
    await wb?.close();
  });

  /** Applies a theme through Preferences: Color Theme and returns the label of the theme it replaced. */
  async function pickTheme(label: string): Promise<string> {
    const qi = await wb.palette('Preferences: Color Theme');
    await qi.pick(/Preferences: Color Theme/);
    await qi.rows.first().waitFor({ state: 'visible' });
    const current = ((await qi.widget.locator('.monaco-list-row.focused .label-name').first().textContent()) ?? '').trim();
    await qi.fill(label);
    await qi.row(label).waitFor({ state: 'visible', timeout: 10_000 });
    await qi.pick(label);
    await qi.waitClosed();
    return current;
  }

  /** No notification over the picture: every toast cleared, and none left on screen. */
  async function withoutToasts(): Promise<void> {
    await wb.runCommand('Notifications: Clear All Notifications');
    await wb.page.locator('.notifications-toasts .notification-list-item').first().waitFor({ state: 'detached', timeout: 10_000 });
  }

  /**
   * The same panel scrolled so its chart ends at the bottom (the projection by month end, shown while the month has
   * days to come, and the chart's projected days in view), shot as `name`, then scrolled back to the top.
   */
  async function projectionShot(name: string): Promise<void> {
    const frame = await wb.webviewWith('table.days tr.day-row');
    const chart = frame.locator('section.chart-panel');
    await chart.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await wb.screenshot(name);
    await chart.evaluate((el) => el.ownerDocument.scrollingElement?.scrollTo(0, 0));
  }

  /** The month view's panel once its page shows the theme's kind (the body class the editor gives the webview). */
  async function panelIn(themeClass: string): Promise<void> {
    const frame = await wb.webviewWith('table.days tr.day-row');
    await frame.locator(`body.${themeClass}`).waitFor({ state: 'attached', timeout: 20_000 });
    assert.ok((await wb.chartPixels(frame)) > 1000, 'the chart is drawn');
  }

  it("starts the demo and opens this month's view: like for like, under the demo profile, no toast", async function () {
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    await wb.welcomeButton(/offline demo/i, VIEW).click();
    started = true;
    await wb.treeRow(INSTANCE, VIEW).waitFor({ state: 'visible', timeout: 30_000 });
    await wb.runCommand(`${COMMAND_CATEGORY}: Open Month View…`);
    await wb.quickInput.waitOpen();
    await wb.quickInput.fill(INSTANCE);
    await wb.quickInput.pick(INSTANCE);
    await wb.quickInput.row(/this month/).waitFor({ state: 'visible' });
    await wb.quickInput.pick(/this month/);
    await wb.editorTab(INSTANCE).waitFor({ state: 'visible' });
    const frame = await wb.webviewWith('table.days tr.day-row');
    // While the month runs its change is against the same days of the month before ("vs Oct 1 – 27"), which the
    // picture must show; on a month's last day it would be against the whole month before.
    const vs = ((await frame.locator('.card-delta .vs').first().textContent()) ?? '').trim();
    const today = new Date();
    const lastDay = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).getUTCDate();
    if (today.getUTCDate() < lastDay) assert.match(vs, /\d/, `the like-for-like days: "${vs}"`);
    // The status bar names the demo profile, not a test's own.
    await wb.statusBarItem(DEMO_PROFILE_NAME).waitFor({ state: 'visible' });
    // The editor is shared with the suites before this one, and the theme is a user setting: one of them may have left
    // another (seen: high contrast after the overview suite). The picture is of the default one.
    themeToRestore = await pickTheme(DEFAULT_LIGHT);
    await panelIn('vscode-light');
    await withoutToasts();
    await wb.screenshot('month-view');
    await projectionShot('month-view-projection');
  });

  it('the same in the dark theme', async function () {
    if (!started) this.skip();
    await pickTheme('Dark Modern');
    await panelIn('vscode-dark');
    await withoutToasts();
    await wb.screenshot('month-view-dark');
    await projectionShot('month-view-projection-dark');
  });

  it('the same in the high-contrast theme', async function () {
    if (!started) this.skip();
    await pickTheme('Dark High Contrast');
    await panelIn('vscode-high-contrast');
    await withoutToasts();
    await wb.screenshot('month-view-high-contrast');
    await projectionShot('month-view-projection-high-contrast');
    await pickTheme(themeToRestore);
    themeToRestore = '';
  });
});
