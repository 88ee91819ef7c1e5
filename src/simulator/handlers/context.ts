// What every operation handler receives: decoded path parameters, the raw body, and the shared state.
import type { IncomingHttpHeaders } from 'node:http';
import type { SimState } from '../state.js';

export interface HandlerContext {
  params: Readonly<Record<string, string>>;
  headers: IncomingHttpHeaders;
  body: Buffer;
  now: number;
  state: SimState;
}
