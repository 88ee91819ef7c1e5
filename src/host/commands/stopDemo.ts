// voiceSms.stopDemo: stops the in-editor simulator, removes the demo profile and its secret, and
// makes the previously active profile active again. Returns that profile's name (or undefined).
// A failure is shown, not thrown back: a rejection would add the editor's own "command failed" toast.
import * as vscode from 'vscode';
import type { HostCommand } from './hostCommand.js';

export const command: HostCommand = {
  failure: { title: () => vscode.l10n.t('Stopping the offline demo') },
  run: (services) => services.demo.stop(),
};
