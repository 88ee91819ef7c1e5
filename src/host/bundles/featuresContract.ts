// What dist/features.js offers the activation shell's panels and demo handle, declared here rather than
// taken from the bundle's own types (typeof import('./features.js')): the bundle imports the commands,
// the commands the services, the services the panels and the demo handle, and those this loader, so
// typing the loader from the bundle tied 34 files into one circle. bundles/contractCheck.ts checks at compile
// time that the bundle keeps this contract (and the commands' one, commandsContract.ts).
import type * as vscode from 'vscode';
import type { ActivitiesState, MonthViewState, OverviewState, TrendState } from '../../shared/protocol.js';
import type { OverviewDeps, OverviewPanelSources } from '../webviews/overviewDeps.js';
import type { OverviewController } from '../webviews/overviewController.js';
import type { DemoMode, DemoServices } from '../demo/demoMode.js';
import type { ActivitiesController } from '../webviews/activitiesController.js';
import type { preparePanelPage, setPanelPage } from '../webviews/panelPage.js';
import type { MonthViewController } from '../webviews/monthViewController.js';
import type { TrendController } from '../webviews/trendController.js';
import type { configurePureL10n } from '../platform/pureL10n.js';
import type { refreshMcpServerCopy } from '../mcp/refreshCopy.js';

export interface FeaturesContract {
  /** This bundle has its own copy of the vscode-free l10n state; the loader hands it the editor's. */
  configurePureL10n: typeof configurePureL10n;
  /** Panel controllers, the pages (webviews/panelPage.ts) and the checks of a restored panel's saved state (webviews/kinds/). */
  MonthViewController: typeof MonthViewController;
  TrendController: typeof TrendController;
  ActivitiesController: typeof ActivitiesController;
  OverviewController: typeof OverviewController;
  /** The account overview's months, instances and Export… (webviews/overviewPanelSources.ts). */
  overviewPanelSources(deps: OverviewDeps): OverviewPanelSources;
  preparePanelPage: typeof preparePanelPage;
  setPanelPage: typeof setPanelPage;
  parseMonthViewState(raw: unknown): MonthViewState | undefined;
  parseTrendState(raw: unknown): TrendState | undefined;
  parseActivitiesState(raw: unknown): ActivitiesState | undefined;
  parseOverviewState(raw: unknown): OverviewState | undefined;
  /** The offline demo (demo/demoHandle.ts). */
  DemoMode: new (services: DemoServices, memento: vscode.Memento) => DemoMode;
  /** The MCP server copy after an extension update (mcp/refreshCopy.ts). */
  refreshMcpServerCopy: typeof refreshMcpServerCopy;
}
