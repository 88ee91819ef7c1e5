// voiceSms.copyId (tree rows' context menu): copies the row's id — the instance id of an instance row,
// YYYYMM of a month row. Returns the copied text.
import * as vscode from 'vscode';
import { readPanelArgs, type PanelArgs } from './panelArgs.js';
import type { HostCommand } from './hostCommand.js';
import { ROW } from './menuWhen.js';

export const command: HostCommand<PanelArgs> = {
  manifest: {
    title: 'Copy ID',
    icon: 'copy',
    palette: false,
    menus: [
      { menu: 'view/item/context', when: ROW.instance, group: '3_copy@1' },
      { menu: 'view/item/context', when: ROW.month, group: '3_copy@1' },
    ],
  },
  parseArg: readPanelArgs,
  failure: { title: () => vscode.l10n.t('Copy ID') },
  async run(_services, { instanceId, monthId }) {
    const text = monthId ?? instanceId;
    if (!text) return undefined;
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', text), 3000);
    return text;
  },
};
