// The HTML shell of every panel: a strict CSP (scripts only with a fresh nonce; our bundles and stylesheet
// ride inside the page, see PageScript) and no service data as markup — everything the service says reaches the
// page's code as a message and is rendered as text by the webview. Attributes of <body> carry, as escaped JSON,
// the editor's language and our own message bundle (the page is translated from its first paint) and the
// messages the host already has for a new page (its first paint needs no round trip).
// Free of `vscode` so tests can build the exact same page.
import { randomBytes } from 'node:crypto';
import { WEBVIEW_BOOT_GLOBAL, WEBVIEW_FIRST_MESSAGES_ATTRIBUTE, WEBVIEW_L10N_ATTRIBUTE, type WebviewL10n } from '../../shared/protocol.js';

/** A panel's own bundle, dist/webview/<kind>.js (esbuild.mjs builds one per kind, from src/panels/<kind>/page/main.ts). */
export type WebviewEntry = string;

/**
 * The scripts under dist/webview a panel loads, in order: the shared elements script, the panel's own bundle,
 * then the shared chart script where a chart is drawn. Shared libraries thus ship once in the package. The
 * chart library comes last so that the panel says `ready` and paints its table without waiting for
 * it; the panel draws the chart when it has run (whenChartLoaded in src/webview/common/sharedChart.ts).
 */
export function scriptsFor(entry: WebviewEntry, chart: boolean): string[] {
  return chart ? ['elements', entry, 'chart'] : ['elements', entry];
}

/** 128 bits from the OS CSPRNG, base64 (CSP nonces allow base64 characters). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** `cspSource` is `webview.cspSource` in the editor (an origin the page may load from). */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The first thing the page runs, before its stylesheet and scripts are fetched: it takes the editor's API,
 * says `ready` (`fresh` when the page has no saved state: it will show what its markup carries, see ReadyMessage)
 * and keeps whatever the host sends until the panel's bundle takes over (connectToHost in
 * src/webview/common/vscodeApi.ts). The host's answer thus travels while the page loads, not after it. Our
 * own code under the page's nonce, so the CSP is unchanged; without the editor's API (a test page that
 * provides it later) it does nothing and the bundle says `ready` itself, by the same rule.
 */
export const BOOT_SCRIPT = `(() => {
  if (typeof acquireVsCodeApi !== 'function') return;
  const api = acquireVsCodeApi();
  const fresh = api.getState() == null;
  const kept = [];
  let deliver = (data) => { if (!kept.length) performance.mark('voiceSms.step.firstMessage'); kept.push(data); };
  window.addEventListener('message', (event) => deliver(event.data));
  window.${WEBVIEW_BOOT_GLOBAL} = { api, fresh, listen(handler) { deliver = handler; for (const data of kept.splice(0)) handler(data); } };
  api.postMessage(fresh ? { type: 'ready', fresh: true } : { type: 'ready' });
})();`;

/**
 * A script of the page: a URL to fetch, or our own bundle's code to run in place under the page's nonce.
 * In the editor every resource of a webview is fetched through the editor's service worker and its remote
 * file system, and the host's messages wait for the page's `load` event, i.e. for every listed resource
 * (docs/panel-performance.md); code in the page costs neither. The CSP is the same either way.
 */
export type PageScript = string | { code: string };
/** A stylesheet: a URL, or our own CSS, adopted by a script under the nonce (the CSP's style-src is unchanged). */
export type PageStylesheet = string | { css: string };

/** Whether `code` can sit inside a <script> element as is: no end tag and no comment opener for the HTML parser. */
export function inlineSafe(code: string): boolean {
  return !/<\/script|<!--/i.test(code);
}

function scriptElement(nonce: string, s: PageScript): string {
  if (typeof s === 'string') return `<script nonce="${escapeHtml(nonce)}" src="${escapeHtml(s)}"></script>`;
  // Only our own bundles get here, and esbuild.mjs refuses to write one that fails this check.
  if (!inlineSafe(s.code)) throw new Error('a bundle holds "</script" or "<!--" and cannot be placed in the page');
  return `<script nonce="${escapeHtml(nonce)}">${s.code}</script>`;
}

function stylesheetElement(nonce: string, s: PageStylesheet): string {
  if (typeof s === 'string') return `<link rel="stylesheet" href="${escapeHtml(s)}">`;
  // JSON with "<" escaped: the text cannot end the script element it sits in.
  const css = JSON.stringify(s.css).replace(/</g, '\\u003c');
  const adopt = `(() => { const sheet = new CSSStyleSheet(); sheet.replaceSync(${css}); document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; })();`;
  return `<script nonce="${escapeHtml(nonce)}">${adopt}</script>`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface WebviewHtmlOptions {
  cspSource: string;
  nonce: string;
  /** Scripts in load order; each gets the nonce. */
  scripts: PageScript[];
  stylesheets: PageStylesheet[];
  title: string;
  entry: WebviewEntry;
  /** The editor's language and bundle; absent means English (tests, the browser harness). */
  l10n?: WebviewL10n;
  /** The text shown until the bundle has rendered, already translated by the host. */
  loadingText?: string;
  /**
   * What the host will post once the page says `ready`, if it has it now (WEBVIEW_FIRST_MESSAGES_ATTRIBUTE): the
   * page shows it without waiting. Made safe where it entered (the core's boundary); escaped here for HTML only.
   */
  firstMessages?: readonly unknown[];
}

/** Above this the messages travel only after `ready`: the page's HTML is sent whole, a large month would slow it. */
export const MAX_FIRST_MESSAGES_CHARS = 256 * 1024;

/** ` name="…"` holding `json`, escaped so that no quote or angle bracket in it can leave the attribute. */
function jsonAttribute(name: string, json: string): string {
  return ` ${name}="${escapeHtml(json)}"`;
}

/** What a page built with `messages` carries: all of them, or none when they are too large to travel in the page. */
export function carriedOf(messages: readonly unknown[] | undefined): readonly unknown[] {
  return messages && messages.length > 0 && JSON.stringify(messages).length <= MAX_FIRST_MESSAGES_CHARS ? messages : [];
}

function firstMessagesAttribute(messages: readonly unknown[] | undefined): string {
  const carried = carriedOf(messages);
  return carried.length === 0 ? '' : jsonAttribute(WEBVIEW_FIRST_MESSAGES_ATTRIBUTE, JSON.stringify(carried));
}

export function renderWebviewHtml(o: WebviewHtmlOptions): string {
  const csp = escapeHtml(contentSecurityPolicy(o.cspSource, o.nonce));
  const links = o.stylesheets.map((s) => stylesheetElement(o.nonce, s)).join('\n    ');
  const scripts = o.scripts.map((s) => scriptElement(o.nonce, s)).join('\n    ');
  // Our own message bundle rides in an attribute (inert data, so the CSP needs no inline script);
  // escapeHtml makes any quote or angle bracket in a translation harmless.
  const l10n = o.l10n ? jsonAttribute(WEBVIEW_L10N_ATTRIBUTE, JSON.stringify(o.l10n)) : '';
  const first = firstMessagesAttribute(o.firstMessages);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(o.l10n?.language ?? 'en')}">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="${csp}">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <script nonce="${escapeHtml(o.nonce)}">${BOOT_SCRIPT}</script>
    ${links}
    <title>${escapeHtml(o.title)}</title>
  </head>
  <body data-entry="${escapeHtml(o.entry)}"${l10n}${first}>
    <main id="app" class="app" aria-busy="true"><p class="boot">${escapeHtml(o.loadingText ?? 'Loading…')}</p></main>
    ${scripts}
  </body>
</html>
`;
}
