// voiceSms.clearStoredMonths: deletes every finished month kept on disk, of every profile (the month cache of
// this window is dropped too, so nothing shown comes from the deleted files). Returns how many were deleted.
import * as vscode from 'vscode';
import type { HostCommand } from './hostCommand.js';

export const command: HostCommand = {
  manifest: {
    title: 'Clear Stored Months',
  },
  failure: { title: () => vscode.l10n.t('Clear Stored Months') },
  async run(services) {
    const removed = await services.storedMonths.clearAll();
    services.months.reset();
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} stored months deleted.', removed));
    return removed;
  },
};
