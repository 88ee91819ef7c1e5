// voiceSms.stopWatching: ends this window's watch (the status-bar item goes, nothing more is read). Returns true
// when a watch was running.
import * as vscode from 'vscode';
import type { HostCommand } from './hostCommand.js';

export const command: HostCommand = {
  failure: { title: () => vscode.l10n.t('Stop Watching') },
  run: (services) => services.watch.stop(),
};
