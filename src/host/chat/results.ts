// Tool results and the one place that turns failures into what the tool API documents: an error thrown from
// invoke, whose message the model reads and acts on, and by which the chat UI marks the call as failed.
// Cancellation is thrown as CancellationError. The sentence is the core's (already scrubbed of credentials
// and capped at the client's boundary), made inert here for a model that may repeat it as markdown.
import * as vscode from 'vscode';
import { toolError, toolErrorText, type ToolError } from '../../tools/text/errorText.js';

/** A failed tool call: `message` is the sentence plus its kind as JSON (`{"error":"auth"}`). */
class ToolFailure extends Error {
  override readonly name = 'VoiceSmsToolError';
  constructor(readonly failure: ToolError) {
    super(toolErrorText(failure));
  }
}

export function textResult(...parts: string[]): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult(parts.map((p) => new vscode.LanguageModelTextPart(p)));
}

/** An outcome that is not a failure of the tool (the user declined): a result the model reads. */
export function errorResult(err: ToolError): vscode.LanguageModelToolResult {
  return textResult(toolErrorText(err));
}

/** Fails the call with `err`'s sentence (see ToolFailure). */
export function fail(err: ToolError): never {
  throw new ToolFailure(err);
}

/** Runs `f` with an AbortSignal that follows `token`; a cancelled call throws CancellationError, any other failure a ToolFailure. */
export async function guarded(
  token: vscode.CancellationToken,
  f: (signal: AbortSignal) => Promise<vscode.LanguageModelToolResult>,
): Promise<vscode.LanguageModelToolResult> {
  const controller = new AbortController();
  const sub = token.onCancellationRequested(() => controller.abort());
  try {
    if (token.isCancellationRequested) throw new vscode.CancellationError();
    return await f(controller.signal);
  } catch (e) {
    if (token.isCancellationRequested || e instanceof vscode.CancellationError) throw new vscode.CancellationError();
    if (e instanceof ToolFailure) throw e;
    throw new ToolFailure(toolError(e));
  } finally {
    sub.dispose();
  }
}
