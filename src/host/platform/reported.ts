// An error the user was already told about in its own words (a failed SMS's notification offers Edit Draft): the
// command wrapper (commands/runCommand.ts) does not show it again. vscode-free, so the wrapper's tests import it.

export function reportedError(message: string): Error {
  return Object.assign(new Error(message), { reported: true });
}

export function isReported(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { reported?: unknown }).reported === true;
}
