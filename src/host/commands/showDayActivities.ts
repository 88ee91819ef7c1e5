// voiceSms.showDayActivities { instanceId?, dateId? }: the voice activities of one day (dateId as
// YYYYMMDD or YYYY-MM-DD). Missing answers are asked for: instance, then the day (today offered).
// Returns the panel's title, or undefined when the user backed out or something was refused (shown).
import * as vscode from 'vscode';
import { readPanelArgs, type PanelArgs } from './panelArgs.js';
import { askDay, pickInstance } from './pickTarget.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';

const title = (): string => vscode.l10n.t('Show Day Activities');

export const command: HostCommand<PanelArgs> = {
  manifest: {
    title: 'Show Day Activities…',
    icon: 'list-unordered',
    palette: CONTEXT_KEYS.signedIn,
  },
  parseArg: readPanelArgs,
  failure: { title },
  async run(services, args) {
    await services.clients.assertSignedIn();
    const totalSteps = (args.instanceId ? 0 : 1) + (args.dateId ? 0 : 1);
    // While a question is open, the panel's code loads (whileAsking), so the answer opens the panel sooner.
    const ask = <T>(question: Promise<T>): Promise<T> => services.panels.whileAsking('activities', question);
    const instanceId = args.instanceId ?? (await ask(pickInstance(services, { title: title(), step: 1, totalSteps })));
    if (!instanceId) return undefined;
    const dateId = args.dateId ?? (await ask(askDay({ title: title(), step: totalSteps, totalSteps })));
    if (!dateId) return undefined;
    return services.panels.open('activities', { instanceId, dateId });
  },
};
