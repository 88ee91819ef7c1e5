// The 12-month trend: one panel per instance. A trend ending with another month replaces the open one
// (closed, then opened anew) rather than reloading it in place: the open command waits on a fresh load.
import * as vscode from 'vscode';
import { VIEW_TYPES } from '../../../shared/protocol.js';
import type { PanelKind } from '../panelKind.js';
import { trendTitle } from '../titles.js';

export const trend: PanelKind<'trend'> = {
  viewType: VIEW_TYPES.trend,
  key: (s) => s.instanceId,
  title: (s) => trendTitle(s.instanceId),
  createController: (parts, panel, state, env) =>
    new parts.Controller(state, env.monthViews, (m) => panel.webview.postMessage(m), {
      onOpenMonth: (instanceId, monthId) => env.open('monthView', { instanceId, monthId }, vscode.ViewColumn.Beside),
      onWarn: (m) => env.log?.warn(m),
    }),
  canReuse: (controller, state) => controller.current.monthId === state.monthId,
};
