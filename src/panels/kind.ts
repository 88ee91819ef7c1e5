// What a panel kind tells the shell's registry (src/shell/panelRegistry.ts): its view type, title, controller
// and reuse rules. Each kind's registration.ts fills one in; the list of kinds is index.ts. Nothing here names a
// kind, so a registration can import it without a circle: a kind opens another by its registration object.
import type * as vscode from 'vscode';
import type { ActivitiesCommand, ActivitiesState } from './activities/protocol.js';
import type { MonthCommand, MonthViewState } from './monthView/protocol.js';
import type { ActivitiesDataSource, MonthViewDataSource } from '../host/webviews/dataSources.js';
import type { OverviewDeps } from '../host/webviews/overview/overviewDeps.js';
import type { exportOverview as ExportOverview } from '../host/webviews/overview/exportOverview.js';

/** What the registry uses of a controller (panelController.ts PanelController has all of it). */
interface PanelHandle {
  readonly gate: { current(): readonly unknown[]; posted(): readonly unknown[]; pageCarries(carried: readonly unknown[]): void };
  handle(message: unknown): Promise<void>;
  load(): Promise<void>;
  webviewHidden(): void;
  dispose(): void;
}

/**
 * What the features bundle holds of a kind, the `parts` its controller.ts exports (src/panels/parts.ts finds them):
 * the controller class, the check of a restored panel's saved state, and whether the page draws a chart.
 */
export interface KindParts {
  Controller: new (...args: never) => PanelHandle;
  parseState(raw: unknown): object | undefined;
  chart: boolean;
}

/** A kind's state (what the serializer saves and restores): what its saved-state check returns. */
export type StateOf<P extends KindParts> = NonNullable<ReturnType<P['parseState']>>;
export type ControllerOf<P extends KindParts> = InstanceType<P['Controller']>;

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
  open<P extends KindParts>(kind: PanelKind<P>, state: StateOf<P>, column?: vscode.ViewColumn): string;
  /** The account overview's Export… flow, loaded with the features bundle when pressed. */
  exportOverview: typeof ExportOverview;
}

export interface PanelKind<P extends KindParts> {
  /** The view type the serializer is registered for; package.json names it too (npm run panels:manifest). Never changes once shipped. */
  readonly viewType: string;
  /** One panel per key: opening a state with the key of an open panel goes to that panel. */
  key(state: StateOf<P>): string;
  title(state: StateOf<P>): string;
  /** The controller of a new or restored panel; it posts to `panel` and may rename it. `parts`: the kind's, from the features bundle. */
  createController(parts: P, panel: vscode.WebviewPanel, state: StateOf<P>, env: PanelEnv): ControllerOf<P>;
  /** Whether the open panel with the same key can show `state`; false closes it and opens a new one. Default: yes. */
  canReuse?(controller: ControllerOf<P>, state: StateOf<P>): boolean;
  /** Runs when an open panel is revealed for `state`; a returned promise is the load it started. */
  onReveal?(controller: ControllerOf<P>, state: StateOf<P>): Promise<void> | undefined;
}
