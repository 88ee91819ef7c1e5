// voiceSms.startDemo: runs the simulator inside the extension host and switches to the
// "Demo (offline)" profile (src/host/demo/demoMode.ts). No prompts; returns the demo profile's name.
// Running it again while the demo runs starts nothing new and returns the same name.
// A failure is shown, not thrown back: a rejection would add the editor's own "command failed" toast.
import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';

export const command: HostCommand = {
  manifest: {
    title: 'Start Offline Demo',
    icon: 'play',
    palette: `!${CONTEXT_KEYS.demoActive}`,
  },
  failure: { title: () => vscode.l10n.t('Starting the offline demo') },
  run: (services) => services.demo.start(),
};
