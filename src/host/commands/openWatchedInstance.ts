// voiceSms.openWatchedInstance (a click on the watch's status-bar item): today's month view of a watched instance,
// the one there is or the one picked, each offered with its last reading. Returns the panel's title, or undefined.
import * as vscode from 'vscode';
import { COMMANDS, CONTEXT_KEYS } from '../../shared/ids.js';
import { inertLine } from '../../shared/untrustedText.js';
import { changeSinceStart, signed } from '../watch/readings.js';
import type { HostCommand } from './hostCommand.js';

export const command: HostCommand = {
  manifest: { title: 'Open a Watched Instance…', icon: 'pulse', palette: CONTEXT_KEYS.watching },
  failure: { title: () => vscode.l10n.t('Open a Watched Instance') },
  async run(services) {
    const readings = services.watch.readings();
    let instanceId = readings.length === 1 ? readings[0]?.instanceId : undefined;
    if (readings.length > 1) {
      const n = (v: number): string => v.toLocaleString(vscode.env.language);
      const picked = await vscode.window.showQuickPick(
        readings.map((r) => ({
          label: inertLine(r.instanceId),
          id: r.instanceId,
          description:
            r.legs === undefined
              ? vscode.l10n.t('not read yet')
              : vscode.l10n.t('{0} legs today ({1})', n(r.legs), signed(changeSinceStart(r) ?? 0)),
        })),
        {
          title: vscode.l10n.t('Open a Watched Instance'),
          placeHolder: vscode.l10n.t('The watched instance whose month view of today to open'),
        },
      );
      instanceId = picked?.id;
    }
    if (!instanceId) return undefined;
    return vscode.commands.executeCommand<string | undefined>(COMMANDS.openMonthView, {
      instanceId,
      monthId: services.months.currentMonth(),
    });
  },
};
