// The three webview panels in the editor: creation, reuse (one month view and one trend per
// instance, one activities panel per day), restore after a reload (serializers), and message
// routing to the vscode-free controllers. Commands are registered elsewhere; they call
// `openMonthView` / `openTrend` / `openActivities`, which return the panel's title.
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { VIEW_TYPES, type ActivitiesState, type MonthCommand, type MonthViewState, type TrendState } from '../../shared/protocol.js';
import type { ActivitiesController } from './activitiesController.js';
import type { ActivitiesDataSource, MonthViewDataSource } from './dataSources.js';
import type { WebviewEntry } from './html.js';
import type { MonthViewController } from './monthViewController.js';
import { activitiesTitle, monthViewTitle, trendTitle } from './titles.js';
import type { TrendController } from './trendController.js';
// Controllers, the page's HTML and the saved-state checks come from dist/features.js, loaded when the first
// panel opens or is restored (not at activation).
import { loadFeatures } from '../bundles/featuresLoader.js';

export interface WebviewPanelsOptions {
  extensionUri: vscode.Uri;
  monthViews: MonthViewDataSource;
  activities: ActivitiesDataSource;
  /** Export / Copy as cURL from the month view. Default: runs that command with `{ instanceId, monthId, operation: 'calls' }`. */
  onMonthCommand?(command: MonthCommand, state: MonthViewState): unknown;
  /** Copy as cURL from the activities panel. Default: runs it with `{ instanceId, dateId, operation: 'activities' }`. */
  onActivitiesCommand?(command: 'copyAsCurl', state: ActivitiesState): unknown;
  log?: { debug(message: string): void; warn(message: string): void };
}

interface Controller {
  readonly gate: { current(): readonly unknown[] };
  load(): Promise<void>;
  handle(raw: unknown): Promise<void>;
  webviewHidden(): void;
  dispose(): void;
}

interface Open<C> {
  panel: vscode.WebviewPanel;
  controller: C;
  /** The latest load started by the host (open, or a command navigating the panel). */
  loading: Promise<void>;
}

/** What a panel holds right now, found by its title (commands return titles). */
export interface PanelLookup {
  viewType: string;
  panel: vscode.WebviewPanel;
  /** Resolves when the latest host-started load has settled (data or error in the snapshot). */
  loading: Promise<void>;
  /** The messages the webview shows (loading / data / error), as last handed to the ready gate. */
  shown(): readonly unknown[];
  /** Handles `message` as if the panel's webview had posted it (its buttons, for the integration tests). */
  post(message: unknown): Promise<void>;
}

export class WebviewPanels implements vscode.Disposable {
  private readonly monthViews = new Map<string, Open<MonthViewController>>();
  private readonly trends = new Map<string, Open<TrendController>>();
  private readonly activities = new Map<string, Open<ActivitiesController>>();
  private readonly registrations: vscode.Disposable[] = [];

  constructor(private readonly o: WebviewPanelsOptions) {}

  /** The XML behind the open month view of `instanceId`, if it shows `monthId` and has loaded. */
  monthRawAnswer(instanceId: string, monthId: string): string | undefined {
    const open = this.monthViews.get(instanceId);
    return open && open.controller.current.monthId === monthId ? open.controller.rawAnswer : undefined;
  }

  /** Call once from activate(): restores panels that were open when the window reloaded. */
  registerSerializers(): vscode.Disposable {
    const reg = (viewType: string, revive: (panel: vscode.WebviewPanel, state: unknown) => void): vscode.Disposable =>
      vscode.window.registerWebviewPanelSerializer(viewType, {
        deserializeWebviewPanel: (panel, state: unknown) => {
          // A revived panel comes with the options of its previous life; set ours again. (A new panel is created
          // with them; setting them again would be one more change for the window to apply while it builds the panel.)
          panel.webview.options = this.webviewOptions();
          revive(panel, state);
          return Promise.resolve();
        },
      });
    const d = vscode.Disposable.from(
      reg(VIEW_TYPES.monthView, (panel, raw) => {
        const s = loadFeatures().parseMonthViewState(raw);
        if (s) this.adoptMonthView(panel, s);
        else panel.dispose();
      }),
      reg(VIEW_TYPES.trend, (panel, raw) => {
        const s = loadFeatures().parseTrendState(raw);
        if (s) this.adoptTrend(panel, s);
        else panel.dispose();
      }),
      reg(VIEW_TYPES.activities, (panel, raw) => {
        const s = loadFeatures().parseActivitiesState(raw);
        if (s) this.adoptActivities(panel, s);
        else panel.dispose();
      }),
    );
    this.registrations.push(d);
    return d;
  }

  openMonthView(state: MonthViewState, column: vscode.ViewColumn = vscode.ViewColumn.Active): string {
    const open = this.monthViews.get(state.instanceId);
    if (open) {
      open.panel.reveal(column);
      if (open.controller.current.monthId !== state.monthId) open.loading = open.controller.navigate(state.monthId);
      return open.panel.title;
    }
    const panel = this.createPanel(VIEW_TYPES.monthView, monthViewTitle(state.instanceId, state.monthId), column);
    return this.adoptMonthView(panel, state).title;
  }

  openTrend(state: TrendState, column: vscode.ViewColumn = vscode.ViewColumn.Active): string {
    const open = this.trends.get(state.instanceId);
    if (open && open.controller.current.monthId === state.monthId) {
      open.panel.reveal(column);
      return open.panel.title;
    }
    open?.panel.dispose();
    const panel = this.createPanel(VIEW_TYPES.trend, trendTitle(state.instanceId), column);
    return this.adoptTrend(panel, state).title;
  }

  openActivities(state: ActivitiesState, column: vscode.ViewColumn = vscode.ViewColumn.Active): string {
    const open = this.activities.get(activitiesKey(state));
    if (open) {
      open.panel.reveal(column);
      return open.panel.title;
    }
    const panel = this.createPanel(VIEW_TYPES.activities, activitiesTitle(state.instanceId, state.dateId), column);
    return this.adoptActivities(panel, state).title;
  }

  /** How many panels this window tracks now (all three kinds); the panel soak test checks it returns to zero. */
  get openCount(): number {
    return this.monthViews.size + this.trends.size + this.activities.size;
  }

  /** The open panel titled `title`, if any (newest match when two share a title). */
  find(title: string): PanelLookup | undefined {
    const groups: [string, Map<string, Open<Controller>>][] = [
      [VIEW_TYPES.monthView, this.monthViews],
      [VIEW_TYPES.trend, this.trends],
      [VIEW_TYPES.activities, this.activities],
    ];
    for (const [viewType, map] of groups) {
      for (const open of map.values()) {
        if (open.panel.title === title) {
          return {
            viewType,
            panel: open.panel,
            loading: open.loading,
            shown: () => open.controller.gate.current(),
            post: (m) => open.controller.handle(m),
          };
        }
      }
    }
    return undefined;
  }

  dispose(): void {
    for (const map of [this.monthViews, this.trends, this.activities]) {
      for (const { panel } of [...map.values()]) panel.dispose();
    }
    for (const d of this.registrations.splice(0)) d.dispose();
  }

  private adoptMonthView(panel: vscode.WebviewPanel, state: MonthViewState): vscode.WebviewPanel {
    const controller = new (loadFeatures().MonthViewController)(state, this.o.monthViews, (m) => panel.webview.postMessage(m), {
      onStateChange: (s) => {
        panel.title = monthViewTitle(s.instanceId, s.monthId);
      },
      onOpenDay: (instanceId, dateId) => this.openActivities({ instanceId, dateId }, vscode.ViewColumn.Beside),
      onCommand: (command, s) =>
        this.o.onMonthCommand
          ? this.o.onMonthCommand(command, s)
          : vscode.commands.executeCommand(COMMANDS[command], { ...s, operation: 'calls' }),
      onWarn: (m) => this.o.log?.warn(m),
    });
    panel.title = monthViewTitle(state.instanceId, state.monthId);
    this.track(panel, controller, 'monthView', this.monthViews, state.instanceId);
    return panel;
  }

  private adoptTrend(panel: vscode.WebviewPanel, state: TrendState): vscode.WebviewPanel {
    const controller = new (loadFeatures().TrendController)(state, this.o.monthViews, (m) => panel.webview.postMessage(m), {
      onOpenMonth: (instanceId, monthId) => this.openMonthView({ instanceId, monthId }, vscode.ViewColumn.Beside),
      onWarn: (m) => this.o.log?.warn(m),
    });
    panel.title = trendTitle(state.instanceId);
    this.track(panel, controller, 'trend', this.trends, state.instanceId);
    return panel;
  }

  private adoptActivities(panel: vscode.WebviewPanel, state: ActivitiesState): vscode.WebviewPanel {
    const controller = new (loadFeatures().ActivitiesController)(state, this.o.activities, (m) => panel.webview.postMessage(m), {
      onCommand: (command, s) =>
        this.o.onActivitiesCommand
          ? this.o.onActivitiesCommand(command, s)
          : vscode.commands.executeCommand(COMMANDS[command], { ...s, operation: 'activities' }),
      onWarn: (m) => this.o.log?.warn(m),
    });
    panel.title = activitiesTitle(state.instanceId, state.dateId);
    this.track(panel, controller, 'activities', this.activities, activitiesKey(state));
    return panel;
  }

  private createPanel(viewType: string, title: string, column: vscode.ViewColumn): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel(viewType, title, column, this.webviewOptions());
  }

  private webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    const { extensionUri } = this.o;
    return {
      enableScripts: true,
      enableCommandUris: false,
      enableFindWidget: true,
      // The bundle and the stylesheet, nothing else of the extension is readable by the page.
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
    };
  }

  /** Wires a panel to its controller, renders the page and starts loading (posting waits for `ready`). */
  private track<C extends Controller>(
    panel: vscode.WebviewPanel,
    controller: C,
    entry: WebviewEntry,
    map: Map<string, Open<C>>,
    key: string,
  ): void {
    const { extensionUri } = this.o;
    const webview = panel.webview;
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'voice-sms.svg');
    map.get(key)?.panel.dispose();
    const open: Open<C> = { panel, controller, loading: Promise.resolve() };
    map.set(key, open);
    const subs = [
      webview.onDidReceiveMessage((m: unknown) => void controller.handle(m)),
      // Without retainContextWhenHidden the page is discarded when hidden; a new one will say `ready`.
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) controller.webviewHidden();
      }),
    ];
    panel.onDidDispose(() => {
      controller.dispose();
      for (const s of subs) s.dispose();
      if (map.get(key)?.panel === panel) map.delete(key);
    });
    const { renderWebviewHtml, createNonce, scriptsFor } = loadFeatures();
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
    this.o.log?.debug(`webview ${entry} opened for ${key.replace('\n', ' ')}`);
    // Controllers report load failures in the panel and do not reject; this catch only guards against a bug.
    open.loading = controller.load().catch((e: unknown) => this.o.log?.warn(`webview ${entry}: load failed: ${String(e)}`));
  }
}

function activitiesKey(s: ActivitiesState): string {
  return `${s.instanceId}\n${s.dateId}`;
}
