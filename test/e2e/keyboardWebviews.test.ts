// The analytics webviews without a mouse: from the palette (keyboard) into the month view, Tab until the
// day table's roving tab stop has the focus ring, arrow keys to a day with traffic, Enter opens that
// day's activities; the same in the trend: Tab to the months, arrows, Enter opens that month.
// Screenshots: test-results/e2e/keyboard-*.png.
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { DEMO_INSTANCES, dayStats } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY } from '../integration/contract.js';
import { signedInSuite } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';

const PROFILE = 'E2E keyboard';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const MAX_TABS = 40;

function monthIdOf(d: Date): string {
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

function shiftMonth(monthId: string, delta: number): string {
  const i = Number(monthId.slice(0, 4)) * 12 + Number(monthId.slice(4, 6)) - 1 + delta;
  return `${Math.floor(i / 12)}${String((i % 12) + 1).padStart(2, '0')}`;
}

describe('keyboard-only navigation in the analytics webviews', function () {
  this.timeout(120_000);
  const suite = signedInSuite();
  let wb: Workbench;

  before(function () {
    wb = suite.wb;
  });

  /** Presses Tab until an element matching `selector` in `frame` has the keyboard focus ring. */
  async function tabTo(frame: FrameLocator, selector: string): Promise<void> {
    const focused = frame.locator(`${selector}:focus-visible`);
    for (let i = 0; i < MAX_TABS; i++) {
      if ((await focused.count()) > 0) return;
      await wb.page.keyboard.press('Tab');
      await wb.page.waitForTimeout(100);
    }
    throw new Error(`${MAX_TABS} Tab presses did not reach ${selector}`);
  }

  /** The data-* id of the focused row, read after each key press. */
  async function focusedId(frame: FrameLocator, selector: string, attribute: string): Promise<string | null> {
    return frame.locator(`${selector}:focus-visible`).getAttribute(attribute, { timeout: 2_000 });
  }

  /** Moves the roving focus with ArrowDown / ArrowUp from the focused row to the row `target`. */
  async function arrowTo(frame: FrameLocator, selector: string, attribute: string, target: string): Promise<void> {
    const ids = await frame.locator(selector).evaluateAll((rows, a) => rows.map((r) => r.getAttribute(a) ?? ''), attribute);
    const from = ids.indexOf((await focusedId(frame, selector, attribute)) ?? '');
    const to = ids.indexOf(target);
    assert.ok(from >= 0 && to >= 0, `rows ${ids.join(',')} contain the focused row and ${target}`);
    const key = to > from ? 'ArrowDown' : 'ArrowUp';
    for (let i = 0; i < Math.abs(to - from); i++) await wb.page.keyboard.press(key);
    assert.equal(await focusedId(frame, selector, attribute), target, 'the arrow keys moved the focus ring to the target row');
  }

  /** A screenshot without moving the pointer: this suite never uses the mouse, and a hover would add tooltips. */
  async function shot(name: string): Promise<void> {
    await wb.screenshot(name, { keepHover: true });
  }

  /** Runs a palette command with the keyboard only: F1, type, Enter on the matching row. */
  async function paletteByKeyboard(title: string): Promise<void> {
    const qi = await wb.palette(title);
    await qi.rows.filter({ hasText: title }).first().waitFor({ state: 'visible' });
    await qi.input.press('Enter');
  }

  it('signs in against the simulator', async function () {
    assert.ok(await wb.signInToSimulator(PROFILE, {}));
    await wb.signedInNotice(PROFILE, 20_000);
    suite.signedIn();
    await wb.clearNotifications();
  });

  it("month view: Tab reaches the day table, arrows move the focus ring, Enter opens that day's activities", async function () {
    // Last month: every day is in the past, so a day with traffic is some way down the table.
    const month = shiftMonth(monthIdOf(new Date()), -1);
    await paletteByKeyboard(`${COMMAND_CATEGORY}: Open Month View…`);
    const qi = wb.quickInput;
    await qi.waitOpen();
    // Only our instance is pinned to this profile, so the first step is normally the month.
    if (await qi.row(INSTANCE).isVisible()) await qi.input.press('Enter');
    await qi.row(/this month/).waitFor({ state: 'visible' });
    // Months are listed newest first: one down is last month (the webview below checks which opened).
    await qi.input.press('ArrowDown');
    await qi.input.press('Enter');
    const frame = await wb.webviewWith(`table.days tr.day-row[data-date-id^="${month}"]`);

    await tabTo(frame, 'tr.day-row');
    const days = await frame.locator('tr.day-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-date-id') ?? ''));
    // A day with traffic a few rows down, so the arrow keys have to do some work.
    const target = days.slice(3).find((d) => dayStats(INSTANCE, d).call_legs > 0);
    assert.ok(target, `a day with traffic in ${month}`);
    await arrowTo(frame, 'tr.day-row', 'data-date-id', target);
    await shot('keyboard-01-month-focus-ring');

    await wb.page.keyboard.press('Enter');
    const iso = `${target.slice(0, 4)}-${target.slice(4, 6)}-${target.slice(6, 8)}`;
    await wb.editorTab(`Activities ${iso}`).waitFor({ state: 'visible' });
    const activities = await wb.webviewWith('.result-panel');
    await activities.locator('.result-panel').filter({ hasText: target }).waitFor({ state: 'visible' });
    await shot('keyboard-02-day-opened');
    await wb.runCommand('View: Close All Editors');
  });

  it('trend: Tab reaches the months, arrows move the focus ring, Enter opens that month', async function () {
    const target = shiftMonth(monthIdOf(new Date()), -3);
    await paletteByKeyboard(`${COMMAND_CATEGORY}: Open 12-Month Trend…`);
    // One instance: no question asked; otherwise Enter takes the first (ours is pinned first).
    if (
      await wb.quickInput.waitOpen(3_000).then(
        () => true,
        () => false,
      )
    )
      await wb.quickInput.input.press('Enter');
    const trend = await wb.webviewWith('tr.month-row', 40_000);
    assert.equal(await trend.locator('tr.month-row').count(), 12);

    await tabTo(trend, 'tr.month-row');
    await arrowTo(trend, 'tr.month-row', 'data-month-id', target);
    await shot('keyboard-03-trend-focus-ring');

    await wb.page.keyboard.press('Enter');
    const month = await wb.webviewWith(`table.days tr.day-row[data-date-id^="${target}"]`);
    assert.ok((await month.locator('tr.day-row').count()) >= 28, 'the month view of the chosen month is shown');
    await shot('keyboard-04-trend-month-opened');
    await wb.runCommand('View: Close All Editors');
  });
});
