// The export's two questions, asked the same way by Export Month (commands/exportMonth.ts) and the account
// overview's Export… (webviews/overview/exportOverview.ts): which format, then the clipboard or a file, ids masked or not.
import * as vscode from 'vscode';
import type { ExportFormat } from '../../shared/export.js';

const answers: string[] = [];
/**
 * Test seam only (activate()'s test API, which an installed extension does not return): the next export question is
 * answered with the item labelled `label` instead of a quick pick. The real pick is driven in the e2e suite.
 */
export function answerNextExportPick(label: string): void {
  answers.push(label);
}

async function ask<T extends vscode.QuickPickItem>(items: T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
  const answer = answers.shift();
  if (answer !== undefined) return items.find((i) => i.label === answer);
  return vscode.window.showQuickPick(items, options);
}

/** `descriptions`: what each format holds (default: a month's). The account overview's export asks the same way. */
export async function pickFormat(title: string, descriptions?: Readonly<Record<ExportFormat, string>>): Promise<ExportFormat | undefined> {
  const items: (vscode.QuickPickItem & { format: ExportFormat })[] = [
    { label: 'CSV', description: descriptions?.csv ?? vscode.l10n.t('one row per day, for spreadsheets'), format: 'csv' },
    { label: 'JSON', description: descriptions?.json ?? vscode.l10n.t('days, totals and warnings'), format: 'json' },
    { label: 'Markdown', description: descriptions?.markdown ?? vscode.l10n.t('a table for notes and tickets'), format: 'markdown' },
  ];
  return (await ask(items, { title, placeHolder: vscode.l10n.t('Format'), ignoreFocusOut: true }))?.format;
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
  const picked = await ask(items, { title, placeHolder: vscode.l10n.t('Where to'), ignoreFocusOut: true });
  if (!picked) return undefined;
  if (picked.to === 'clipboard') return { target: 'clipboard', maskIds: picked.maskIds };
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = await vscode.window.showSaveDialog({
    title,
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, suggested) } : {}),
  });
  return uri ? { target: uri.fsPath, maskIds: picked.maskIds } : undefined;
}
