// The four operations under /v1, matched on the raw path (query ignored). Path segments are
// percent-decoded here, so handlers see ids exactly as the client meant them.
import type { Operation } from './types.js';

export type RouteMatch =
  | { kind: 'operation'; operation: Operation; params: Record<string, string>; id?: string }
  | { kind: 'methodNotAllowed'; operation: Operation; allow: string }
  | { kind: 'badEncoding' }
  | { kind: 'notFound' };

interface RouteDef {
  operation: Operation;
  method: string;
  /** Literal segments, or `:name` for a parameter. */
  segments: string[];
}

const ROUTES: RouteDef[] = [
  { operation: 'sms', method: 'POST', segments: ['v1', 'message', 'sms'] },
  { operation: 'calls', method: 'GET', segments: ['v1', 'vvoice', ':instanceId', 'calls', ':monthId'] },
  { operation: 'balance', method: 'GET', segments: ['v1', 'account', ':accountId', 'balance'] },
  { operation: 'activities', method: 'GET', segments: ['v1', 'vvoice', ':instanceId', 'activities', ':dateId'] },
];

/** Parameters by name, or null when the path does not have this route's shape. */
function matchSegments(def: RouteDef, parts: string[]): Record<string, string> | null {
  if (parts.length !== def.segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, seg] of def.segments.entries()) {
    const part = parts[i] ?? '';
    if (seg.startsWith(':')) {
      if (part === '') return null;
      params[seg.slice(1)] = part;
    } else if (seg !== part) {
      return null;
    }
  }
  return params;
}

export function pathnameOf(url: string): string {
  const q = url.search(/[?#]/);
  return q < 0 ? url : url.slice(0, q);
}

export function matchRoute(method: string, url: string): RouteMatch {
  const pathname = pathnameOf(url);
  if (!pathname.startsWith('/')) return { kind: 'notFound' };
  const parts = pathname.slice(1).split('/');
  for (const def of ROUTES) {
    const raw = matchSegments(def, parts);
    if (raw === null) continue;
    if (method.toUpperCase() !== def.method) return { kind: 'methodNotAllowed', operation: def.operation, allow: def.method };
    const params: Record<string, string> = {};
    try {
      for (const [k, v] of Object.entries(raw)) params[k] = decodeURIComponent(v);
    } catch {
      return { kind: 'badEncoding' };
    }
    const id = params['instanceId'] ?? params['accountId'];
    return { kind: 'operation', operation: def.operation, params, ...(id !== undefined ? { id } : {}) };
  }
  return { kind: 'notFound' };
}
