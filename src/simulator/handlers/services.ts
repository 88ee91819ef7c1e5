// Which simulated service answers each operation of src/core/api/operations.ts. The type wants a handler for
// every operation: a new one goes into its service's file (or a file beside it, as the month view's does).
import type { Operation } from '../types.js';
import { ACCOUNT } from './account.js';
import type { Handler, Service } from './context.js';
import { MESSAGING } from './sms.js';
import { VOICE } from './voice.js';

export interface Served {
  serviceId: string;
  handle: Handler;
}

function servedBy<K extends Operation>(service: Service<K>): Record<K, Served> {
  const out = {} as Record<K, Served>;
  for (const op of Object.keys(service.handlers) as K[]) out[op] = { serviceId: service.id, handle: service.handlers[op] };
  return out;
}

export const HANDLERS: Readonly<Record<Operation, Served>> = { ...servedBy(MESSAGING), ...servedBy(VOICE), ...servedBy(ACCOUNT) };
