// The page every panel kind shows: the webview's options (scripts on, only our bundle and stylesheet
// readable), the icon, and the HTML shell with a fresh nonce, rendered by the features bundle.
import * as vscode from 'vscode';
import type { FeaturesContract } from '../bundles/featuresContract.js';
import type { WebviewEntry } from './html.js';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    enableFindWidget: true,
    // The bundle and the stylesheet, nothing else of the extension is readable by the page.
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
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
    scripts: scriptsFor(entry).map((name) =>
      webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', `${name}.js`)).toString(),
    ),
    stylesheets: [webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview.css')).toString()],
    title: panel.title,
    entry,
    l10n: { language: vscode.env.language, ...(vscode.l10n.bundle ? { bundle: vscode.l10n.bundle } : {}) },
    loadingText: vscode.l10n.t('Loading…'),
  });
}
