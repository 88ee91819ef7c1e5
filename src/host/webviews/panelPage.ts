// The page every panel kind shows: the webview's options (scripts on, no file of the extension readable),
// the icon, and the HTML shell with a fresh nonce and our bundles inside it, rendered by the features bundle.
import * as vscode from 'vscode';
import type { FeaturesContract } from '../bundles/featuresContract.js';
import type { WebviewEntry } from './html.js';
import { pageScripts, pageStylesheets } from './pageAssets.js';

export function webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    enableFindWidget: true,
    // The page's scripts and stylesheet are inside it (pageAssets.ts): it reads no file of the extension.
    localResourceRoots: [],
  };
}

/** Reads what `entry`'s page carries (pageAssets.ts keeps it for the window), so a later render only assembles it. */
export function preparePanelPage(entry: WebviewEntry, extensionUri: vscode.Uri, features: FeaturesContract): void {
  pageScripts(extensionUri.fsPath, features.scriptsFor(entry));
  pageStylesheets(extensionUri.fsPath);
}

/** Sets `panel` up to show `entry`; the page says `ready` once loaded, and nothing is posted before that. */
export function renderPanelPage(
  panel: vscode.WebviewPanel,
  entry: WebviewEntry,
  extensionUri: vscode.Uri,
  features: FeaturesContract,
): void {
  const webview = panel.webview;
  panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'voice-sms.svg');
  const { renderWebviewHtml, createNonce, scriptsFor } = features;
  webview.html = renderWebviewHtml({
    cspSource: webview.cspSource,
    nonce: createNonce(),
    scripts: pageScripts(extensionUri.fsPath, scriptsFor(entry)),
    stylesheets: pageStylesheets(extensionUri.fsPath),
    title: panel.title,
    entry,
    l10n: { language: vscode.env.language, ...(vscode.l10n.bundle ? { bundle: vscode.l10n.bundle } : {}) },
    loadingText: vscode.l10n.t('Loading…'),
  });
}
