// The 12-month trend: one panel per instance. A trend ending with another month replaces the open one
// (closed, then opened anew) rather than reloading it in place: the open command waits on a fresh load.
import * as vscode from 'vscode';
import type { PanelKind } from '../kind.js';
import { monthView } from '../monthView/registration.js';
import type { parts } from './controller.js';
import { trendTitle } from '../../host/webviews/titles.js';

export const trend: PanelKind<typeof parts> = {
  viewType: 'voiceSms.trend',
  key: (s) => s.instanceId,
  title: (s) => trendTitle(s.instanceId),
  createController: (parts, panel, state, env) =>
    new parts.Controller(state, env.monthViews, (m) => panel.webview.postMessage(m), {
      onOpenMonth: (instanceId, monthId) => env.open(monthView, { instanceId, monthId }, vscode.ViewColumn.Beside),
      onWarn: (m) => env.log?.warn(m),
    }),
  canReuse: (controller, state) => controller.current.monthId === state.monthId,
};
