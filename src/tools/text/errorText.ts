// A failed tool call: one readable sentence (the same message the views show — scrubbed of credentials and
// capped by the core client's boundary — made inert here because a model may repeat it as markdown) plus its
// kind, so the model can tell the user what went wrong instead of receiving a stack. Signed out gets its own kind. vscode-free, unit-tested in plain Node.
import * as l10n from '@vscode/l10n';
import { inert } from './dataText.js';

export type ToolErrorKind =
  | 'signedOut'
  | 'noAccount'
  | 'network'
  | 'timeout'
  | 'http'
  | 'service'
  | 'parse'
  | 'validation'
  | 'auth'
  | 'declined'
  | 'unexpected'
  // The tools' own refusals (ToolRefusal) and the MCP door's.
  | 'notConfigured'
  | 'sendingDisabled'
  | 'noElicitation'
  | 'outcomeUnknown'
  | 'sendLimit';

export interface ToolError {
  kind: ToolErrorKind;
  message: string;
}

const CORE_KINDS = new Set(['network', 'timeout', 'http', 'service', 'parse', 'validation', 'auth']);
const ALL_KINDS = new Set<string>([
  ...CORE_KINDS,
  'signedOut',
  'noAccount',
  'declined',
  'unexpected',
  'notConfigured',
  'sendingDisabled',
  'noElicitation',
  'outcomeUnknown',
  'sendLimit',
]);

/** Whether `kind` is one of the core's error kinds (as kept by the balance model). */
export function isToolErrorKind(kind: unknown): kind is ToolErrorKind {
  return typeof kind === 'string' && CORE_KINDS.has(kind);
}
const MAX_ERROR_CHARS = 600;

export function toolError(e: unknown): ToolError {
  const raw = e instanceof Error ? e.message : String(e);
  const message = inert(raw, MAX_ERROR_CHARS) || l10n.t('Something went wrong without a message; the Voice & SMS log has the details.');
  if (e instanceof Error && e.name === 'NotSignedInError') return { kind: 'signedOut', message };
  // A tool's own refusal (src/tools/refusal.ts) carries its kind.
  const refusal = e instanceof Error && e.name === 'ToolRefusal' ? (e as unknown as { kind?: unknown }).kind : undefined;
  if (typeof refusal === 'string') return { kind: ALL_KINDS.has(refusal) ? (refusal as ToolErrorKind) : 'unexpected', message };
  const kind = (e as { kind?: unknown } | undefined)?.kind;
  if (e instanceof Error && e.name === 'VoiceSmsError' && typeof kind === 'string' && CORE_KINDS.has(kind))
    return { kind: kind as ToolErrorKind, message };
  return { kind: 'unexpected', message };
}

/** The result text of a failed tool call. */
export function toolErrorText(err: ToolError): string {
  return `${err.message}\n${JSON.stringify({ error: err.kind })}`;
}
