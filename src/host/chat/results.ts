// Tool results and the one place that turns failures into them: cancellation is thrown as the API
// expects, every other failure becomes a result with one sentence (errorText.ts).
import * as vscode from 'vscode';
import { toolError, toolErrorText, type ToolError } from './errorText.js';

export function textResult(...parts: string[]): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult(parts.map((p) => new vscode.LanguageModelTextPart(p)));
}

export function errorResult(err: ToolError): vscode.LanguageModelToolResult {
  return textResult(toolErrorText(err));
}

/** Runs `f` with an AbortSignal that follows `token`; a cancelled call throws CancellationError, anything else becomes a result. */
export async function guarded(token: vscode.CancellationToken, f: (signal: AbortSignal) => Promise<vscode.LanguageModelToolResult>): Promise<vscode.LanguageModelToolResult> {
  const controller = new AbortController();
  const sub = token.onCancellationRequested(() => controller.abort());
  try {
    if (token.isCancellationRequested) throw new vscode.CancellationError();
    return await f(controller.signal);
  } catch (e) {
    if (token.isCancellationRequested || e instanceof vscode.CancellationError) throw new vscode.CancellationError();
    return errorResult(toolError(e));
  } finally {
    sub.dispose();
  }
}
