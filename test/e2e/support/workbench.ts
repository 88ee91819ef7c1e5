// A page object for the VS Code workbench served by code-server: the selectors that work in
// Code 1.139 live here once, so tests read as user steps. Add helpers here, not in test files.
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { QuickInput } from './quickInput.js';
import { openPages, session } from './session.js';

export interface OpenOptions {
  /** Extra query parameters for the workbench URL. */
  query?: Record<string, string>;
  /** Wait until this activity-bar item is rendered (our contributions loaded). */
  waitForActivityItem?: string;
  timeoutMs?: number;
}

export class Workbench {
  readonly quickInput: QuickInput;

  private constructor(
    readonly page: Page,
    private readonly context: BrowserContext,
  ) {
    this.quickInput = new QuickInput(page);
  }

  /** A fresh browser context on the session's editor, with the workbench loaded. */
  static async open(options: OpenOptions = {}): Promise<Workbench> {
    const s = session();
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
    // Fail a step in seconds, not playwright's default 30 s; page loads get their own timeout.
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    openPages.add(page);
    const wb = new Workbench(page, context);
    const url = new URL(s.workspaceUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const timeout = options.timeoutMs ?? 60_000;
    await page.goto(url.toString());
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout });
    if (options.waitForActivityItem) {
      await wb.activityBarItem(options.waitForActivityItem).waitFor({ state: 'visible', timeout });
    }
    return wb;
  }

  async close(): Promise<void> {
    openPages.delete(this.page);
    await this.context.close();
  }

  // --- activity bar, side bar, views --------------------------------------------------------

  activityBarItem(title: string): Locator {
    return this.page.locator(`.activitybar a.action-label[aria-label="${cssString(title)}"]`);
  }

  /** Clicks a view container in the activity bar and waits for the side bar to show its title. */
  async openViewContainer(title: string): Promise<void> {
    const item = this.activityBarItem(title);
    const checked = await item.evaluate((el) => el.closest('.action-item')?.classList.contains('checked') ?? false);
    if (!checked) await item.click();
    await this.sideBarTitle().filter({ hasText: title }).waitFor({ state: 'visible' });
    await this.moveMouseAway();
  }

  sideBarTitle(): Locator {
    return this.page.locator('.part.sidebar .composite.title .title-label h2');
  }

  /** The pane of one view in the side bar, found by its header title. */
  viewPane(title: string): Locator {
    return this.page.locator('.part.sidebar .pane').filter({
      has: this.page.locator('.pane-header h3.title', { hasText: title }),
    });
  }

  /** Buttons of welcome content (`viewsWelcome`) in the side bar, or in one view pane. */
  welcomeButton(name: string | RegExp, viewTitle?: string): Locator {
    const scope = viewTitle ? this.viewPane(viewTitle) : this.page.locator('.part.sidebar');
    return scope.locator('.welcome-view-content').getByRole('button', { name });
  }

  /** Tree rows in the side bar (or in one view); the label is the text the user reads. */
  treeRows(viewTitle?: string): Locator {
    const scope = viewTitle ? this.viewPane(viewTitle) : this.page.locator('.part.sidebar');
    return scope.locator('.pane-body .monaco-list-row[role="treeitem"]');
  }

  treeRow(label: string | RegExp, viewTitle?: string): Locator {
    return this.treeRows(viewTitle).filter({ has: this.page.locator('.label-name', { hasText: label }) }).first();
  }

  // --- command palette -----------------------------------------------------------------------

  /** Opens the command palette with `>` + filter and returns the quick input. */
  async palette(filter = ''): Promise<QuickInput> {
    let lastError: unknown;
    // Right after load the workbench can steal focus from the palette: retry a few times.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.page.keyboard.press('F1');
        await this.quickInput.waitOpen(5_000);
        await this.quickInput.fill(`>${filter}`);
        return this.quickInput;
      } catch (err) {
        lastError = err;
        await this.page.keyboard.press('Escape').catch(() => undefined);
      }
    }
    throw lastError;
  }

  /** Runs a command by its palette title ("Voice & SMS: Show Log"), as a user would. */
  async runCommand(title: string): Promise<void> {
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const qi = await this.palette(title);
        const row = qi.rows.filter({ hasText: title }).first();
        await row.waitFor({ state: 'visible', timeout: 5_000 });
        await qi.input.press('Enter');
        await qi.waitClosed(5_000).catch(() => undefined);
        return;
      } catch (err) {
        lastError = err;
        await this.page.keyboard.press('Escape').catch(() => undefined);
      }
    }
    throw lastError;
  }

  // --- notifications, panel, webviews --------------------------------------------------------

  /** Notification messages (toasts, or the Notification Center when toasts are suppressed). */
  notification(text?: string | RegExp): Locator {
    const all = this.page.locator(
      '.notifications-toasts .notification-list-item-message, .notifications-center .notification-list-item-message',
    );
    return text === undefined ? all : all.filter({ hasText: text });
  }

  /** The Output view's channel picker; its value is the channel on screen. */
  outputChannelPicker(): Locator {
    return this.page.locator('.part.panel select.monaco-select-box[aria-label="Switch Output"]').first();
  }

  /** The text lines of the editor in the panel (the Output view's content). */
  panelText(): Locator {
    return this.page.locator('.part.panel .monaco-editor .view-lines');
  }

  /** The content frame of the active webview panel (month view, trend, activities). */
  webview(): FrameLocator {
    return this.page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  }

  editorTabs(): Locator {
    return this.page.locator('.tabs-container .tab');
  }

  // --- screenshots ----------------------------------------------------------------------------

  /**
   * Saves a screenshot as <screenshotsDir>/<name>.png and returns its path. The mouse moves away
   * first (tooltips), unless `keepHover` (to show a tooltip on purpose).
   */
  async screenshot(name: string, options: { keepHover?: boolean } = {}): Promise<string> {
    const dir = session().screenshotsDir;
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
    if (!options.keepHover) await this.moveMouseAway();
    await this.page.screenshot({ path: file });
    return file;
  }

  /** Hover tooltips cover what a screenshot should show. */
  async moveMouseAway(): Promise<void> {
    await this.page.mouse.move(700, 300);
  }
}

function cssString(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}
