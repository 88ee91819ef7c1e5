// Entry of dist/features.js: what commands need (their handlers, quick inputs, exports), loaded on
// the first command instead of at activation (src/shell/featuresLoader.ts). It sits below the shell
// (src/shell, which alone loads it) and above the feature rooms, which never import the shell.
export { commandTableIds, runTableCommand } from './host/commands/table.js';
// This bundle has its own copy of the vscode-free l10n state; the loader hands it the editor's.
export { configurePureL10n } from './host/platform/pureL10n.js';
// Chat tools' implementations (src/shell/chatTools.ts loads them on the first invocation).
export { createChatTools } from './host/chat/tools.js';
// Each panel kind's controller and saved-state check (src/panels/parts.ts), and the panels' pages.
export { panelParts } from './panels/parts.js';
// The account overview's Export… (the shell's panel registry hands it to the overview's panel when pressed).
export { exportOverview } from './host/webviews/overview/exportOverview.js';
export { preparePanelPage, setPanelPage } from './panels/pages.js';
// The test seam answers the export's questions (the leak suite; the e2e suite drives the real picks).
export { answerNextExportPick } from './host/quickInput/exportPicks.js';
// The offline demo (src/shell/demoHandle.ts loads it when a demo starts, stops or is left over).
export { DemoMode } from './host/demo/demoMode.js';
// After an update, the MCP server copy of Set Up MCP Server (extension.ts asks for it only when one exists).
export { refreshMcpServerCopy } from './host/mcp/refreshCopy.js';
// A running watch (src/shell/watchHandle.ts creates it when a watch starts or resumes).
export { WatchRunner } from './host/watch/runner.js';
// The Resume / Not now question of a watch left running when the folder was last open (asked only then).
export { askToResumeWatch } from './host/watch/resumeQuestion.js';
// Alerts (shell/lowBalanceAlert.ts raises one through here), and the clock the test seam moves by hand.
export { raiseAlert, raisedAlerts } from './host/watch/alertNotice.js';
export { ManualClock } from './host/watch/clock.js';
