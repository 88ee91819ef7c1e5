// The operations of the core's table (src/core/api/operations.ts), matched on the raw path (query ignored).
// Path segments are percent-decoded here, so handlers see ids exactly as the client meant them.
import { OPERATION_NAMES, OPERATIONS, PATH_PARAMS, type ParamName } from '../core/api/operations.js';
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

const ROUTES: RouteDef[] = OPERATION_NAMES.map((operation) => ({
  operation,
  method: OPERATIONS[operation].method,
  segments: OPERATIONS[operation].route.split('/').map((s) => s.replace(/^\{(\w+)\}$/, ':$1')),
}));

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

/** The path's id a fault can match: its first id parameter (the instance or the account). */
function idOf(params: Record<string, string>): string | undefined {
  const name = Object.keys(params).find((k) => PATH_PARAMS[k as ParamName] === 'id');
  return name === undefined ? undefined : params[name];
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
    const id = idOf(params);
    return { kind: 'operation', operation: def.operation, params, ...(id !== undefined ? { id } : {}) };
  }
  return { kind: 'notFound' };
}
