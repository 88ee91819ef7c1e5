// One way to tell the user that something failed: the core's message (already actionable), a
// "Show Log" action, and the full detail in the log. Cancellation is silent.
import * as vscode from 'vscode';
import type { HostLog } from './log.js';

export function isCancellation(e: unknown): boolean {
  return e instanceof vscode.CancellationError || (e instanceof Error && e.name === 'AbortError');
}

/** The text shown to the user for any thrown value. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

/** What turns service text into something fit to show or store (RedactingLogger.userText). */
export interface UserTextGuard {
  userText(text: string): string;
}

/** `e`'s message, secrets masked and links made inert: for every notification, tree row, input-box message and stored record. */
export function errorText(guard: UserTextGuard, e: unknown): string {
  return guard.userText(errorMessage(e));
}

/** Logs and shows `e`; `what` says what was being done ("Loading November 2026 of VI-1"). */
export async function showError(log: HostLog, what: string, e: unknown): Promise<void> {
  if (isCancellation(e)) return;
  const kind = (e as { kind?: unknown }).kind;
  log.error(`${what} failed${typeof kind === 'string' ? ` (${kind})` : ''}: ${errorMessage(e)}`);
  const showLog = vscode.l10n.t('Show Log');
  const signIn = vscode.l10n.t('Sign In');
  const checkConnection = vscode.l10n.t('Check Connection');
  // By name: dist/features.js and dist/extension.js each have their own copy of the class.
  const actions =
    e instanceof Error && e.name === 'NotSignedInError'
      ? [signIn]
      : kind === 'network' || kind === 'timeout'
        ? [checkConnection, showLog]
        : [showLog];
  // `what` may name a workspace-pinned instance id, so the whole sentence goes through the guard.
  const choice = await vscode.window.showErrorMessage(
    log.userText(
      vscode.l10n.t({ message: '{0}: {1}', args: [what, errorMessage(e)], comment: ['What failed, then why (an error notification)'] }),
    ),
    ...actions,
  );
  if (choice === showLog) log.show();
  if (choice === signIn) await vscode.commands.executeCommand('voiceSms.signIn');
  if (choice === checkConnection) await vscode.commands.executeCommand('voiceSms.checkConnection');
}

/**
 * Runs `task` with a cancellable progress notification; the AbortSignal follows the Cancel button. `showAfterMs`:
 * the notification appears only if the task is still running then (a quick task shows nothing, and the editor
 * does not draw a notification while it is building what the task opens).
 */
export function withProgress<T>(title: string, task: (signal: AbortSignal) => Promise<T>, showAfterMs = 0): Thenable<T> {
  const controller = new AbortController();
  const notify = (run: () => Promise<T>): Thenable<T> =>
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (_progress, token) => {
      const sub = token.onCancellationRequested(() => controller.abort());
      try {
        return await run();
      } finally {
        sub.dispose();
      }
    });
  if (showAfterMs <= 0) return notify(() => task(controller.signal));
  const running = task(controller.signal);
  // The notification only mirrors the task (its failure is the caller's to report, through `running`).
  const timer = setTimeout(() => void notify(() => running).then(undefined, () => undefined), showAfterMs);
  const stop = (): void => clearTimeout(timer);
  running.then(stop, stop);
  return running;
}
