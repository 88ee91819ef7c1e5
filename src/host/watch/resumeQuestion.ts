// The question a folder opened again later asks before a watch left running reads anything: Resume / Not now. In
// dist/features.js (the shell's watch handle loads it only when there is such a watch), so a window without one
// parses none of it.
import * as vscode from 'vscode';
import { inertLine } from '../../shared/untrustedText.js';
import type { Confirmations } from '../platform/confirmations.js';
import type { StoredWatch } from './stored.js';

/** Whether the user chose Resume; any other answer (Not now, the notification closed) is no. */
export async function askToResumeWatch(confirmations: Pick<Confirmations, 'notify'>, stored: StoredWatch): Promise<boolean> {
  const resume = vscode.l10n.t('Resume');
  const choice = await confirmations.notify(
    'info',
    vscode.l10n.t(
      'A watch of {0} voice instance(s) of "{1}" was running when this folder was last open. Resume it?',
      stored.instanceIds.length,
      inertLine(stored.profile),
    ),
    resume,
    vscode.l10n.t('Not now'),
  );
  return choice === resume;
}
