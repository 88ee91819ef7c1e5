// The account overview's Export…: the month export's flow (format, then clipboard or file, ids masked or not)
// for the rows the panel shows now, filtered and sorted as shown, with their own totals. Returns the target
// written, or undefined when backed out or when the filter shows no row.
import * as vscode from 'vscode';
import { EXPORT_EXTENSIONS } from '../../../shared/export.js';
import type { OverviewRow } from '../../../shared/overview/overview.js';
import { formatOverviewExport } from '../../../shared/overview/overviewExport.js';
import { monthLabel } from '../../platform/monthLabel.js';
import { pickFormat, pickTarget } from '../../quickInput/exportPicks.js';

export async function exportOverview(
  services: { log: { info(message: string): void } },
  monthId: string,
  rows: readonly OverviewRow[],
  total: number,
): Promise<string | undefined> {
  if (rows.length === 0) {
    void vscode.window.showInformationMessage(
      total === 0
        ? vscode.l10n.t('The account overview has no rows yet: nothing to export.')
        : vscode.l10n.t('No instance matches the filter: nothing to export. Clear the filter to export every row.'),
    );
    return undefined;
  }
  const title =
    rows.length < total
      ? vscode.l10n.t('Export Account Overview ({0} of {1} instances, as filtered)', rows.length, total)
      : vscode.l10n.t('Export Account Overview');
  const format = await pickFormat(title, {
    csv: vscode.l10n.t('one row per instance, for spreadsheets'),
    json: vscode.l10n.t('rows, trends and totals'),
    markdown: vscode.l10n.t('a table for notes and tickets'),
  });
  if (!format) return undefined;
  const chosen = await pickTarget(title, `overview-${monthId}.${EXPORT_EXTENSIONS[format]}`);
  if (!chosen) return undefined;
  const text = formatOverviewExport(rows, format, { monthId, maskIds: chosen.maskIds });
  if (chosen.target === 'clipboard') {
    await vscode.env.clipboard.writeText(text);
    void vscode.window.showInformationMessage(vscode.l10n.t('Copied the account overview of {0} to the clipboard.', monthLabel(monthId)));
  } else {
    await vscode.workspace.fs.writeFile(vscode.Uri.file(chosen.target), new TextEncoder().encode(text));
    void vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}.', chosen.target));
  }
  services.log.info(
    `exported the account overview of ${monthId} (${rows.length} of ${total} rows) as ${format} to ${chosen.target === 'clipboard' ? 'the clipboard' : 'a file'}`,
  );
  return chosen.target;
}
