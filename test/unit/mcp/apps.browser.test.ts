// Charts in chat (MCP Apps, issue 52): the built server over stdio with the SDK's Client names a ui:// page for the
// month view, trend and overview tools exactly as @modelcontextprotocol/ext-apps' server helpers would, serves each
// page with a CSP that allows no request, built around the panels' own shipped chart script and stylesheet; and each
// page, drawn in Chromium by the Apps SDK's own AppBridge with a real result from that server, talks to it with its
// own side of the protocol (src/webview/mcpApp/bridge.ts), shows the figures, opens a day / month / instance by asking
// the host to call the tool, passes axe in light and dark, and sends no request. Screenshots go to
// docs/screenshots/mcp-app-*.png.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { checkChromium } from '../../../scripts/editor/chromium.js';
import { audit, describeFindings, FAILING_IMPACTS } from '../webview/support/axe.js';
import { CHROMIUM_ARGS } from '../webview/support/harness.js';
import { buildServer, connect, root, type Connected } from './harness.js';

const PAGES = {
  get_month_view: { uri: 'ui://voice-sms-toolkit/month-view', args: { instanceId: 'VI-DEMO-01', monthId: 202610 } },
  get_trend: { uri: 'ui://voice-sms-toolkit/trend', args: { instanceId: 'VI-DEMO-01', months: 6, endMonthId: '2026-10' } },
  get_account_overview: { uri: 'ui://voice-sms-toolkit/overview', args: { monthId: '2026-10' } },
} as const;
type PageTool = keyof typeof PAGES;
const APP_MIME = 'text/html;profile=mcp-app';
/** The page's origin in the test: answered by the route below, never by a network. */
const HOST_URL = 'https://host.invalid/';

let built: Awaited<ReturnType<typeof buildServer>>;
let c: Connected;
let browser: Browser;
let hostScript: string;

async function pageHtml(uri: string): Promise<string> {
  const r: ReadResourceResult = await c.client.readResource({ uri });
  const [first] = r.contents;
  assert.ok(first && 'text' in first, JSON.stringify(r));
  return first.text;
}

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await c.client.callTool({ name, arguments: args })) as CallToolResult;
}

before(async () => {
  const executablePath = checkChromium();
  built = await buildServer();
  c = await connect(built.mcpJs, {}, { args: ['--demo'] });
  const host = await esbuild.build({
    entryPoints: [join(root, 'test/unit/mcp/support/appHost.mts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  hostScript = host.outputFiles[0]!.text;
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await c?.close();
  built?.dispose();
});

void describe('MCP Apps over the protocol', () => {
  void it('names each page on its tool as the Apps SDK’s registerAppTool does, and lists the pages as registerAppResource does', async () => {
    const { registerAppTool, registerAppResource } = await import('@modelcontextprotocol/ext-apps/server');
    const tools = (await c.client.listTools()).tools;
    const resources = (await c.client.listResources()).resources;
    for (const [name, { uri }] of Object.entries(PAGES)) {
      let sdkMeta: unknown;
      registerAppTool(
        { registerTool: ((_n: string, config: { _meta: unknown }) => (sdkMeta = config._meta)) as never },
        name,
        { _meta: { ui: { resourceUri: uri } } },
        () => ({ content: [] }),
      );
      assert.deepEqual(tools.find((t) => t.name === name)?._meta, sdkMeta, name);
      let sdkMime: unknown;
      registerAppResource(
        { registerResource: ((_n: string, _u: string, config: { mimeType: unknown }) => (sdkMime = config.mimeType)) as never },
        name,
        uri,
        {},
        () => ({ contents: [] }),
      );
      const listed = resources.find((r) => r.uri === uri);
      assert.equal(listed?.mimeType, sdkMime, uri);
      assert.equal(sdkMime, APP_MIME);
    }
    // The other tools name no page.
    assert.deepEqual(
      tools
        .filter((t) => t._meta !== undefined)
        .map((t) => t.name)
        .sort(),
      Object.keys(PAGES).sort(),
    );
  });

  void it('serves each page whole, with a CSP that allows its own script and styles by hash and no request', async () => {
    for (const { uri } of Object.values(PAGES)) {
      const r = await c.client.readResource({ uri });
      assert.equal(r.contents.length, 1);
      const [page] = r.contents;
      assert.ok(page && 'text' in page);
      assert.equal(page.mimeType, APP_MIME);
      assert.deepEqual(page._meta, { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } });
      const html = page.text;
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
      assert.ok(csp, 'a CSP meta element');
      const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
      assert.deepEqual(directives.get('default-src'), ["'none'"]);
      const sha = (s: string): string => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
      const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      assert.equal(scripts.length, 1);
      assert.equal(styles.length, 1);
      assert.deepEqual(directives.get('script-src'), [sha(scripts[0]!)]);
      assert.deepEqual(directives.get('style-src'), [sha(styles[0]!)]);
      for (const name of ['connect-src', 'frame-src', 'font-src', 'media-src', 'object-src'])
        assert.equal(directives.get(name), undefined, name);
      assert.doesNotMatch(html, /<(script|link|img|iframe)[^>]*\s(src|href)=/i, 'nothing loaded from an address');
      assert.match(html, new RegExp(`<body data-view="${uri.split('/').at(-1)}">`));
      // The panels' chart script and stylesheet as shipped beside the server, first in the page's own (no second copy).
      const shipped = (file: string): string => readFileSync(join(dirname(built.mcpJs), 'webview', file), 'utf8');
      assert.ok(scripts[0]!.startsWith(shipped('chart.js')), 'the page runs dist/webview/chart.js');
      assert.ok(styles[0]!.startsWith(shipped('webview.css')), 'the page carries dist/webview/webview.css');
    }
  });

  void it('asks for an Apps protocol version the SDK’s AppBridge supports', async () => {
    const { SUPPORTED_PROTOCOL_VERSIONS } = await import('@modelcontextprotocol/ext-apps/app-bridge');
    // An ES module (src/webview is "type": "module"), imported dynamically from this CommonJS test.
    const { APPS_PROTOCOL_VERSION } = await import('../../../src/webview/mcpApp/bridge.js');
    assert.ok(
      SUPPORTED_PROTOCOL_VERSIONS.includes(APPS_PROTOCOL_VERSION),
      `${APPS_PROTOCOL_VERSION} in ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`,
    );
  });
});

interface Drawn {
  page: Page;
  frame: Frame;
  requests: string[];
  violations: string[];
  calls: Array<{ name: string; arguments?: Record<string, unknown> }>;
}

const LIGHT = { '--color-background-primary': '#ffffff', '--color-text-primary': '#1f1f1f', '--font-sans': 'Liberation Sans, sans-serif' };
const DARK = { '--color-background-primary': '#1e1e1e', '--color-text-primary': '#d4d4d4', '--font-sans': 'Liberation Sans, sans-serif' };

async function draw(tool: PageTool, theme: 'light' | 'dark'): Promise<Drawn> {
  // Tall enough for the month view's 31 rows, so its screenshot holds the whole page.
  const page = await browser.newPage({ viewport: { width: 900, height: 1700 } });
  const requests: string[] = [];
  const violations: string[] = [];
  const calls: Drawn['calls'] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (process.env['APPS_DEBUG']) process.stderr.write(`[console] ${m.text()}\n`);
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  // The host page itself; anything else asked for is refused (and recorded above).
  await page.route('**/*', (route) =>
    route.request().url() === HOST_URL
      ? route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><title>Host</title></head><body><script>${hostScript}</script></body></html>`,
        })
      : route.abort(),
  );
  await page.exposeFunction('hostCallTool', async (params: { name: string; arguments?: Record<string, unknown> }) => {
    calls.push({ name: params.name, ...(params.arguments ? { arguments: params.arguments } : {}) });
    return call(params.name, params.arguments ?? {});
  });
  await page.goto(HOST_URL);
  const result = await call(tool, PAGES[tool].args);
  assert.notEqual(result.isError, true, JSON.stringify(result));
  await page.evaluate(([html, r, t, v]) => (window as unknown as { mountApp(...a: unknown[]): Promise<void> }).mountApp(html, r, t, v), [
    await pageHtml(PAGES[tool].uri),
    result,
    theme,
    theme === 'dark' ? DARK : LIGHT,
  ] as const);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  assert.ok(frame, 'the page is in a frame');
  await frame.locator('.chart-box canvas').first().waitFor();
  await frame.locator('tbody tr').first().waitFor();
  return { page, frame, requests, violations, calls };
}

/** What picking the first row asks the host to call. */
const OPENS: Record<PageTool, { name: string; arguments: Record<string, unknown> }> = {
  get_month_view: { name: 'get_day_activities', arguments: { instanceId: 'VI-DEMO-01', dateId: '2026-10-01' } },
  get_trend: { name: 'get_month_view', arguments: { instanceId: 'VI-DEMO-01', monthId: '2026-05' } },
  get_account_overview: { name: 'get_month_view', arguments: { instanceId: 'VI-DEMO-01', monthId: '2026-10' } },
};

/** The first row opened from the keyboard: the host's answer drawn in place (a month's chart or a day's text), then Back. */
async function openFirstRow(d: Drawn, tool: PageTool): Promise<void> {
  await d.frame.locator('tbody tr').first().focus();
  await d.page.keyboard.press('Enter');
  await (
    tool === 'get_month_view' ? d.frame.locator('.tool-text') : d.frame.locator('h1', { hasText: /^VI-DEMO-01 · \S+ \d{4}$/ })
  ).waitFor();
  assert.deepEqual(d.calls, [OPENS[tool]], tool);
  await d.frame.locator('.back-button').click();
  await d.frame.locator('.chart-box canvas').first().waitFor();
}

void describe('MCP Apps pages drawn by the Apps SDK’s AppBridge', () => {
  for (const tool of Object.keys(PAGES) as PageTool[]) {
    for (const theme of ['light', 'dark'] as const) {
      void it(`${tool} (${theme}): figures, axe, theme, no request, screenshot${theme === 'light' ? ', a row opened from the keyboard' : ''}`, async () => {
        const d = await draw(tool, theme);
        try {
          const rows = await d.frame.locator('tbody tr').count();
          const result = await call(tool, PAGES[tool].args);
          const data = result.structuredContent as { rows?: unknown[]; months?: unknown[] };
          assert.equal(rows, (data.months ?? data.rows ?? []).length, 'one table row per day, month or instance');
          const bg = await d.frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
          assert.equal(bg, theme === 'dark' ? 'rgb(30, 30, 30)' : 'rgb(255, 255, 255)', 'the host’s background variable');
          const a = await audit(d.frame as unknown as Page, `${tool} ${theme}`);
          const failing = a.findings.filter((f) => FAILING_IMPACTS.has(f.impact));
          assert.deepEqual(failing, [], describeFindings(failing));
          await d.frame.locator('main').screenshot({
            path: join(root, 'docs', 'screenshots', `mcp-app-${tool.replace(/^get_/, '').replaceAll('_', '-')}-${theme}.png`),
          });
          if (theme === 'light') await openFirstRow(d, tool);
          assert.deepEqual(d.requests, [HOST_URL], 'no request but the host page');
          assert.deepEqual(d.violations, []);
        } finally {
          await d.page.close();
        }
      });
    }
  }
});
