// The three webviews in a non-English editor: the host's HTML (same CSP, nonce) carries the language
// and a bundle that wraps every exported message in ⟦…⟧. After playing the host's messages (data and
// error states), every visible text, title and aria-label must consist of wrapped messages and the
// data we sent — any English left means a string bypasses l10n.t — and dates and numbers follow the
// editor's language (Japanese here, so no Latin word can hide in them).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { renderWebviewHtml, type WebviewEntry } from '../../../src/host/webviews/html.js';
import type { PanelKindName } from '../../../src/panels/kinds.js';
import { kindScripts } from '../../../src/panels/scripts.js';
import type { ActivitiesToWebview } from '../../../src/panels/activities/protocol.js';
import type { MonthViewToWebview } from '../../../src/panels/monthView/protocol.js';
import type { TrendToWebview } from '../../../src/panels/trend/protocol.js';
import { buildWebviewBundles, REPO } from '../webview/support/build.js';
import { ACTIVITIES_RESULT, ACTIVITIES_XML, februaryComparison, marchView, meta, trendMonths } from '../webview/support/fixtures.js';
import { CHROMIUM_ARGS } from '../webview/support/harness.js';
import { checkChromium } from '../../../scripts/editor/chromium.js';

const LANGUAGE = 'ja';
const INSTANCE = 'VI-DEMO-01';
const exported = JSON.parse(readFileSync(join(REPO, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, string | { message: string }>;
/** What vscode.l10n.bundle would hold: key -> translation (here the English message, marked). */
const MARKED = Object.fromEntries(Object.entries(exported).map(([k, v]) => [k, `⟦${typeof v === 'string' ? v : v.message}⟧`]));

// The page-side API the editor injects, recording what the page posts (no inline script: CSP).
const SHIM = `window.__posted = [];
window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(m), getState: () => undefined, setState: (s) => s });`;

let server: Server;
let origin = '';
let browser: Browser;

before(async () => {
  // First, before building or listening: a missing browser fails every test at once, with the command.
  const executablePath = checkChromium();
  const bundleDir = await buildWebviewBundles();
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const send = (type: string, body: string | Buffer): void => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    const page = /^\/panel\/(monthView|trend|activities)$/.exec(url.pathname);
    if (page) {
      return send('text/html; charset=utf-8', renderWebviewHtml({
        cspSource: origin,
        nonce: randomBytes(16).toString('base64'),
        scripts: [`${origin}/shim.js`, ...kindScripts(page[1] as PanelKindName).map((name) => `${origin}/bundle/${name}.js`)],
        stylesheets: [`${origin}/media/webview.css`],
        title: 'test',
        entry: page[1] as WebviewEntry,
        l10n: { language: LANGUAGE, bundle: MARKED },
        loadingText: '⟦Loading…⟧',
      }));
    }
    if (url.pathname === '/shim.js') return send('text/javascript', SHIM);
    if (url.pathname === '/media/webview.css') return send('text/css', readFileSync(join(REPO, 'media', 'webview.css')));
    const bundle = /^\/bundle\/(elements|chart|monthView|trend|activities)\.js$/.exec(url.pathname);
    if (bundle) return send('text/javascript', readFileSync(join(bundleDir, `${bundle[1]}.js`)));
    res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

interface Opened {
  page: Page;
  problems: string[];
  send(message: unknown): Promise<void>;
  close(): Promise<void>;
}

async function open(entry: WebviewEntry): Promise<Opened> {
  // A browser locale other than the editor's: formatting must follow the page's language, not this.
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective}`));
  });
  await page.goto(`${origin}/panel/${entry}`);
  await page.waitForFunction(() => (window as unknown as { __posted: unknown[] }).__posted.length > 0);
  return {
    page,
    problems,
    send: async (message) => {
      await page.evaluate((m) => window.postMessage(m, '*'), message as object);
      await page.waitForTimeout(50);
    },
    close: () => context.close(),
  };
}

/** Every string value and key of what the host sent: data, which is shown as sent. */
function dataStrings(v: unknown, out = new Set<string>()): Set<string> {
  if (typeof v === 'string') out.add(v);
  else if (Array.isArray(v)) for (const x of v) dataStrings(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      dataStrings(x, out);
    }
  }
  return out;
}

/** Visible text (per element, own text nodes) plus title / aria-label attributes of the body. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el.closest('.visually-hidden') === null && (el as HTMLElement).offsetParent === null && el.tagName !== 'CAPTION') continue;
      const own = Array.from(el.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('');
      if (own.trim() !== '') out.push(own);
      for (const a of ['title', 'aria-label', 'placeholder']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    return out;
  });
}

/** What is left of `texts` once translated messages and the host's data are taken out. */
function untranslated(texts: string[], sent: unknown[]): string[] {
  const data = [...dataStrings(sent)].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  return texts
    .map((t) => {
      let rest = t;
      // Messages nest ("⟦{0} (⟦{1}%⟧)⟧"): remove the innermost until none is left.
      for (let prev = ''; prev !== rest; ) {
        prev = rest;
        rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
      }
      for (const d of data) rest = rest.split(d).join(' ');
      return rest;
    })
    .filter((rest) => /[A-Za-z]{2,}/.test(rest));
}

void describe('webviews in another language', () => {
  void it('month view: every text is translated and dates follow the editor language', async () => {
    const p = await open('monthView');
    try {
      const sent: unknown[] = [
        { type: 'loading', instanceId: INSTANCE, monthId: '202503' },
        { type: 'monthData', instanceId: INSTANCE, monthId: '202503', view: marchView(), meta: meta() },
        { type: 'comparison', instanceId: INSTANCE, monthId: '202503', ...februaryComparison() },
      ] satisfies MonthViewToWebview[];
      for (const m of sent) await p.send(m);
      assert.equal(await p.page.locator('html').getAttribute('lang'), LANGUAGE);
      assert.equal(await p.page.locator('h1.title').textContent(), '2025年3月');
      assert.equal(await p.page.getByRole('button', { name: '⟦Previous month⟧' }).count(), 1);
      assert.equal(await p.page.locator('.warnings h2').textContent(), '⚠ ⟦4 data warnings⟧', 'the plural message, its number filled in');
      const texts = await pageTexts(p.page);
      assert.ok(texts.length > 100, `the check sees the page (${texts.length} texts)`);
      assert.deepEqual(untranslated(texts, sent), []);

      const error = { type: 'error', instanceId: INSTANCE, monthId: '202503', error: { kind: 'network', message: 'Connection refused' } } satisfies MonthViewToWebview;
      await p.send(error);
      assert.equal(await p.page.locator('.error-kind').textContent(), '⟦Network problem⟧');
      assert.deepEqual(untranslated(await pageTexts(p.page), [...sent, error]), []);
      assert.deepEqual(p.problems, []);
    } finally {
      await p.close();
    }
  });

  void it('trend: every text is translated', async () => {
    const p = await open('trend');
    try {
      const sent: unknown[] = [
        { type: 'loading', instanceId: INSTANCE, monthId: '202503' },
        { type: 'trendData', instanceId: INSTANCE, monthId: '202503', months: trendMonths(), meta: meta() },
      ] satisfies TrendToWebview[];
      for (const m of sent) await p.send(m);
      assert.equal(await p.page.locator('h1.title').textContent(), '⟦12-month trend⟧');
      assert.deepEqual(untranslated(await pageTexts(p.page), sent), []);
      assert.deepEqual(p.problems, []);
    } finally {
      await p.close();
    }
  });

  void it('activities: every text is translated, the payload shown as sent', async () => {
    const p = await open('activities');
    try {
      const sent: unknown[] = [
        { type: 'loading', instanceId: INSTANCE, dateId: '20250311' },
        { type: 'activitiesData', instanceId: INSTANCE, dateId: '20250311', result: ACTIVITIES_RESULT, rawXml: ACTIVITIES_XML, meta: meta() },
      ] satisfies ActivitiesToWebview[];
      for (const m of sent) await p.send(m);
      await p.page.getByRole('button', { name: '⟦Show raw XML⟧' }).click();
      assert.equal(await p.page.getByRole('button', { name: '⟦Hide raw XML⟧' }).getAttribute('aria-pressed'), 'true');
      assert.match(await p.page.locator('.subtitle').textContent() ?? '', /2025年3月11日/);
      assert.deepEqual(untranslated(await pageTexts(p.page), sent), []);
      assert.deepEqual(p.problems, []);
    } finally {
      await p.close();
    }
  });

  void it('catches an English text that bypasses l10n.t (the check itself can fail)', () => {
    assert.deepEqual(untranslated(['⟦Retry⟧', '⟦Voice instance ⟧VI-1', 'Show day'], ['VI-1']), ['Show day']);
  });
});
