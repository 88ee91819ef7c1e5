// Turning loader results and failures into protocol payloads. Free of `vscode`: its one message
// goes through @vscode/l10n (see pureL10n.ts).
import * as l10n from '@vscode/l10n';
import { isVoiceSmsError } from '../../core/errors.js';
import type { JsonValue, PanelError, ResponseMeta } from '../../shared/protocol.js';
import type { EnvelopeInfo } from './dataSources.js';

export function toMeta(envelope: EnvelopeInfo, elapsedMs: number): ResponseMeta {
  const s = envelope.service;
  const meta: ResponseMeta = {
    service: { provider: String(s.provider), id: String(s.id), version: String(s.version) },
    elapsedMs: Math.max(0, Math.round(elapsedMs)),
  };
  const ts = envelope.status?.timestampRaw;
  if (typeof ts === 'string' && ts !== '') meta.serverTimestamp = ts;
  return meta;
}

export function isAbort(e: unknown): boolean {
  return e instanceof Error && (e.name === 'AbortError' || (e as { code?: unknown }).code === 'ABORT_ERR');
}

/** Core errors carry user-facing, secret-free messages; anything else is reported generically. */
export function toPanelError(e: unknown): PanelError {
  if (isVoiceSmsError(e)) return { message: e.message, kind: e.kind };
  const detail = e instanceof Error ? e.message : String(e);
  return { message: l10n.t('Unexpected error while loading: {0}', detail.slice(0, 300)) };
}

/**
 * A structured-clone-safe copy of a parsed XML tree: plain objects, arrays, strings, finite numbers,
 * booleans, null. Anything else becomes a string; depth is capped so a hostile tree cannot blow the stack.
 */
export function toJsonValue(v: unknown, depth = 0): JsonValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'bigint') return v.toString();
  if (depth >= 64) return '[nested too deeply]';
  if (Array.isArray(v)) return v.map((x) => toJsonValue(x, depth + 1));
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (x !== undefined && typeof x !== 'function') out[k] = toJsonValue(x, depth + 1);
    }
    return out;
  }
  return `[${typeof v}]`;
}
