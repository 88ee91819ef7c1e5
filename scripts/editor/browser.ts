// Headless Debian Chromium through playwright-core. Playwright's own signal handlers are off: the
// harness decides when to close, so the browser goes down in the same cleanup as code-server.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { checkChromium } from './chromium.js';
import { onCleanup } from './processes.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const VIEWPORT = { width: 1280, height: 800 } as const;

export async function launchBrowser(): Promise<Browser> {
  const executablePath = checkChromium();
  // Chromium's crash handler and caches follow HOME/XDG: keep them out of the real home.
  const home = mkdtempSync(path.join(os.tmpdir(), 'vstk-chromium-'));
  for (const d of ['.config', '.cache', '.local/share']) mkdirSync(path.join(home, d), { recursive: true });
  const removeHome = (): void => rmSync(home, { recursive: true, force: true });
  const unregisterHome = onCleanup(removeHome);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
      XDG_DATA_HOME: path.join(home, '.local/share'),
    },
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const unregister = onCleanup(() => browser.close());
  browser.once('disconnected', () => {
    unregister();
    removeHome();
    unregisterHome();
  });
  return browser;
}

/** A fresh context (own storage) and page; closing the context is the caller's job. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  // Clipboard access lets later tests check "copy" commands without prompts.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  return context.newPage();
}
