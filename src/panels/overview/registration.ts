// The account overview: one panel per window (every instance of the profile for one month). Opening another month
// replaces it (closed, then opened anew); a row opens its month view beside it; Export… runs the flow the registry hands over (env.exportOverview).
import * as vscode from 'vscode';
import type { PanelKind } from '../kind.js';
import { monthView } from '../monthView/registration.js';
import type { parts } from './controller.js';
import { overviewTitle } from '../../host/webviews/titles.js';

export const overview: PanelKind<typeof parts> = {
  // Not voiceSms.overview: a shipped view type never changes (restored panels carry it).
  viewType: 'voiceSms.accountOverview',
  key: () => 'overview',
  title: (s) => overviewTitle(s.monthId),
  createController: (parts, panel, state, env) => {
    // extension.ts always hands them over (clientSources.ts allPanelSources); a registry without them is a test's.
    const deps = env.overview!;
    const w = parts.wiring(deps);
    return new parts.Controller(state, w.source, (m) => panel.webview.postMessage(m), {
      instances: () => w.instances(),
      errorText: (e) => w.errorText(e),
      forecast: () => w.forecast(),
      onOpenMonth: (instanceId, monthId) => env.open(monthView, { instanceId, monthId }, vscode.ViewColumn.Beside),
      onExport: (monthId, rows, total) => env.exportOverview({ log: deps.log }, monthId, rows, total),
      onWarn: (m) => env.log?.warn(m),
    });
  },
  canReuse: (controller, state) => controller.current.monthId === state.monthId,
};
