// Tool results in the protocol's shape: the short text, the same figures as JSON text (for clients that read
// only text) and as structured content; failures as tool errors with the one sentence the extension shows
// (src/tools/text/errorText.ts) and its kind.
import { ErrorCode, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolOutcome } from '../tools/spec.js';
import { toolError, type ToolError, type ToolErrorKind } from '../tools/text/errorText.js';

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

function errorResult(kind: McpErrorKind, message: string): CallToolResult {
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

/** What a tool's run came to: its outcome, or its failure as the extension words it (never a throw). */
export type Settled = { ok: ToolOutcome<Record<string, unknown>> } | { failed: ToolError };

export async function settled(f: () => Promise<ToolOutcome<Record<string, unknown>>>): Promise<Settled> {
  try {
    return { ok: await f() };
  } catch (e) {
    return { failed: toolError(e) };
  }
}

/** A settled run as a tool result. */
export function toolResult(s: Settled): CallToolResult {
  return 'ok' in s ? okResult(s.ok.text, s.ok.data) : errorResult(s.failed.kind, s.failed.message);
}

/**
 * A failure of a request that has no error result of its own (reading a resource, getting a prompt): the protocol's
 * error, whose message is the one sentence a tool result would carry (no "MCP error" prefix added here: the SDK
 * sends `message` as it is) and whose data names the kind, as a tool error's last line does.
 */
export class RequestRefusal extends Error {
  readonly code: number;
  readonly data: { error: McpErrorKind };
  constructor(kind: McpErrorKind, message: string) {
    super(message);
    this.name = 'RequestRefusal';
    // The request's own arguments were wrong (a month in another form, an id the core refuses): invalid params.
    this.code = kind === 'validation' ? ErrorCode.InvalidParams : ErrorCode.InternalError;
    this.data = { error: kind };
  }
}
