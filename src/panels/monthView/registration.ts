// The month view: one panel per instance. Opening another month of an instance whose month view is open
// moves that panel to the month (and renames it) instead of opening a second one.
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { activities } from '../activities/registration.js';
import type { PanelKind } from '../kind.js';
import type { parts } from './controller.js';
import { monthViewTitle } from '../../host/webviews/titles.js';

export const monthView: PanelKind<typeof parts> = {
  viewType: 'voiceSms.monthView',
  key: (s) => s.instanceId,
  title: (s) => monthViewTitle(s.instanceId, s.monthId),
  createController: (parts, panel, state, env) =>
    new parts.Controller(state, env.monthViews, (m) => panel.webview.postMessage(m), {
      onStateChange: (s) => {
        panel.title = monthView.title(s);
      },
      onOpenDay: (instanceId, dateId) => env.open(activities, { instanceId, dateId }, vscode.ViewColumn.Beside),
      onCommand: (command, s) =>
        env.onMonthCommand
          ? env.onMonthCommand(command, s)
          : vscode.commands.executeCommand(COMMANDS[command], { ...s, operation: 'calls' }),
      onWarn: (m) => env.log?.warn(m),
    }),
  onReveal: (controller, state) => (controller.current.monthId !== state.monthId ? controller.navigate(state.monthId) : undefined),
};
