// A static loopback server that serves each webview the way the editor does — the host's own
// HTML (same CSP, fresh nonce), the real bundle and stylesheet — plus a page-side
// `acquireVsCodeApi` shim that records what the page posts and saves, and one headless Chromium.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { checkChromium } from '../../../../scripts/editor/chromium.js';
import { renderWebviewHtml, type WebviewEntry } from '../../../../src/host/webviews/html.js';
import type { PanelKindName } from '../../../../src/panels/kinds.js';
import { kindScripts } from '../../../../src/panels/scripts.js';
import { buildWebviewBundles, REPO } from './build.js';
import { BODY_CLASS, themeCss, type ThemeName } from './themes.js';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Runs in the page before the bundle: the theme's body class, as the editor sets it.
const SHIM = `(() => {
  const cfg = JSON.parse(document.currentScript.dataset.config);
  document.body.classList.add(cfg.bodyClass);
})();`;

/**
 * Runs before anything in the page, as the editor injects its API: the same contract as VS Code's API
 * (acquire once, JSON-like copies of posted messages, getState/setState), with everything recorded for
 * the test. Present from the start, so the page's boot script (html.ts) takes it and says `ready` early.
 */
const INSTALL_VSCODE_API = `(state) => {
  const rec = window.__vstk = { posted: [], states: [], state, acquired: 0 };
  window.acquireVsCodeApi = () => {
    if (rec.acquired++ > 0) throw new Error('An instance of the VS Code API has already been acquired');
    return Object.freeze({
      postMessage: (m) => { rec.posted.push(JSON.parse(JSON.stringify(m))); },
      getState: () => rec.state,
      setState: (s) => { rec.state = JSON.parse(JSON.stringify(s)); rec.states.push(rec.state); return s; },
    });
  };
}`;

export interface Harness {
  origin: string;
  browser: Browser;
  /** Sends the bundles held for the page opened with that hold id (openPanel's holdBundles). */
  release(hold: string): void;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  // First, before building or listening: a missing browser fails every test at once, with the command.
  const executablePath = checkChromium();
  const bundleDir = await buildWebviewBundles();
  const css = readFileSync(join(REPO, 'media', 'webview.css'), 'utf8');
  let origin = '';
  /** Bundle answers waiting for their page's release, by hold id; ids already released answer at once. */
  const held = new Map<string, Array<() => void>>();
  const released = new Set<string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const send = (type: string, body: string | Buffer): void => {
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const page = /^\/panel\/(monthView|trend|activities|overview)$/.exec(url.pathname);
    if (page) {
      const theme = (url.searchParams.get('theme') ?? 'dark') as ThemeName;
      const hold = url.searchParams.get('hold');
      const first = url.searchParams.get('first');
      const nonce = randomBytes(16).toString('base64');
      const html = renderWebviewHtml({
        cspSource: origin,
        nonce,
        // The bundles and stylesheet inside the page, as the editor gets them (src/host/webviews/pageAssets.ts);
        // ?hold=<id> instead fetches the bundles, held back until the test releases them (the page's boot script says
        // `ready` meanwhile): released by the test, not by a time a busy machine may overrun.
        scripts: [
          `${origin}/shim.js`,
          ...kindScripts(page[1] as PanelKindName).map((name) =>
            hold ? `${origin}/bundle/${name}.js?hold=${hold}` : { code: readFileSync(join(bundleDir, `${name}.js`), 'utf8') },
          ),
        ],
        stylesheets: [`${origin}/theme/${theme}.css`, hold ? `${origin}/media/webview.css` : { css }],
        title: 'test',
        entry: page[1] as WebviewEntry,
        // ?first=<JSON array>: the messages the host had when it built the page (the month cache's month).
        ...(first ? { firstMessages: JSON.parse(first) as unknown[] } : {}),
      });
      // The shim reads its configuration from a data attribute (no inline script needed).
      const config = JSON.stringify({ bodyClass: BODY_CLASS[theme] });
      send(
        'text/html; charset=utf-8',
        html.replace(
          `src="${origin}/shim.js"`,
          `src="${origin}/shim.js" data-config="${config.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`,
        ),
      );
      return;
    }
    if (url.pathname === '/shim.js') return send('text/javascript', SHIM);
    if (url.pathname === '/media/webview.css') return send('text/css', css);
    const theme = /^\/theme\/(dark|light|hc)\.css$/.exec(url.pathname);
    if (theme) return send('text/css', themeCss(theme[1] as ThemeName));
    const bundle = /^\/bundle\/(elements|chart|monthView|trend|activities)\.js$/.exec(url.pathname);
    if (bundle) {
      const serve = (): void => send('text/javascript', readFileSync(join(bundleDir, `${bundle[1]}.js`)));
      const hold = url.searchParams.get('hold');
      if (hold && !released.has(hold)) held.set(hold, [...(held.get(hold) ?? []), serve]);
      else serve();
      return;
    }
    res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS }).catch((err: unknown) => {
    server.close();
    throw err;
  });
  return {
    origin,
    browser,
    release: (hold) => {
      released.add(hold);
      for (const serve of held.get(hold) ?? []) serve();
      held.delete(hold);
    },
    close: async () => {
      await browser.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export interface PanelPage {
  page: Page;
  /** Messages the page posted to the "host", in order. */
  posted(): Promise<Array<Record<string, unknown>>>;
  /** Waits until the page has posted `count` messages in total and returns them. */
  waitForPosted(count: number): Promise<Array<Record<string, unknown>>>;
  /** Delivers a message as the host would. */
  send(message: unknown): Promise<void>;
  states(): Promise<unknown[]>;
  violations(): Promise<string[]>;
  /** With holdBundles: lets the page's bundles arrive. */
  releaseBundles(): void;
  close(): Promise<void>;
}

export async function openPanel(
  h: Harness,
  entry: WebviewEntry,
  opts: {
    theme?: ThemeName;
    state?: unknown;
    width?: number;
    height?: number;
    /** Holds the page's bundles back until releaseBundles() (the boot script runs alone until then). */
    holdBundles?: boolean;
    /** What the page carries from the host (html.ts firstMessages). */
    firstMessages?: unknown[];
    /** Script run in the page before anything else (a test's probe). */
    initScript?: string;
  } = {},
): Promise<PanelPage> {
  const context = await h.browser.newContext({
    viewport: { width: opts.width ?? 1100, height: opts.height ?? 900 },
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
    reducedMotion: 'reduce',
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  const consoleProblems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) consoleProblems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleProblems.push(`pageerror: ${e.message}`));
  // Registered before any page script: CSP violations while parsing count too.
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  await page.addInitScript(`(${INSTALL_VSCODE_API})(${JSON.stringify(opts.state ?? null)});`);
  if (opts.initScript) await page.addInitScript(opts.initScript);
  const hold = opts.holdBundles ? randomBytes(8).toString('hex') : undefined;
  const q = new URLSearchParams({ theme: opts.theme ?? 'dark', ...(hold ? { hold } : {}) });
  if (opts.firstMessages) q.set('first', JSON.stringify(opts.firstMessages));
  // With held-back bundles, return once the page has started (its boot script runs before they arrive).
  await page.goto(`${h.origin}/panel/${entry}?${q.toString()}`, hold ? { waitUntil: 'commit' } : {});
  const posted = (): Promise<Array<Record<string, unknown>>> =>
    page.evaluate(() => (window as unknown as { __vstk: { posted: Array<Record<string, unknown>> } }).__vstk.posted);
  return {
    page,
    posted,
    waitForPosted: async (count) => {
      await page.waitForFunction((n) => (window as unknown as { __vstk: { posted: unknown[] } }).__vstk.posted.length >= n, count, {
        timeout: 5000,
      });
      return posted();
    },
    send: async (message) => {
      await page.evaluate((m) => window.postMessage(m, '*'), message);
      // Let the message event run and the page render before the test looks.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    },
    states: () => page.evaluate(() => (window as unknown as { __vstk: { states: unknown[] } }).__vstk.states),
    violations: async () => [
      ...consoleProblems,
      ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
    ],
    releaseBundles: () => {
      if (hold) h.release(hold);
    },
    close: async () => {
      if (hold) h.release(hold);
      await context.close();
    },
  };
}
