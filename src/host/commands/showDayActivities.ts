// voiceSms.showDayActivities { instanceId?, dateId? }: the voice activities of one day (dateId as
// YYYYMMDD or YYYY-MM-DD). Missing answers are asked for: instance, then the day (today offered).
// Returns the panel's title, or undefined when the user backed out or something was refused (shown).
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { showError } from '../platform/errors.js';
import { readPanelArgs } from './panelArgs.js';
import { askDay, pickInstance } from './pickTarget.js';
import { registerCommand, type RegisterCommand } from './register.js';

export const register: RegisterCommand = (ctx, services) => {
  registerCommand(ctx, COMMANDS.showDayActivities, async (arg?: unknown) => {
    const title = vscode.l10n.t('Show Day Activities');
    try {
      const args = readPanelArgs(arg);
      await services.clients.active();
      const totalSteps = (args.instanceId ? 0 : 1) + (args.dateId ? 0 : 1);
      const instanceId = args.instanceId ?? (await pickInstance(services, { title, step: 1, totalSteps }));
      if (!instanceId) return undefined;
      const dateId = args.dateId ?? (await askDay({ title, step: totalSteps, totalSteps }));
      if (!dateId) return undefined;
      return services.panels.open('activities', { instanceId, dateId });
    } catch (e) {
      void showError(services.log, title, e);
      return undefined;
    }
  });
};
