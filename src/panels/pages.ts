// A kind's page, by the kind's name: its scripts (scripts.ts) handed to the host's page writer
// (src/host/webviews/panelPage.ts), which knows no kind. In the features bundle.
import type * as vscode from 'vscode';
import { preparePage, setPage } from '../host/webviews/panelPage.js';
import type { PanelKindName } from './kinds.js';
import { kindScripts } from './scripts.js';

/** Reads what `kind`'s page carries ahead of its first render (panelPage.ts preparePage). */
export function preparePanelPage(kind: PanelKindName, extensionUri: vscode.Uri): void {
  preparePage(kindScripts(kind), extensionUri);
}

/** Sets `panel` up to show `kind`'s page (panelPage.ts setPage); returns what the page carries. */
export function setPanelPage(
  panel: vscode.WebviewPanel,
  kind: PanelKindName,
  extensionUri: vscode.Uri,
  firstMessages: readonly unknown[],
): readonly unknown[] {
  return setPage(panel, kind, kindScripts(kind), extensionUri, firstMessages);
}
