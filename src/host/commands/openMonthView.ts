// voiceSms.openMonthView { instanceId?, monthId? }: opens (or reveals and moves) the instance's
// month view. Missing answers are asked for: instance, then one of the last twelve months. Returns
// the panel's title, or undefined when the user backed out or something was refused (shown).
import * as vscode from 'vscode';
import { monthIdOf } from '../../core/model/month.js';
import { prefetchMonth } from '../webviews/monthPrefetch.js';
import { readPanelArgs, type PanelArgs } from './panelArgs.js';
import { pickInstance, pickMonth } from './pickTarget.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { ROW } from './menuWhen.js';

const title = (): string => vscode.l10n.t('Open Month View');

export const command: HostCommand<PanelArgs> = {
  manifest: {
    title: 'Open Month View…',
    icon: 'calendar',
    palette: CONTEXT_KEYS.signedIn,
    menus: [{ menu: 'view/item/context', when: ROW.month, group: '1_open@1' }],
  },
  parseArg: readPanelArgs,
  failure: { title },
  async run(services, args) {
    // Signed out: say so (with a Sign In button) before asking anything.
    await services.clients.assertSignedIn();
    const totalSteps = (args.instanceId ? 0 : 1) + (args.monthId ? 0 : 1);
    // While a question is open, the panel's code loads (whileAsking), so the answer opens the panel sooner.
    const ask = <T>(question: Promise<T>, alsoStart?: () => void): Promise<T> =>
      services.panels.whileAsking('monthView', question, alsoStart);
    const instanceId = args.instanceId ?? (await ask(pickInstance(services, { title: title(), step: 1, totalSteps })));
    if (!instanceId) return undefined;
    // The month pick offers this month first; it is fetched, with its comparison month, while the pick is open.
    const now = new Date();
    const monthId =
      args.monthId ??
      (await ask(pickMonth({ title: title(), step: totalSteps, totalSteps }, now), () =>
        prefetchMonth(services.months, instanceId, monthIdOf(now)),
      ));
    if (!monthId) return undefined;
    return services.panels.open('monthView', { instanceId, monthId });
  },
};
