// What commands, chat tools and the test seam may do with the panels, by kind name (the shell's PanelRegistry does
// it). The host names the kinds without importing them: the two maps below are empty here, and the list of kinds
// (src/panels/kinds.ts) fills them in by declaration merging, so the panel kinds stand above the host rooms they use.
import type * as vscode from 'vscode';

/**
 * Each panel kind's state (what it opens with and restores), by kind name: filled in by src/panels/kinds.ts, which is
 * why it is exported (a module augments only what a module exports).
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface PanelStatesByKind {}
/**
 * Each panel kind's controller, by kind name: filled in by src/panels/kinds.ts.
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface PanelControllersByKind {}
/** A panel kind's name: its folder under src/panels. */
type PanelKindName = keyof PanelStatesByKind;

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
  open<K extends PanelKindName>(kind: K, state: PanelStatesByKind[K], column?: vscode.ViewColumn): string;
  whileAsking<T>(kind: PanelKindName, question: Promise<T>, alsoStart?: () => void): Promise<T>;
  controller<K extends PanelKindName & keyof PanelControllersByKind>(kind: K, key: string): PanelControllersByKind[K] | undefined;
  find(title: string): PanelLookup | undefined;
}
