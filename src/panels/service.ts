// What commands, chat tools and the test seam may do with the panels, by kind name (the shell's PanelRegistry does
// it). The kinds are the folders beside this file (the list: index.ts; a kind's registration: kind.ts).
import type * as vscode from 'vscode';
import type { PanelControllers, PanelKindName, PanelStates } from './kinds.js';

/** What a panel holds right now, found by its title (commands return titles). */
export interface PanelLookup {
  viewType: string;
  panel: vscode.WebviewPanel;
  /** Resolves when the latest host-started load has settled (data or error in the snapshot). */
  loading: Promise<void>;
  /** The messages the webview shows (loading / data / error), as last handed to the ready gate. */
  shown(): readonly unknown[];
  /** The last messages posted to its page (an update in place is told from a page made afresh by them). */
  posted(): readonly unknown[];
  /** Handles `message` as if the panel's webview had posted it (its buttons, for the integration tests). */
  post(message: unknown): Promise<void>;
}

/**
 * What commands, chat tools and other panels may do with the panels (the shell's PanelRegistry does it): open a kind
 * with a state (returns the title), hold a kind's pick while asking, reach an open panel's controller or find one.
 */
export interface PanelService {
  open<K extends PanelKindName>(kind: K, state: PanelStates[K], column?: vscode.ViewColumn): string;
  whileAsking<T>(kind: PanelKindName, question: Promise<T>, alsoStart?: () => void): Promise<T>;
  controller<K extends PanelKindName>(kind: K, key: string): PanelControllers[K] | undefined;
  find(title: string): PanelLookup | undefined;
}
