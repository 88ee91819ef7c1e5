// A page object for the VS Code workbench served by code-server: the selectors that work in
// Code 1.139 live here once, so tests read as user steps. Add helpers here, not in test files.
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { QuickInput } from './quickInput.js';
import { openPages, session } from './session.js';
import { until } from './wait.js';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../../integration/contract.js';

/** Our views in the order the manifest lists them (package.nls.json view.*.name). */
const VIEW_NAMES = ['Voice Instances', 'Account', 'Sent SMS'] as const;
import { DEMO_ACCOUNT, DEMO_INSTANCES } from '../../../src/simulator/index.js';

export interface OpenOptions {
  /** Another editor's workbench URL (default: the session's editor). */
  url?: string;
  /** Extra query parameters for the workbench URL. */
  query?: Record<string, string>;
  /** Wait until this activity-bar item is rendered (our contributions loaded). */
  waitForActivityItem?: string;
  /** The user data of the editor at `url` (default: the session's), where setUserSetting sees its writes land. */
  userDataDir?: string;
  timeoutMs?: number;
}

/**
 * The window a signed-in suite handed on when it ended clean (park()), for the next such suite to take instead of
 * drawing a workbench again, which costs about 20 s of browser CPU. Any other open closes it first, so one window of
 * ours is open at a time and no suite shares its editor with a window it did not open.
 */
let parked: Workbench | undefined;

function parkWindow(wb: Workbench): void {
  parked = wb;
}

async function closeParked(): Promise<void> {
  const p = parked;
  parked = undefined;
  await p?.close().catch(() => undefined);
}

export class Workbench {
  readonly quickInput: QuickInput;

  private constructor(
    readonly page: Page,
    private readonly context: BrowserContext,
    /** False for a window opened by newWindow(): closing it closes its page, not the browser profile it shares. */
    private readonly ownsContext = true,
    private readonly userDataDir = session().userDataDir,
  ) {
    this.quickInput = new QuickInput(page);
  }

  /** A fresh browser context on the session's editor, with the workbench loaded. */
  static async open(options: OpenOptions = {}): Promise<Workbench> {
    await closeParked();
    const s = session();
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
    // Fail a step in seconds, not playwright's default 30 s; page loads get their own timeout.
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    openPages.add(page);
    const wb = new Workbench(page, context, true, options.userDataDir ?? s.userDataDir);
    const url = new URL(options.url ?? s.workspaceUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const timeout = options.timeoutMs ?? 60_000;
    await page.goto(url.toString(), { timeout });
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout });
    if (options.waitForActivityItem) {
      await wb.activityBarItem(options.waitForActivityItem).waitFor({ state: 'visible', timeout });
    }
    return wb;
  }

  /**
   * The window the last signed-in suite parked, tidied (no quick input, editor, notification or signed-in profile
   * left), or else a new one as open() draws it. For suites that sign in first and sign out at the end
   * (support/signedInSuite.ts): what they find is a signed-out window on the shared editor either way.
   */
  static async reuseOrOpen(options: OpenOptions = {}): Promise<Workbench> {
    const p = parked;
    parked = undefined;
    if (p && !p.page.isClosed()) {
      try {
        await p.tidy();
        return p;
      } catch {
        await p.close().catch(() => undefined);
      }
    }
    return Workbench.open(options);
  }

  /** Hands this window to the next signed-in suite (reuseOrOpen) instead of closing it; the caller signed out first. */
  park(): void {
    parkWindow(this);
  }

  /** What a parked window must not carry into the next suite; throws when it cannot be made so. */
  private async tidy(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.revertAndCloseAllEditors();
    await this.clearNotifications();
    // Signed out: the side bar offers the sign-in again (contextual welcome content, voiceSms.signedIn false).
    await this.openViewContainer(VIEW_CONTAINER_TITLE);
    await this.welcomeButton(/^Sign In$/, VIEW_NAMES[0]).waitFor({ state: 'visible', timeout: 10_000 });
  }

  async close(): Promise<void> {
    if (parked === this) parked = undefined;
    openPages.delete(this.page);
    if (this.ownsContext) await this.context.close();
    else await this.page.close();
  }

  /**
   * Another window of the same browser profile on the same folder, as a user opens one: its own page and extension
   * host, the same settings, global state and secrets. Resolves once its workbench is drawn; nothing is run in it.
   */
  async newWindow(timeoutMs = 60_000): Promise<Workbench> {
    const page = await this.context.newPage();
    openPages.add(page);
    const wb = new Workbench(page, this.context, false, this.userDataDir);
    await page.goto(this.page.url(), { timeout: timeoutMs });
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
    return wb;
  }

  // --- activity bar, side bar, views --------------------------------------------------------

  activityBarItem(title: string): Locator {
    return this.page.locator(`.activitybar a.action-label[aria-label="${cssString(title)}"]`);
  }

  /**
   * Shows a view container in the side bar by running the focus command of its first view
   * (`voiceSms.instances.focus`, "Voice & SMS: Focus on Voice Instances View"), and waits for the side bar to show
   * its title. A command only ever shows the view; a click on the activity-bar item toggles it, so under load a
   * click that lands after the container opened by itself closes it again.
   */
  async openViewContainer(title: string, firstView = VIEW_NAMES[0]): Promise<void> {
    await this.runCommand(`${title}: Focus on ${firstView} View`);
    await this.sideBarTitle().filter({ hasText: title }).waitFor({ state: 'visible' });
    await this.moveMouseAway();
  }

  /**
   * What a user does the first time: clicks the activity-bar item, only when its container is not open already
   * (test/e2e/firstContact.test.ts); every other test shows views with openViewContainer.
   */
  async clickViewContainer(title: string): Promise<void> {
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
    return this.treeRows(viewTitle)
      .filter({ has: this.page.locator('.label-name', { hasText: label }) })
      .first();
  }

  /** The grey description text after a tree row's label ("1,234 legs · 567 min", "loading…"). */
  treeRowDescription(row: Locator): Locator {
    return row.locator('.label-description').first();
  }

  /** Expands a collapsed tree row by clicking it (a no-op when it is already expanded). */
  async expandTreeRow(row: Locator): Promise<void> {
    // Through the locator, not an element handle: a refreshing tree replaces its row elements, and a
    // click on a replaced row is lost. A click that did not take within 2 s is made again.
    const deadline = Date.now() + 10_000;
    while ((await row.getAttribute('aria-expanded')) !== 'true') {
      if (Date.now() > deadline) throw new Error(`tree row did not expand within 10000 ms`);
      await row.click();
      for (let i = 0; i < 10 && (await row.getAttribute('aria-expanded')) !== 'true'; i++) await this.page.waitForTimeout(200);
    }
  }

  /** Right-clicks a tree row and clicks the context-menu entry `item` (e.g. "Export Month…"). */
  async contextMenu(row: Locator, item: string | RegExp): Promise<void> {
    await row.click({ button: 'right' });
    // The workbench's own HTML menu (in web it lives in a shadow root, which CSS locators pierce).
    const entry = this.page.locator('.monaco-menu .action-item .action-label', { hasText: item }).first();
    await entry.waitFor({ state: 'visible' });
    // A click right after the menu opened is ignored (guard against the opening mouse-up); hovering
    // focuses the entry, and Enter runs it like a user's keyboard would.
    await entry.hover();
    await this.page.waitForTimeout(300);
    await this.page.keyboard.press('Enter');
    await entry.waitFor({ state: 'hidden' });
  }

  /**
   * Answers a save dialog. code-server has no native dialog: its "simple file dialog" is a quick
   * input prefilled with a path, so type the absolute path and accept.
   */
  async saveDialog(absolutePath: string, beforeAccept?: () => Promise<unknown>): Promise<void> {
    const qi = this.quickInput;
    await qi.waitOpen();
    // The dialog fills in its default path a moment after opening and re-reads the folder as the
    // path changes: type until our path has stuck, then let it settle before accepting.
    // Stuck means: read back three times in a row, a tenth of a second apart.
    let held = 0;
    await until(
      `the save dialog to keep ${absolutePath}`,
      async () => {
        if ((await qi.input.inputValue()) === absolutePath) return ++held >= 3;
        held = 0;
        await qi.fill(absolutePath);
        return false;
      },
      20_000,
    );
    await beforeAccept?.();
    const typed = await qi.input.inputValue();
    if (typed !== absolutePath) throw new Error(`the save dialog shows "${typed}" instead of "${absolutePath}"`);
    await qi.input.press('Enter');
    await qi.waitClosed();
  }

  /**
   * Sets a text setting in the user settings through the Settings editor (search by id, type the
   * value), then closes the editor. The value is written after the editor's short debounce.
   */
  async setUserSetting(id: string, value: string): Promise<void> {
    await this.runCommand('Preferences: Open User Settings');
    const editor = this.page.locator('.settings-editor');
    await editor.waitFor({ state: 'visible' });
    // A setting's control is labelled with its id.
    const input = editor.locator(`.settings-tree-container input[aria-label="${cssString(id)}"]`).first();
    // The search box is a small code editor. On a busy machine the editor can still be settling when it is first
    // clicked, and the typed search goes nowhere (seen once): type it again until the setting shows.
    for (let attempt = 1; ; attempt++) {
      await editor.locator('.settings-header .suggest-input-container .monaco-editor').first().click();
      await this.page.keyboard.press('ControlOrMeta+A');
      await this.page.keyboard.type(`@id:${id}`, { delay: 20 });
      const shown = await input.waitFor({ state: 'visible', timeout: 10_000 }).then(
        () => true,
        (e: unknown) => {
          if (attempt >= 3) throw e;
          return false;
        },
      );
      if (shown) break;
    }
    await input.fill(value);
    await input.press('Tab');
    // The Settings editor writes text settings after a debounce: wait until the file holds the value.
    await this.settingWritten(id, value);
    await this.runCommand('View: Close Editor');
    await editor.waitFor({ state: 'hidden' });
  }

  /** Resolves once the user settings file holds `id` with `value` (a setting cleared to '' may be written as absent). */
  private async settingWritten(id: string, value: string): Promise<void> {
    const file = path.join(this.userDataDir, 'User', 'settings.json');
    await until(`${id} = "${value}" in ${file}`, () => {
      try {
        const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        const written = settings[id];
        return Promise.resolve(
          written === undefined ? value === '' : JSON.stringify(written) === JSON.stringify(value) || JSON.stringify(written) === value,
        );
      } catch {
        return Promise.resolve(false); // mid-write
      }
    });
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

  /**
   * Runs a command by its palette title ("Voice & SMS: Show Log"), as a user would; resolves with Date.now()
   * at the Enter that ran it (where the bench's panel rows start timing).
   */
  async runCommand(title: string): Promise<number> {
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const qi = await this.palette(title);
        const row = qi.rows.filter({ hasText: title }).first();
        await row.waitFor({ state: 'visible', timeout: 5_000 });
        const entered = Date.now();
        await qi.input.press('Enter');
        await qi.waitClosed(5_000).catch(() => undefined);
        return entered;
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

  /** A status-bar entry by its visible text (codicons are not part of the text). */
  statusBarItem(text: string | RegExp): Locator {
    return this.page.locator('.part.statusbar .statusbar-item', { hasText: text });
  }

  /** Whether a status-bar entry is drawn with the theme's warning background (statusBarItem.warningBackground). */
  async statusBarItemIsWarning(item: Locator): Promise<boolean> {
    return /\bwarning-kind\b/.test((await item.getAttribute('class')) ?? '');
  }

  /** Resolves once the toast holding `notification` has finished appearing (its CSS transitions), for a readable screenshot. */
  async toastShown(notification: Locator): Promise<void> {
    await notification.first().waitFor({ state: 'visible' });
    await notification
      .first()
      .evaluate((el) =>
        Promise.all((el.closest('.notification-toast-container') ?? el).getAnimations({ subtree: true }).map((a) => a.finished)),
      );
  }

  /** Clears every notification (toasts that would cover a screenshot), as the palette command does. */
  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications');
    await this.notification()
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
  }

  /** The modal dialog (showWarningMessage with `modal: true`). */
  dialog(): Locator {
    return this.page.locator('.monaco-dialog-box');
  }

  /** A button of the modal dialog, by its text. */
  dialogButton(name: string | RegExp): Locator {
    return this.dialog().locator('.dialog-buttons .monaco-button', { hasText: name }).first();
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

  /**
   * The content frame of the webview that contains `selector`, for when several panels are open
   * side by side (month view next to the trend). Waits until one does.
   */
  async webviewWith(selector: string, timeoutMs = 20_000): Promise<FrameLocator> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const n = await this.page.locator('iframe.webview.ready').count();
      for (let i = 0; i < n; i++) {
        const frame = this.page.frameLocator('iframe.webview.ready').nth(i).frameLocator('#active-frame');
        if (
          (await frame
            .locator(selector)
            .count()
            .catch(() => 0)) > 0
        )
          return frame;
      }
      if (Date.now() > deadline) throw new Error(`no webview shows ${selector} within ${timeoutMs} ms`);
      await this.page.waitForTimeout(250);
    }
  }

  /**
   * Closes an editor tab with its own close button (shown on hover). A tab strip that re-renders under the pointer (a
   * webview shown again, a title that changes) can swallow the click, so a tab still there is clicked again.
   */
  async closeEditorTab(title: string | RegExp): Promise<void> {
    const tab = this.editorTab(title);
    for (let attempt = 1; ; attempt++) {
      await tab.hover();
      await tab.locator('.tab-actions .action-label').first().click();
      const closed = await tab.waitFor({ state: 'detached', timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (closed) return;
      if (attempt === 3) throw new Error(`the editor tab ${String(title)} is still open after three clicks on its close button`);
    }
  }

  /**
   * Closes every editor, reverting the unsaved ones first (an untitled snippet a test opened): the shared editor restores
   * unsaved untitled files in the next window on the folder, where they would meet the next suite's tabs and dialogs.
   */
  async revertAndCloseAllEditors(): Promise<void> {
    const dirty = this.editorTabs().and(this.page.locator('.dirty'));
    for (let i = 0; i < 10 && (await dirty.count()) > 0; i++) {
      await dirty.first().click();
      await this.runCommand('View: Revert and Close Editor');
    }
    await this.runCommand('View: Close All Editors');
  }

  editorTabs(): Locator {
    return this.page.locator('.tabs-container .tab');
  }

  /** The editor tab whose title contains `title` (a webview panel's title, a file name). */
  editorTab(title: string | RegExp): Locator {
    return this.editorTabs().filter({ hasText: title }).first();
  }

  /** Signs out and removes the active profile, leaving the shared editor as later suites expect (never throws). */
  async signOutAndRemoveProfile(): Promise<void> {
    await this.runCommand(`${COMMAND_CATEGORY}: Sign Out`).catch(() => undefined);
    await this.dialogButton('Sign Out and Remove Profile')
      .click()
      .catch(() => undefined);
  }

  /** Signs in through the palette to the run's simulator with its first instance, and the demo account unless `o` says otherwise (`{}`: no account). */
  async signInToSimulator(name: string, o: { accountId?: string } = { accountId: DEMO_ACCOUNT }): Promise<boolean> {
    const sim = await session().simulator();
    return this.signInWithPalette({
      name,
      baseUrl: sim.baseUrl,
      accessKeyId: sim.accessKeyId,
      secretAccessKey: sim.secretAccessKey,
      voiceInstanceId: DEMO_INSTANCES[0] ?? 'VI-DEMO-01',
      ...o,
    });
  }

  /** Waits for the notification a successful sign-in of profile `name` shows (`timeoutMs`: Playwright's default when absent). */
  async signedInNotice(name: string, timeoutMs?: number): Promise<void> {
    await this.notification(new RegExp(`Signed in with profile "${name}"`))
      .first()
      .waitFor({ state: 'visible', ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }) });
  }

  /**
   * Signs in through the palette's "Sign In" flow, answering each step by what it asks for (name,
   * URL, key id, secret, account, instance), so the order of the steps does not matter. Resolves
   * once the flow has closed; returns false when its first step never opened.
   */
  async signInWithPalette(p: {
    name: string;
    baseUrl: string;
    accessKeyId: string;
    secretAccessKey: string;
    voiceInstanceId: string;
    accountId?: string;
  }): Promise<boolean> {
    await this.runCommand('Voice & SMS: Sign In');
    const qi = this.quickInput;
    // The first command of a new window starts the extension host and activates the extension: on a
    // busy machine that alone has taken over 8 s (CI, a window whose host launched as the test began).
    const opened = await qi.waitOpen(45_000).then(
      () => true,
      () => false,
    );
    if (!opened) return false;
    for (let step = 0; step < 12; step++) {
      if (!(await qi.input.isVisible())) return true;
      const asked = (
        (await qi.widget
          .locator('.quick-input-title')
          .textContent()
          .catch(() => '')) +
        ' ' +
        ((await qi.input.getAttribute('placeholder')) ?? '') +
        ' ' +
        ((await qi.widget
          .locator('.quick-input-message')
          .textContent()
          .catch(() => '')) ?? '') +
        ' ' +
        ((await qi.input.getAttribute('aria-label')) ?? '')
      ).toLowerCase();
      // Check the specific words first: "secret access key" also contains "access key".
      const answer = /secret/.test(asked)
        ? p.secretAccessKey
        : /key id|access key/.test(asked)
          ? p.accessKeyId
          : /url|address|endpoint/.test(asked)
            ? p.baseUrl
            : /instance/.test(asked)
              ? p.voiceInstanceId
              : /account/.test(asked)
                ? (p.accountId ?? '')
                : /name/.test(asked)
                  ? p.name
                  : undefined;
      const before = asked;
      if (answer === undefined) {
        // A choice step (e.g. "enter by hand" vs. environment): take the first row.
        await qi.input.press('Enter');
      } else {
        await qi.submit(answer);
      }
      // Wait for the next step (its prompt changes) or for the flow to close.
      await this.page.waitForFunction(
        (prev) => {
          const w = document.querySelector<HTMLElement>('.quick-input-widget');
          if (!w || w.style.display === 'none' || w.offsetParent === null) return true;
          const input = w.querySelector('input.input');
          const text =
            `${w.querySelector('.quick-input-title')?.textContent ?? ''} ${input?.getAttribute('placeholder') ?? ''} ${w.querySelector('.quick-input-message')?.textContent ?? ''} ${input?.getAttribute('aria-label') ?? ''}`.toLowerCase();
          return text !== prev;
        },
        before,
        { timeout: 20_000 },
      );
    }
    return !(await qi.input.isVisible());
  }

  /** The numbers of one row of a webview table, separators removed (`1,234` -> 1234). */
  /**
   * Waits until the frame's chart has been drawn (the chart sets role="img" on its canvas when it is created,
   * after the chart script has run) and returns how many of its pixels are painted (not transparent).
   */
  async chartPixels(frame: FrameLocator): Promise<number> {
    const canvas = frame.locator('canvas[role="img"]').first();
    await canvas.waitFor({ state: 'visible' });
    return canvas.evaluate((c: HTMLCanvasElement) => {
      const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
      return painted;
    });
  }

  async rowNumbers(row: Locator): Promise<number[]> {
    const cells = await row.locator('td.num').allTextContents();
    return cells.map((c) => Number(c.replace(/[^\d-]/g, '')));
  }

  // --- clipboard, view actions, walkthroughs -------------------------------------------------

  /**
   * What the extension last put on the clipboard. In code-server vscode.env.clipboard is the page's
   * navigator.clipboard (Workbench.open grants the permissions), so the page can read it back.
   */
  async readClipboard(): Promise<string> {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** An action button in a view's title bar (e.g. "Clear Sent SMS History"), by its tooltip / aria-label. */
  viewTitleAction(viewTitle: string, label: string): Locator {
    return this.viewPane(viewTitle).locator(`.pane-header .actions .action-label[aria-label="${cssString(label)}"]`);
  }

  /** Clicks a view-title action; the actions are drawn while the pointer is over the header. */
  async clickViewTitleAction(viewTitle: string, label: string): Promise<void> {
    await this.viewPane(viewTitle).locator('.pane-header').hover();
    const action = this.viewTitleAction(viewTitle, label);
    await action.waitFor({ state: 'visible' });
    await action.click();
  }

  /** The Welcome editor's walkthrough page (Getting Started) once a walkthrough is open. */
  walkthrough(): Locator {
    return this.page.locator('.gettingStartedContainer');
  }

  /** A walkthrough step by its title (the step is a button that expands it). */
  walkthroughStep(title: string | RegExp): Locator {
    return this.walkthrough()
      .locator('.getting-started-step')
      .filter({ has: this.page.locator('.step-title', { hasText: title }) })
      .first();
  }

  /** Whether a walkthrough step shows its check mark (its completion event happened). */
  async walkthroughStepDone(step: Locator): Promise<boolean> {
    return (await step.getAttribute('aria-checked')) === 'true';
  }

  /** The titles of the open walkthrough's steps, in order. */
  async walkthroughStepTitles(): Promise<string[]> {
    const titles = await this.walkthrough().locator('.getting-started-step .step-title').allTextContents();
    return titles.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
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

  /**
   * Hovers `target` until `hover` shows. A tree that refreshes while the pointer rests replaces the row
   * under it and the editor drops the pending hover, so a hover that does not show is tried again.
   */
  async hoverUntil(target: Locator, hover: Locator, attempts = 4): Promise<void> {
    for (let i = 1; ; i++) {
      await target.hover();
      const shown = await hover.waitFor({ state: 'visible', timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (shown) return;
      if (i >= attempts) throw new Error(`no hover after ${attempts} attempts on ${String(target)}`);
      await this.moveMouseAway();
      await this.page.waitForTimeout(300);
    }
  }

  /** Hover tooltips cover what a screenshot should show, and can take a click meant for what they cover. */
  async moveMouseAway(): Promise<void> {
    await this.page.mouse.move(700, 300);
  }

  /**
   * Clicks the action button `label` of a notification. The pointer first leaves whatever it rests on: a toast
   * appears above the status bar, where a status-bar item's tooltip, shown once the pointer rested on that item,
   * covered the button and took the click (seen in a full run: the notification stayed, its action never ran).
   * An info toast with buttons leaves the screen by itself 10 s after it appeared (the workbench's purge, in a
   * focused window with the pointer elsewhere) and waits in the Notification Center: on a loaded machine the steps
   * before the click can take that long (the watch's Resume prompt in a second window failed so), so a button no
   * longer on a toast is clicked in the Center.
   */
  async clickNotificationButton(notification: Locator, label: string): Promise<void> {
    await this.moveMouseAway();
    await this.page
      .locator('.monaco-hover, .workbench-hover')
      .first()
      .waitFor({ state: 'hidden', timeout: 3_000 })
      .catch(() => undefined);
    const button = notification.locator('.monaco-button', { hasText: label }).first();
    const onToast = await button.waitFor({ state: 'visible', timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    if (!onToast) await this.runCommand('Notifications: Show Notifications');
    await button.click();
  }
}

function cssString(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}
