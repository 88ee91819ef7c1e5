// The page every panel kind shows: the icon and the HTML shell with a fresh nonce, our bundles inside it and the
// messages the host already has. In the features bundle (src/features.ts): activation never parses it. A kind's
// scripts come from its caller (src/panels/pages.ts), which knows the kinds.
import * as vscode from 'vscode';
import { carriedOf, createNonce, renderWebviewHtml, type WebviewEntry } from './html.js';
import { pageScripts, pageStylesheets } from './pageAssets.js';

/** Reads what a page of `scripts` carries (pageAssets.ts keeps it for the window), so a later render only assembles it. */
export function preparePage(scripts: string[], extensionUri: vscode.Uri): void {
  pageScripts(extensionUri.fsPath, scripts);
  pageStylesheets(extensionUri.fsPath);
}

/**
 * Sets `panel` up to show `entry`; the page says `ready` once loaded, and nothing is posted before that. `firstMessages`:
 * what the host will post after `ready` as far as it has it now; the page carries it and shows it at once. Returns
 * what the page carries (none when too large), which the panel's gate then does not post again (readyGate.ts).
 */
export function setPage(
  panel: vscode.WebviewPanel,
  entry: WebviewEntry,
  scripts: string[],
  extensionUri: vscode.Uri,
  firstMessages: readonly unknown[],
): readonly unknown[] {
  const webview = panel.webview;
  panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'voice-sms.svg');
  webview.html = renderWebviewHtml({
    cspSource: webview.cspSource,
    nonce: createNonce(),
    scripts: pageScripts(extensionUri.fsPath, scripts),
    stylesheets: pageStylesheets(extensionUri.fsPath),
    title: panel.title,
    entry,
    l10n: { language: vscode.env.language, ...(vscode.l10n.bundle ? { bundle: vscode.l10n.bundle } : {}) },
    loadingText: vscode.l10n.t('Loading…'),
    firstMessages,
  });
  return carriedOf(firstMessages);
}
