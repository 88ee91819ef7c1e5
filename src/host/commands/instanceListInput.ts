// The questions of Add Voice Instance: an input box that takes one id or a pasted list (commas, spaces,
// new lines) and offers "Import from File…" as a button, and, for a list with invalid entries, a quick pick
// that shows every entry with its outcome and lets the user add the valid ones or go back to the list.
import * as vscode from 'vscode';
import { planInstanceList, splitPastedList, type EntryReport, type InstanceListReport } from '../../core/model/idList.js';
import { validateId } from '../../core/model/ids.js';
import { lookAlikeOf } from '../../shared/idRules.js';
import { inertLine } from '../../shared/untrustedText.js';
import { errorMessage } from '../platform/errors.js';

export const addTitle = (): string => vscode.l10n.t('Add Voice Instance');

export type ListSource = { kind: 'text'; text: string } | { kind: 'file'; uri: vscode.Uri };

/** What the input box says while the user types: the single-id check as before, a count for a list. */
function describeInput(value: string, listed: readonly string[]): string | vscode.InputBoxValidationMessage | undefined {
  let entries;
  try {
    entries = splitPastedList(value);
  } catch (e) {
    return errorMessage(e);
  }
  if (entries.length <= 1) {
    try {
      const id = validateId('instanceId', entries[0]?.text ?? value);
      const like = lookAlikeOf(id, listed);
      if (like !== undefined) return vscode.l10n.t('{0} looks the same as {1}, which is already listed.', id, like);
      return listed.includes(id)
        ? { message: vscode.l10n.t('{0} is already listed.', id), severity: vscode.InputBoxValidationSeverity.Info }
        : undefined;
    } catch (e) {
      return errorMessage(e);
    }
  }
  const plan = planInstanceList(entries, listed);
  const message = vscode.l10n.t(
    '{0} entries: {1} new, {2} already listed, {3} repeated, {4} invalid.',
    entries.length,
    plan.notAdded.length,
    plan.alreadyListed.length,
    plan.repeated.length,
    plan.invalid.length,
  );
  // A warning, not an error: Enter still goes on, to the report of every entry.
  return {
    message,
    severity: plan.invalid.length > 0 ? vscode.InputBoxValidationSeverity.Warning : vscode.InputBoxValidationSeverity.Info,
  };
}

/** The input box; resolves with the typed text, a chosen file, or undefined when the user backed out. */
export function askList(listed: readonly string[], initial = ''): Promise<ListSource | undefined> {
  const box = vscode.window.createInputBox();
  box.title = addTitle();
  box.prompt = vscode.l10n.t(
    'ID of the voice instance (the {0} part of /v1/vvoice/{0}/calls), or a list separated by commas, spaces or new lines',
    '{VVINS}',
  );
  box.placeholder = 'VI-…';
  box.ignoreFocusOut = true;
  box.value = initial;
  const importButton: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('folder-opened'),
    tooltip: vscode.l10n.t('Import from File…'),
  };
  box.buttons = [importButton];
  const check = (): void => {
    const m = describeInput(box.value, listed);
    box.validationMessage = m;
  };
  if (initial !== '') check();
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: ListSource | undefined): void => {
      if (done) return;
      done = true;
      resolve(v);
      box.dispose();
    };
    box.onDidChangeValue(check);
    box.onDidAccept(() => {
      const m = describeInput(box.value, listed);
      if (typeof m === 'string') return; // an error: the box stays open with it
      finish({ kind: 'text', text: box.value });
    });
    box.onDidTriggerButton(async (button) => {
      if (button !== importButton) return;
      box.ignoreFocusOut = true;
      const picked = await vscode.window.showOpenDialog({
        title: vscode.l10n.t('Import from File…'),
        canSelectMany: false,
        openLabel: vscode.l10n.t('Import'),
        filters: { [vscode.l10n.t('Lists of ids')]: ['txt', 'csv', 'tsv'], [vscode.l10n.t('All files')]: ['*'] },
      });
      if (picked?.[0]) finish({ kind: 'file', uri: picked[0] });
      else box.show();
    });
    box.onDidHide(() => finish(undefined));
    box.show();
  });
}

function entryItem(e: EntryReport): vscode.QuickPickItem {
  // The entry is what the user pasted: shown inert (no `$(icon)`), with the outcome's own icon.
  const label = inertLine(e.text, 130);
  switch (e.outcome) {
    case 'invalid':
      return { label, iconPath: new vscode.ThemeIcon('error'), description: vscode.l10n.t('line {0}: invalid', e.line), detail: e.reason };
    case 'header':
      return {
        label,
        iconPath: new vscode.ThemeIcon('list-flat'),
        description: vscode.l10n.t('line {0}: column heading, not added', e.line),
        detail: e.reason,
      };
    case 'alreadyListed':
      return { label, iconPath: new vscode.ThemeIcon('pass'), description: vscode.l10n.t('line {0}: already listed', e.line) };
    case 'repeated':
      return { label, iconPath: new vscode.ThemeIcon('copy'), description: vscode.l10n.t('line {0}: repeated in the list', e.line) };
    case 'added':
    case 'notAdded':
      return { label, iconPath: new vscode.ThemeIcon('add'), description: vscode.l10n.t('line {0}: new', e.line) };
  }
}

/**
 * The report of a list that has invalid entries: resolves 'addValid', 'edit' (back to the list; only for
 * typed text) or undefined (Escape: nothing is added).
 */
export function chooseForInvalid(report: InstanceListReport, canEdit: boolean): Promise<'addValid' | 'edit' | undefined> {
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { action?: 'addValid' | 'edit' }>();
  pick.title = vscode.l10n.t('{0}: {1} of {2} entries are invalid', addTitle(), report.invalid.length, report.entries.length);
  pick.placeholder = vscode.l10n.t('Nothing is added until you choose. Escape adds nothing.');
  pick.ignoreFocusOut = true;
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  const actions: (vscode.QuickPickItem & { action: 'addValid' | 'edit' })[] = [];
  if (report.notAdded.length > 0) {
    actions.push({
      label: vscode.l10n.t('Add the {0} Valid Instances', report.notAdded.length),
      iconPath: new vscode.ThemeIcon('check'),
      description: vscode.l10n.t('leave out the {0} invalid', report.invalid.length),
      action: 'addValid',
    });
  }
  if (canEdit) actions.push({ label: vscode.l10n.t('Edit the List'), iconPath: new vscode.ThemeIcon('edit'), action: 'edit' });
  pick.items = [
    ...actions,
    { label: vscode.l10n.t('Entries'), kind: vscode.QuickPickItemKind.Separator },
    ...report.entries.map(entryItem),
  ];
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: 'addValid' | 'edit' | undefined): void => {
      if (done) return;
      done = true;
      resolve(v);
      pick.dispose();
    };
    pick.onDidAccept(() => {
      // An entry row is information only: the pick stays open.
      const action = pick.selectedItems[0]?.action;
      if (action) finish(action);
    });
    pick.onDidHide(() => finish(undefined));
    pick.show();
  });
}

/** One sentence for the notification after a list went in. */
export function summaryOf(report: InstanceListReport): string {
  const parts = [vscode.l10n.t('Voice instances added: {0}', report.added.length)];
  if (report.alreadyListed.length > 0) parts.push(vscode.l10n.t('already listed: {0}', report.alreadyListed.length));
  if (report.repeated.length > 0) parts.push(vscode.l10n.t('repeated in the list: {0}', report.repeated.length));
  if (report.invalid.length > 0) parts.push(vscode.l10n.t('invalid, left out: {0}', report.invalid.length));
  if (report.notAdded.length > 0) parts.push(vscode.l10n.t('valid, not added: {0}', report.notAdded.length));
  if (report.header) parts.push(vscode.l10n.t('column heading skipped: {0}', inertLine(report.header.text, 60)));
  return `${parts.join('; ')}.`;
}
