// voiceSms.stopDemo: stops the in-editor simulator, removes the demo profile and its secret, and
// makes the previously active profile active again. Returns that profile's name (or undefined).
// A failure is shown, not thrown back: a rejection would add the editor's own "command failed" toast.
import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { VIEW } from './menuWhen.js';

export const command: HostCommand = {
  manifest: {
    title: 'Stop Offline Demo',
    icon: 'debug-stop',
    palette: CONTEXT_KEYS.demoActive,
    menus: [{ menu: 'view/title', when: `${VIEW.instances} && ${CONTEXT_KEYS.demoActive}`, group: '2_demo@1' }],
  },
  failure: { title: () => vscode.l10n.t('Stopping the offline demo') },
  run: (services) => services.demo.stop(),
};
