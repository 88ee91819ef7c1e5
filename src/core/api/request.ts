// What the client sends: a validated, encoded request description. Everything that can be refused (ids,
// dates, numbers, body) is checked while building it, before any I/O. A read is built here from its entry in
// operations.ts alone; the SMS send builds its own (sms.ts), for its form.
import { validateDateId, validateId, validateMonthId } from '../model/ids.js';
import { OPERATIONS, paramsOf, PATH_PARAMS, type Operation, type ParamName, type ReadOperation } from './operations.js';

export interface ApiRequest {
  operation: Operation;
  method: 'GET' | 'POST';
  /** Path below the base URL, percent-encoded, without a leading '/': `v1/account/ACC-1/balance`. */
  path: string;
  /** How `path` was built, for the code writers of "Copy Request as Code". */
  route: PathRoute;
  /** Form fields of a POST, in the order they are sent. */
  form?: [name: string, value: string][];
  /** Extra words for the log line (never a secret or a full phone number). */
  logNote?: string;
}

/**
 * A path with `{name}` placeholders and each placeholder's value before percent-encoding (validated,
 * as the service receives it once decoded): `v1/account/{accountId}/balance` with `{ accountId: 'ACC 1' }`.
 */
export interface PathRoute {
  template: string;
  params: Readonly<Record<string, string>>;
}

/** The request path of `template` with each `{name}` replaced by encodeURIComponent(params[name]), and its route. */
export function routed(template: string, params: Record<string, string> = {}): { path: string; route: PathRoute } {
  // The templates are the table's (operations.ts), each naming only the parameters it is given.
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return { path, route: { template, params: { ...params } } };
}

/** The value of path parameter `name` as sent, or a validation error naming it (an id, a YYYYMM month, a day sent as YYYYMMDD). */
export function validateParam(name: ParamName, value: string): string {
  switch (PATH_PARAMS[name]) {
    case 'id':
      return validateId(name, value);
    case 'month':
      return validateMonthId(value);
    case 'date':
      return validateDateId(value);
  }
}

/** A read's request from its entry and its parameters, each checked in path order; `params`: them as sent. */
export function readRequest(
  operation: ReadOperation,
  given: Readonly<Record<string, string | undefined>>,
): { request: ApiRequest; params: Record<string, string> } {
  const spec = OPERATIONS[operation];
  const params: Record<string, string> = {};
  for (const name of paramsOf(spec.route)) params[name] = validateParam(name, given[name] ?? '');
  return { request: { operation, method: spec.method, ...routed(spec.route, params) }, params };
}

/** application/x-www-form-urlencoded, UTF-8, as browsers encode forms. */
export function encodeForm(fields: [string, string][]): string {
  return new URLSearchParams(fields).toString();
}

/** The absolute URL of a request; the base URL's own path prefix (if any) is kept. */
export function requestUrl(base: URL, path: string): URL {
  return new URL(path, base);
}
