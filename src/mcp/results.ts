// Tool results in the protocol's shape: the short text, the same figures as JSON text (for clients that read
// only text) and as structured content; failures as tool errors with the one sentence the extension shows
// (src/tools/text/errorText.ts) and its kind.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolError, type ToolErrorKind } from '../tools/text/errorText.js';

export type McpErrorKind = ToolErrorKind;

export function okResult<T extends Record<string, unknown>>(text: string, data: T): CallToolResult {
  return {
    content: [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(data) },
    ],
    structuredContent: data,
  };
}

export function errorResult(kind: McpErrorKind, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${message}\n${JSON.stringify({ error: kind })}` }] };
}

/** Any failure as the extension words it. */
export function failure(e: unknown): CallToolResult {
  const err = toolError(e);
  return errorResult(err.kind, err.message);
}

/** Runs a tool body; whatever it throws becomes an error result, so a tool call never crashes the server. */
export async function guarded(f: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await f();
  } catch (e) {
    return failure(e);
  }
}
