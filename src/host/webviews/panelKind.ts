// What a panel kind tells the registry (panelRegistry.ts): its view type, title, controller and reuse rules.
// One descriptor per kind lives in kinds/ (table: kinds/index.ts); the registry holds no kind's logic. The kind
// names and their state and controller types come from panelParts.ts (docs/development.md, "Adding a panel kind").
import type * as vscode from 'vscode';
import type { ActivitiesCommand, ActivitiesState, MonthCommand, MonthViewState, VIEW_TYPES } from '../../shared/protocol.js';
import type { ActivitiesDataSource, MonthViewDataSource } from './dataSources.js';
import type { OverviewDeps } from './overview/overviewDeps.js';
import type { exportOverview as ExportOverview } from './overview/exportOverview.js';
import type { PanelKindName, PanelParts } from './panelParts.js';

export type { PanelKindName };

/** Each kind's state (what the serializer saves and restores), by kind name: what its saved-state check returns. */
export type PanelStates = { [K in PanelKindName]: NonNullable<ReturnType<PanelParts[K]['parseState']>> };

/** Each kind's host-side controller, by kind name. */
export type PanelControllers = { [K in PanelKindName]: InstanceType<PanelParts[K]['Controller']> };

/** What the extension hands the panels: where the data comes from, what their buttons run, where to log. */
export interface PanelRegistryOptions {
  extensionUri: vscode.Uri;
  monthViews: MonthViewDataSource;
  activities: ActivitiesDataSource;
  /** Export / Copy as cURL / as Code / Show raw answer from the month view. Default: runs that command with `{ instanceId, monthId, operation: 'calls' }`. */
  onMonthCommand?(command: MonthCommand, state: MonthViewState): unknown;
  /** Copy as cURL / as Code from the activities panel. Default: runs it with `{ instanceId, dateId, operation: 'activities' }`. */
  onActivitiesCommand?(command: ActivitiesCommand, state: ActivitiesState): unknown;
  log?: { debug(message: string): void; warn(message: string): void };
  /** The services the account overview reads (its months, the profile's instances); without them it shows an error. */
  overview?: OverviewDeps;
}

/** What a controller factory may use: the options, and the registry to open another panel (a day from a month). */
export interface PanelEnv extends PanelRegistryOptions {
  open<K extends PanelKindName>(kind: K, state: PanelStates[K], column?: vscode.ViewColumn): string;
  /** The account overview's Export… flow, loaded with the features bundle when pressed. */
  exportOverview: typeof ExportOverview;
}

export interface PanelKind<K extends PanelKindName> {
  /** The view type the serializer is registered for (package.json): the kind's entry of VIEW_TYPES. */
  readonly viewType: K extends keyof typeof VIEW_TYPES ? (typeof VIEW_TYPES)[K] : never;
  /** One panel per key: opening a state with the key of an open panel goes to that panel. */
  key(state: PanelStates[K]): string;
  title(state: PanelStates[K]): string;
  /**
   * The controller of a new or restored panel; it posts to `panel` and may rename it. `parts`: the kind's entry of
   * panelParts.ts, from the features bundle (loaded by then). The saved-state check is `parts.parseState`.
   */
  createController(parts: PanelParts[K], panel: vscode.WebviewPanel, state: PanelStates[K], env: PanelEnv): PanelControllers[K];
  /** Whether the open panel with the same key can show `state`; false closes it and opens a new one. Default: yes. */
  canReuse?(controller: PanelControllers[K], state: PanelStates[K]): boolean;
  /** Runs when an open panel is revealed for `state`; a returned promise is the load it started. */
  onReveal?(controller: PanelControllers[K], state: PanelStates[K]): Promise<void> | undefined;
}

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
