// voiceSms.stopWatching: ends this window's watch (the status-bar item goes, nothing more is read). Returns true
// when a watch was running.
import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { VIEW } from './menuWhen.js';

export const command: HostCommand = {
  manifest: {
    title: 'Stop Watching',
    icon: 'debug-stop',
    palette: CONTEXT_KEYS.watching,
    menus: [{ menu: 'view/title', when: `${VIEW.instances} && ${CONTEXT_KEYS.watching}`, group: 'navigation@4' }],
  },
  failure: { title: () => vscode.l10n.t('Stop Watching') },
  run: (services) => services.watch.stop(),
};
