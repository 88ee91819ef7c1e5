// The export's two questions, asked the same way by Export Month (commands/exportMonth.ts) and the account
// overview's Export… (webviews/overview/exportOverview.ts): which format, then the clipboard or a file, ids masked or not.
import * as vscode from 'vscode';
import type { ExportFormat } from '../../shared/export.js';

let shown = 0;
/** How many of these questions were put to the editor so far (the test seam: a test answers a pick once it is up). */
export function exportPicksShown(): number {
  return shown;
}

/** `descriptions`: what each format holds (default: a month's). The account overview's export asks the same way. */
export async function pickFormat(title: string, descriptions?: Readonly<Record<ExportFormat, string>>): Promise<ExportFormat | undefined> {
  const items: (vscode.QuickPickItem & { format: ExportFormat })[] = [
    { label: 'CSV', description: descriptions?.csv ?? vscode.l10n.t('one row per day, for spreadsheets'), format: 'csv' },
    { label: 'JSON', description: descriptions?.json ?? vscode.l10n.t('days, totals and warnings'), format: 'json' },
    { label: 'Markdown', description: descriptions?.markdown ?? vscode.l10n.t('a table for notes and tickets'), format: 'markdown' },
  ];
  const asked = vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Format'), ignoreFocusOut: true });
  shown++;
  return (await asked)?.format;
}

export async function pickTarget(title: string, suggested: string): Promise<{ target: string; maskIds: boolean } | undefined> {
  const items: (vscode.QuickPickItem & { to: 'clipboard' | 'file'; maskIds: boolean })[] = [
    { label: vscode.l10n.t('Copy to clipboard'), to: 'clipboard', maskIds: false },
    { label: vscode.l10n.t('Save to file…'), to: 'file', maskIds: false },
    {
      label: vscode.l10n.t('Copy to clipboard, instance ID masked'),
      description: vscode.l10n.t('for sharing outside the team'),
      to: 'clipboard',
      maskIds: true,
    },
    {
      label: vscode.l10n.t('Save to file, instance ID masked…'),
      description: vscode.l10n.t('for sharing outside the team'),
      to: 'file',
      maskIds: true,
    },
  ];
  const asking = vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Where to'), ignoreFocusOut: true });
  shown++;
  const picked = await asking;
  if (!picked) return undefined;
  if (picked.to === 'clipboard') return { target: 'clipboard', maskIds: picked.maskIds };
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = await vscode.window.showSaveDialog({
    title,
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, suggested) } : {}),
  });
  return uri ? { target: uri.fsPath, maskIds: picked.maskIds } : undefined;
}
