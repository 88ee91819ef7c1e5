// The list of injected faults: which one applies to a request, counting down `times`, and checking a
// fault that arrives as JSON over the control endpoint.
import { OPERATION_NAMES } from '../core/api/operations.js';
import type { Fault, FaultKind, Operation } from './types.js';

export const FAULT_KINDS: readonly FaultKind[] = [
  'latency',
  'status',
  'envelopeError',
  'html',
  'malformed',
  'truncated',
  'slowBody',
  'reset',
  'resetAfterReceive',
  'hang',
  'oversized',
  'entityBomb',
  'doctype',
  'contentType',
  'empty',
  'hostile',
  'echoCredentials',
  'crowded',
  'echo',
];

/** What a fault's `match` is compared with. */
export interface FaultTarget {
  method: string;
  operation?: Operation;
  id?: string;
}

interface Armed {
  fault: Fault;
  left: number; // Infinity when `times` was not given
}

export class FaultList {
  private armed: Armed[] = [];

  /** Validates first (a fault may come from JSON); throws TypeError naming the wrong field. */
  add(fault: unknown): void {
    const checked = parseFault(fault);
    this.armed.push({ fault: checked, left: checked.times ?? Infinity });
  }

  clear(): void {
    this.armed = [];
  }

  /** Faults still armed, in order, with `times` showing what is left. */
  list(): Fault[] {
    return this.armed.map(({ fault, left }) => (left === Infinity ? { ...fault } : { ...fault, times: left }));
  }

  /** The first fault matching the request, counted as used; undefined when none applies. */
  take(target: FaultTarget): Fault | undefined {
    const index = this.armed.findIndex((a) => matches(a.fault, target));
    const hit = this.armed[index];
    if (!hit) return undefined;
    hit.left -= 1;
    if (hit.left <= 0) this.armed.splice(index, 1);
    return hit.fault;
  }
}

function matches(fault: Fault, t: FaultTarget): boolean {
  const m = fault.match;
  if (!m) return true;
  if (m.method !== undefined && m.method.toUpperCase() !== t.method.toUpperCase()) return false;
  if (m.operation !== undefined && m.operation !== t.operation) return false;
  if (m.id !== undefined && m.id !== t.id) return false;
  return true;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function optionalString(o: Record<string, unknown>, key: string): string | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new TypeError(`Fault field "${key}" must be a string.`);
  return v;
}

function optionalInt(o: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new TypeError(`Fault field "${key}" must be a whole number from ${min} to ${max}.`);
  }
  return v;
}

/** A validated copy of a fault (from code or from JSON); throws TypeError saying which field is wrong. */
export function parseFault(input: unknown): Fault {
  if (!isObject(input)) throw new TypeError('A fault must be a JSON object.');
  const kind = input['kind'];
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) {
    throw new TypeError(`Fault "kind" must be one of: ${FAULT_KINDS.join(', ')}.`);
  }
  const fault: Fault = { kind: kind as FaultKind };

  const match = input['match'];
  if (match !== undefined) {
    if (!isObject(match)) throw new TypeError('Fault "match" must be an object.');
    const method = optionalString(match, 'method');
    const operation = optionalString(match, 'operation');
    const id = optionalString(match, 'id');
    if (operation !== undefined && !(OPERATION_NAMES as readonly string[]).includes(operation)) {
      throw new TypeError(`Fault "match.operation" must be one of: ${OPERATION_NAMES.join(', ')}.`);
    }
    fault.match = {
      ...(method !== undefined ? { method } : {}),
      ...(operation !== undefined ? { operation: operation as Operation } : {}),
      ...(id !== undefined ? { id } : {}),
    };
  }

  const times = optionalInt(input, 'times', 1, 1_000_000);
  const status = optionalInt(input, 'status', 200, 599);
  const latencyMs = optionalInt(input, 'latencyMs', 0, 600_000);
  const sizeBytes = optionalInt(input, 'sizeBytes', 0, 2 ** 31 - 1);
  const retryAfter = optionalString(input, 'retryAfter');
  const serviceCode = optionalString(input, 'serviceCode');
  const serviceMessage = optionalString(input, 'serviceMessage');
  const xml = optionalString(input, 'xml');
  const fields = optionalNames(input, 'fields');
  // A header value with a line break would let a test inject arbitrary headers; refuse it plainly.
  if (retryAfter !== undefined && /[\r\n]/.test(retryAfter)) throw new TypeError('Fault "retryAfter" must be one line.');
  return {
    ...fault,
    ...(times !== undefined ? { times } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    ...(latencyMs !== undefined ? { latencyMs } : {}),
    ...(serviceCode !== undefined ? { serviceCode } : {}),
    ...(serviceMessage !== undefined ? { serviceMessage } : {}),
    ...(sizeBytes !== undefined ? { sizeBytes } : {}),
    ...(fields !== undefined ? { fields } : {}),
    ...(xml !== undefined ? { xml } : {}),
  };
}

/** A list of element names (letters, digits, `_`, `-`; a letter or `_` first). */
function optionalNames(o: Record<string, unknown>, key: string): string[] | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((n): n is string => typeof n === 'string' && /^[A-Za-z_][\w-]{0,63}$/.test(n))) {
    throw new TypeError(`Fault field "${key}" must be a list of element names.`);
  }
  return [...v];
}
