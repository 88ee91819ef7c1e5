// The quick input widget: command palette, quick picks and the input boxes of multi-step flows.
import type { Locator, Page } from 'playwright-core';

export class QuickInput {
  readonly widget: Locator;
  readonly input: Locator;
  readonly rows: Locator;
  /** The validation / message line under the input box. */
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.widget = page.locator('.quick-input-widget');
    this.input = this.widget.locator('input.input');
    this.rows = this.widget.locator('.quick-input-list .monaco-list-row');
    this.message = this.widget.locator('.quick-input-message');
  }

  /** The title bar text of a multi-step flow, e.g. "Sign In to Voice & SMS (2/6)". */
  get title(): Locator {
    return this.widget.locator('.quick-input-title');
  }

  /** The Back button of a multi-step flow (shown from step 2 on). */
  get backButton(): Locator {
    return this.widget.locator('.quick-input-left-action-bar .action-label').first();
  }

  /** Waits until the title bar shows step `step` of `total` ("n/m"). */
  async waitStep(step: number, total: number, timeout = 10_000): Promise<void> {
    await this.title.filter({ hasText: `${step}/${total}` }).waitFor({ state: 'visible', timeout });
  }

  async waitOpen(timeout = 10_000): Promise<void> {
    await this.input.waitFor({ state: 'visible', timeout });
  }

  async waitClosed(timeout = 10_000): Promise<void> {
    await this.widget.waitFor({ state: 'hidden', timeout });
  }

  /** Replaces the text of the input box. */
  async fill(text: string): Promise<void> {
    await this.input.fill(text);
  }

  /** The row whose label contains `label` (the first, when several match). */
  row(label: string | RegExp): Locator {
    return this.rows.filter({ hasText: label }).first();
  }

  /** Labels of the rendered rows (the list is virtualised: only what is on screen). */
  async labels(): Promise<string[]> {
    const texts = await this.rows.evaluateAll((rows) => rows.map((r) => (r.querySelector('.label-name') ?? r).textContent ?? ''));
    return texts.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
  }

  /**
   * Picks the row matching `label`: a click, or, when something covers the row, the arrow keys and Enter. A hover
   * left by the palette's previous list ("Announce the current cursor position…", a context view the pointer does
   * not close) covered a row and took every click in a full e2e run.
   */
  async pick(label: string | RegExp, timeout = 10_000): Promise<void> {
    const row = this.row(label);
    await row.waitFor({ state: 'visible', timeout });
    await this.page.mouse.move(0, 0);
    try {
      await row.click({ timeout: 3_000 });
      return;
    } catch {
      // covered: choose it with the keyboard instead
    }
    const target = Number(await row.getAttribute('aria-posinset'));
    const focused = Number((await this.widget.locator('.monaco-list-row.focused').first().getAttribute('aria-posinset')) ?? '1');
    const key = target > focused ? 'ArrowDown' : 'ArrowUp';
    for (let i = 0; i < Math.abs(target - focused); i++) await this.input.press(key);
    await this.input.press('Enter');
  }

  /** Types into the box and presses Enter (the input steps of a multi-step flow). */
  async submit(text: string): Promise<void> {
    await this.fill(text);
    await this.input.press('Enter');
  }

  async cancel(): Promise<void> {
    await this.input.press('Escape');
    await this.waitClosed();
  }
}
