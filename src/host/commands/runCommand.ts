// The one wrapper every command runs through (commands/table.ts binds it to the editor): it turns the raw
// argument into the command's typed one, runs it, and owns the error path, so a command's failure reaches
// the user from here and nowhere else. vscode-free (VSCODE_FREE_HOST): the editor's half (the notification,
// what counts as a cancellation) comes in as a FailureSink, and plain-Node unit tests drive it.
import { isReported } from '../platform/reported.js';

/** What a command failure needs from the editor. */
export interface FailureSink {
  /** Shows (and logs) `e`, prefixed by `title`; the text is scrubbed there (platform/errors.ts showError). */
  show(title: string, e: unknown): void;
  /** The user backed out (Escape, a progress notification's Cancel): never shown. */
  isCancellation(e: unknown): boolean;
}

/** How a failure goes back to a caller that passed an argument: after the notification, instead of it, or not at all. */
type ThrowBack = 'shown' | 'unshown' | false;

/** One command: title-independent, so the palette, menus, links and programs all run the same thing. */
export interface CommandSpec<Services, Ctx, Arg = unknown> {
  /** Raw argument (a tree row, an argument object, nothing) → the typed one; throws a clear error for a bad one. */
  parseArg?(raw: unknown): Arg;
  /** The command itself; its return value goes to a programmatic caller (executeCommand). */
  run(services: Services, arg: Arg, ctx: Ctx): unknown;
  /**
   * Failures are shown as "<title>: <message>" and the command resolves undefined; `throwBack` (given the raw
   * argument) hands them back to a program that called with arguments. Without `failure`, every failure is
   * thrown back unshown: those commands' contract is to reject with the message (sign-in with arguments, …).
   */
  failure?: { title(): string; throwBack?(raw: unknown): ThrowBack };
}

/** Runs `spec` with `raw` (the first argument the editor passed). */
export async function runCommand<Services, Ctx>(
  spec: CommandSpec<Services, Ctx>,
  services: Services,
  ctx: Ctx,
  raw: unknown,
  sink: FailureSink,
): Promise<unknown> {
  try {
    const arg = spec.parseArg ? spec.parseArg(raw) : raw;
    return await spec.run(services, arg, ctx);
  } catch (e) {
    if (!spec.failure) throw e;
    if (sink.isCancellation(e)) return undefined;
    const back = spec.failure.throwBack?.(raw) ?? false;
    if (back !== 'unshown' && !isReported(e)) sink.show(spec.failure.title(), e);
    if (back) throw e;
    return undefined;
  }
}

/** True for an argument object (not a tree row's array, not nothing): the mark of a programmatic caller. */
export function isArgObject(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}
