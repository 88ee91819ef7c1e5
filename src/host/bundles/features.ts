// Entry of dist/features.js: what commands need (their handlers, quick inputs, exports), loaded on
// the first command instead of at activation (src/host/bundles/featuresLoader.ts).
export { commandTableIds, runTableCommand } from '../commands/table.js';
// This bundle has its own copy of the vscode-free l10n state; the loader hands it the editor's.
export { configurePureL10n } from '../platform/pureL10n.js';
// Chat tools' implementations (src/host/chat/register.ts loads them on the first invocation).
export { createChatTools } from '../chat/tools.js';
// Panel controllers (the kinds in src/host/webviews/kinds/ create them when a panel opens).
export { ActivitiesController } from '../webviews/activitiesController.js';
export { MonthViewController } from '../webviews/monthViewController.js';
export { TrendController } from '../webviews/trendController.js';
export { OverviewController } from '../webviews/overviewController.js';
export { overviewPanelSources } from '../webviews/overviewPanelSources.js';
// The panels' pages and the checks of a restored panel's saved state (src/host/webviews/panelPage.ts, kinds/).
export { preparePanelPage, setPanelPage } from '../webviews/panelPage.js';
export { parseActivitiesState, parseMonthViewState, parseOverviewState, parseTrendState } from '../../shared/protocol.js';
// The offline demo (src/host/demo/demoHandle.ts loads it when a demo starts, stops or is left over).
export { DemoMode } from '../demo/demoMode.js';
// After an update, the MCP server copy of Set Up MCP Server (extension.ts asks for it only when one exists).
export { refreshMcpServerCopy } from '../mcp/refreshCopy.js';
