// voiceSms.openMonthView { instanceId?, monthId? }: opens (or reveals and moves) the instance's
// month view. Missing answers are asked for: instance, then one of the last twelve months. Returns
// the panel's title, or undefined when the user backed out or something was refused (shown).
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { showError } from '../platform/errors.js';
import { readPanelArgs } from './panelArgs.js';
import { pickInstance, pickMonth } from './pickTarget.js';
import { registerCommand, type RegisterCommand } from './register.js';

export const register: RegisterCommand = (ctx, services) => {
  registerCommand(ctx, COMMANDS.openMonthView, async (arg?: unknown) => {
    const title = vscode.l10n.t('Open Month View');
    try {
      const args = readPanelArgs(arg);
      // Signed out: say so (with a Sign In button) before asking anything.
      await services.clients.active();
      const totalSteps = (args.instanceId ? 0 : 1) + (args.monthId ? 0 : 1);
      const instanceId = args.instanceId ?? (await pickInstance(services, { title, step: 1, totalSteps }));
      if (!instanceId) return undefined;
      const monthId = args.monthId ?? (await pickMonth({ title, step: totalSteps, totalSteps }));
      if (!monthId) return undefined;
      return services.panels.open('monthView', { instanceId, monthId });
    } catch (e) {
      void showError(services.log, title, e);
      return undefined;
    }
  });
};
