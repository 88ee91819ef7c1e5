// The account overview: one panel per window (every instance of the profile for one month). Opening another month
// replaces it (closed, then opened anew); a row opens its month view beside it.
import * as vscode from 'vscode';
import { VIEW_TYPES } from '../../../shared/protocol.js';
import type { PanelKind } from '../panelKind.js';
import { overviewTitle } from '../titles.js';

export const overview: PanelKind<'overview'> = {
  viewType: VIEW_TYPES.overview,
  key: () => 'overview',
  title: (s) => overviewTitle(s.monthId),
  parseState: (features, raw) => features.parseOverviewState(raw),
  createController: (features, panel, state, env) => {
    const o = env.overview ? features.overviewPanelSources(env.overview) : undefined;
    return new features.OverviewController(
      state,
      o?.source ?? { load: () => Promise.reject(new Error(vscode.l10n.t('The account overview is not available in this window.'))) },
      (m) => panel.webview.postMessage(m),
      {
        instances: () => (o ? o.instances() : Promise.resolve([])),
        onOpenMonth: (instanceId, monthId) => env.open('monthView', { instanceId, monthId }, vscode.ViewColumn.Beside),
        onExport: (monthId, rows) => o?.export(monthId, rows),
        ...(o ? { errorText: (e: unknown) => o.errorText(e) } : {}),
        onWarn: (m) => env.log?.warn(m),
      },
    );
  },
  canReuse: (controller, state) => controller.current.monthId === state.monthId,
};
