// Which read an argument of Copy as cURL and Copy Request as Code names, and its path parameters: each one the
// argument gives (checked as the core checks it), else the active profile's or today's. Read from the core's
// operations table, so a new read is copied without a line here; a new parameter name needs its default below.
// Pure (no vscode): tree rows, webview buttons, keybindings and other extensions hand over arbitrary values.
import * as l10n from '@vscode/l10n';
import {
  OPERATIONS,
  paramsOf,
  PATH_PARAMS,
  READ_OPERATIONS,
  type ParamName,
  type ReadCall,
  type ReadOperation,
} from '../../core/api/operations.js';
import { validateParam } from '../../core/api/request.js';
import { dateIdOf, monthIdOf } from '../../core/model/month.js';

/** What stands in for a parameter the argument leaves out. */
export interface ReadDefaults {
  /** The profile's first voice instance. */
  instanceId: string | undefined;
  accountId: string | undefined;
  now: Date;
}

const DEFAULTS: { readonly [P in ParamName]: (d: ReadDefaults) => string | undefined } = {
  instanceId: (d) => d.instanceId,
  accountId: (d) => d.accountId,
  dateId: (d) => dateIdOf(d.now),
  monthId: (d) => monthIdOf(d.now),
};

/** The argument's value of `name`: undefined when absent; a whole number as text; any other non-string as '' (refused). */
function given(a: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const v = a[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  return typeof v === 'string' ? v : '';
}

function isRead(name: unknown): name is ReadOperation {
  return typeof name === 'string' && (READ_OPERATIONS as readonly string[]).includes(name);
}

/**
 * The read an argument names without saying `operation`: the first read taking a day or a month it carries (a
 * day first: `{ instanceId, dateId }` from a day, `{ instanceId, monthId }` from a month row), else a tree row's
 * `kind` naming one (the Account view's balance row is `{ kind: 'balance' }`).
 */
export function impliedRead(a: Readonly<Record<string, unknown>>): ReadOperation | undefined {
  const times = (Object.keys(PATH_PARAMS) as ParamName[]).filter((name) => PATH_PARAMS[name] !== 'id');
  for (const name of times) {
    if (given(a, name) !== undefined) return READ_OPERATIONS.find((op) => paramsOf(OPERATIONS[op].route).includes(name));
  }
  return isRead(a['kind']) ? a['kind'] : undefined;
}

/** Every parameter's default, or undefined when one has none (the profile lacks an instance or an account). */
export function defaultParams(operation: ReadOperation, d: ReadDefaults): { name: ParamName; value: string }[] | undefined {
  const out: { name: ParamName; value: string }[] = [];
  for (const name of paramsOf(OPERATIONS[operation].route)) {
    const value = DEFAULTS[name](d);
    if (!value) return undefined;
    out.push({ name, value });
  }
  return out;
}

/** The call: each parameter the argument's (checked) or its default; throws naming one that has neither. */
export function readCall(operation: ReadOperation, a: Readonly<Record<string, unknown>>, d: ReadDefaults): ReadCall {
  const params: Record<string, string> = {};
  for (const name of paramsOf(OPERATIONS[operation].route)) {
    const value = given(a, name);
    params[name] = value !== undefined ? validateParam(name, value) : need(DEFAULTS[name](d), name);
  }
  return { operation, ...params } as ReadCall;
}

function need(v: string | undefined, field: string): string {
  if (!v) throw new Error(l10n.t('Pass {0}: the active profile has none to default to.', field));
  return v;
}
