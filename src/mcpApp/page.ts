// dist/mcpApp.js: the Apps page as one self-contained HTML text, which src/mcp/apps.ts requires only when a client
// reads a ui:// resource. The page's own script and styles are built in (esbuild.mjs mcpAppPage puts them in place of
// pageHtml.ts); the chart library and the stylesheet are the panels' own shipped files, read beside this bundle when
// the page is first asked for, so the VSIX carries them once. Every script and style is inline, allowed by its hash
// in the page's CSP, which allows nothing else.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_SCRIPT, PAGE_STYLES } from './pageHtml.js';
import type { AppView } from './views.js';

// The panels' files the page carries, relative to this bundle's folder (dist/). Written as literals on purpose:
// src/shared/mcpServerFiles.ts finds them in the built bundle and copies them with the server.
const CHART_SCRIPT = './webview/chart.js';
const PANEL_STYLES = './webview/webview.css';

let page: string | undefined;

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page around `script` and `styles`: one script element and one style element, and a CSP naming their hashes. */
function pageHtml(script: string, styles: string): string {
  if (/<\/script|<!--/i.test(script) || /<\/style/i.test(styles))
    throw new Error('The Apps page cannot inline a script or style that ends its element.');
  const csp = `default-src 'none'; script-src ${sha256(script)}; style-src ${sha256(styles)}; img-src data:; base-uri 'none'; form-action 'none'`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${csp}">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Voice &amp; SMS Toolkit</title>` +
    `<style>${styles}</style></head><body><script>${script}</script></body></html>`
  );
}

/** The page for `view`: the body names which result it waits for. */
export function appPage(view: AppView): string {
  if (PAGE_SCRIPT === '') throw new Error('The Apps page is built by esbuild.mjs (npm run build); this is its unbuilt source.');
  if (page === undefined) {
    const read = (file: string): string => readFileSync(join(__dirname, file), 'utf8');
    // The chart script first: it publishes the chart (common/sharedChart.ts) that the page's script draws with.
    page = pageHtml(`${read(CHART_SCRIPT)}\n;${PAGE_SCRIPT}`, `${read(PANEL_STYLES)}\n${PAGE_STYLES}`);
  }
  return page.replace('<body>', `<body data-view="${view}">`);
}
