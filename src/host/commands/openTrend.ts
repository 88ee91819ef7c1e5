// voiceSms.openTrend { instanceId?, monthId? }: twelve months of one instance ending with monthId
// (default: this month). The panel loads the months a few at a time; if that takes more than half a
// second, a cancellable notification shows progress, and Cancel closes the panel, which stops the remaining requests.
// Returns the panel's title once the months are in, or undefined (backed out, cancelled, refused).
import * as vscode from 'vscode';
import { monthIdOf } from '../../core/model/month.js';
import { TREND_MONTHS } from '../../shared/protocol.js';
import { withProgress } from '../platform/errors.js';
import { readPanelArgs, type PanelArgs } from './panelArgs.js';
import { pickInstance } from './pickTarget.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { ROW } from './menuWhen.js';

const title = (): string => vscode.l10n.t('Open 12-Month Trend');

/** How long the months may take before a progress notification (with Cancel) appears. */
const TREND_PROGRESS_AFTER_MS = 500;

export const command: HostCommand<PanelArgs> = {
  manifest: {
    title: 'Open 12-Month Trend…',
    icon: 'graph-line',
    palette: CONTEXT_KEYS.signedIn,
    menus: [
      { menu: 'view/item/context', when: ROW.instance, group: 'inline@1' },
      { menu: 'view/item/context', when: ROW.instance, group: '1_open@1' },
    ],
  },
  parseArg: readPanelArgs,
  failure: { title },
  async run(services, args) {
    await services.clients.assertSignedIn();
    const instanceId =
      args.instanceId ?? (await services.panels.whileAsking('trend', pickInstance(services, { title: title(), step: 1, totalSteps: 1 })));
    if (!instanceId) return undefined;
    const monthId = args.monthId ?? monthIdOf(new Date());
    const panelTitle = services.panels.open('trend', { instanceId, monthId });
    const open = services.panels.find(panelTitle);
    if (!open) return undefined;
    let cancelled = false;
    // Shown only if the months take longer than TREND_PROGRESS_AFTER_MS: no notification flashes up for a quick
    // trend, and the editor draws none while it builds the panel.
    await withProgress(
      vscode.l10n.t('Loading {0} months of {1}…', TREND_MONTHS, instanceId),
      async (signal) => {
        const close = (): void => {
          cancelled = true;
          open.panel.dispose();
        };
        signal.addEventListener('abort', close, { once: true });
        try {
          await open.loading;
        } finally {
          signal.removeEventListener('abort', close);
        }
      },
      TREND_PROGRESS_AFTER_MS,
    );
    return cancelled ? undefined : panelTitle;
  },
};
