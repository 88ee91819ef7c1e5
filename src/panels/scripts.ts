// A kind's scripts, by its name: what its page loads (html.ts scriptsFor) with the shared chart where its parts draw
// one. Free of `vscode`: the page tests build the same pages.
import { scriptsFor } from '../host/webviews/html.js';
import type { PanelKindName } from './kinds.js';
import { panelParts } from './parts.js';

/** The scripts under dist/webview a page of `kind` loads, in order: its bundle, and the shared chart where its parts draw one. */
export function kindScripts(kind: PanelKindName): string[] {
  return scriptsFor(kind, panelParts(kind).chart);
}
