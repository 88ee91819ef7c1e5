// A day's activities: one panel per instance and day; opening an open day only reveals it.
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import type { PanelKind } from '../kind.js';
import type { parts } from './controller.js';
import { activitiesTitle } from '../../host/webviews/titles.js';

export const activities: PanelKind<typeof parts> = {
  viewType: 'voiceSms.activities',
  // Ids hold no control characters (shared/idRules.ts), so a line break cannot make two pairs collide.
  key: (s) => `${s.instanceId}\n${s.dateId}`,
  title: (s) => activitiesTitle(s.instanceId, s.dateId),
  createController: (parts, panel, state, env) =>
    new parts.Controller(state, env.activities, (m) => panel.webview.postMessage(m), {
      onCommand: (command, s) =>
        env.onActivitiesCommand
          ? env.onActivitiesCommand(command, s)
          : vscode.commands.executeCommand(COMMANDS[command], { ...s, operation: 'activities' }),
      onWarn: (m) => env.log?.warn(m),
    }),
};
