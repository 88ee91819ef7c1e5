// What dist/features.js offers the activation shell's panels and demo handle, declared here rather than
// taken from the bundle's own types (typeof import('./features.js')): the bundle imports the commands,
// the commands the services, the services the panels and the demo handle, and those this loader, so
// typing the loader from the bundle tied 34 files into one circle. bundles/contractCheck.ts checks at compile
// time that the bundle keeps this contract (and the commands' one, commandsContract.ts).
import type * as vscode from 'vscode';
import type { DemoMode, DemoServices } from '../demo/demoMode.js';
import type { preparePanelPage, setPanelPage } from '../webviews/panelPage.js';
import type { PanelParts } from '../webviews/panelParts.js';
import type { OverviewRow } from '../../shared/overview.js';
import type { configurePureL10n } from '../platform/pureL10n.js';
import type { refreshMcpServerCopy } from '../mcp/refreshCopy.js';
import type { WatchRunner } from '../watch/runner.js';
import type { raiseAlert, raisedAlerts } from '../watch/alertNotice.js';
import type { ManualClock } from '../watch/clock.js';

export interface FeaturesContract {
  /** This bundle has its own copy of the vscode-free l10n state; the loader hands it the editor's. */
  configurePureL10n: typeof configurePureL10n;
  /** Each panel kind's controller and saved-state check (webviews/panelParts.ts), and the pages (webviews/panelPage.ts). */
  panelParts: PanelParts;
  preparePanelPage: typeof preparePanelPage;
  setPanelPage: typeof setPanelPage;
  /** The account overview's Export… (commands/exportOverview.ts): the target written, or undefined when backed out. */
  exportOverview(
    services: { log: { info(message: string): void } },
    monthId: string,
    rows: readonly OverviewRow[],
    total: number,
  ): Promise<string | undefined>;
  /** The offline demo (demo/demoHandle.ts). */
  DemoMode: new (services: DemoServices, memento: vscode.Memento) => DemoMode;
  /** The MCP server copy after an extension update (mcp/refreshCopy.ts). */
  refreshMcpServerCopy: typeof refreshMcpServerCopy;
  /** A running watch (watch/watchHandle.ts). */
  WatchRunner: typeof WatchRunner;
  /** Shows and logs an alert (watch/alertNotice.ts); the alerts raised so far (the test seam). */
  raiseAlert: typeof raiseAlert;
  raisedAlerts: typeof raisedAlerts;
  /** The clock the test seam moves by hand (watch/clock.ts). */
  ManualClock: typeof ManualClock;
}
