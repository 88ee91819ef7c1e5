// What a panel kind tells the registry (panelRegistry.ts): its view type, title, saved-state check,
// controller and reuse rules. One descriptor per kind lives in kinds/; the registry holds no kind's logic.
import type * as vscode from 'vscode';
import type { ActivitiesCommand, ActivitiesState, MonthCommand, MonthViewState, OverviewState, TrendState } from '../../shared/protocol.js';
import type { FeaturesContract } from '../bundles/featuresContract.js';
import type { ActivitiesController } from './activitiesController.js';
import type { ActivitiesDataSource, MonthViewDataSource } from './dataSources.js';
import type { MonthViewController } from './monthViewController.js';
import type { OverviewController } from './overviewController.js';
import type { OverviewDeps } from './overviewDeps.js';
import type { TrendController } from './trendController.js';

/** Each kind's state (what the serializer saves and restores), by kind name; the name is also its webview entry. */
export interface PanelStates {
  monthView: MonthViewState;
  trend: TrendState;
  activities: ActivitiesState;
  overview: OverviewState;
}

/** Each kind's host-side controller, by kind name. */
export interface PanelControllers {
  monthView: MonthViewController;
  trend: TrendController;
  activities: ActivitiesController;
  overview: OverviewController;
}

export type PanelKindName = keyof PanelStates;

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
  /** What the account overview's sources are built from (webviews/overviewPanelSources.ts, in the features bundle). */
  overview?: OverviewDeps;
}

/** What a controller factory may use: the options, and the registry to open another panel (a day from a month). */
export interface PanelEnv extends PanelRegistryOptions {
  open<K extends PanelKindName>(kind: K, state: PanelStates[K], column?: vscode.ViewColumn): string;
}

export interface PanelKind<K extends PanelKindName> {
  /** The view type the serializer is registered for (package.json, product.md). */
  readonly viewType: string;
  /** One panel per key: opening a state with the key of an open panel goes to that panel. */
  key(state: PanelStates[K]): string;
  title(state: PanelStates[K]): string;
  /** Checks a restored panel's saved state: the page wrote it, so it is not trusted. From the features bundle, loaded by then. */
  parseState(features: FeaturesContract, raw: unknown): PanelStates[K] | undefined;
  /** The controller of a new or restored panel; it posts to `panel` and may rename it. */
  createController(features: FeaturesContract, panel: vscode.WebviewPanel, state: PanelStates[K], env: PanelEnv): PanelControllers[K];
  /** Whether the open panel with the same key can show `state`; false closes it and opens a new one. Default: yes. */
  canReuse?(controller: PanelControllers[K], state: PanelStates[K]): boolean;
  /** Runs when an open panel is revealed for `state`; a returned promise is the load it started. */
  onReveal?(controller: PanelControllers[K], state: PanelStates[K]): Promise<void> | undefined;
}
