// What every operation handler receives (decoded path parameters, the raw body, the shared state and the id of
// the service answering), and the shape of one simulated service: its id and the operations it answers.
import type { IncomingHttpHeaders } from 'node:http';
import type { Answer } from '../answer.js';
import type { SimState } from '../state.js';
import type { Operation } from '../types.js';

export interface HandlerContext {
  params: Readonly<Record<string, string>>;
  headers: IncomingHttpHeaders;
  body: Buffer;
  now: number;
  state: SimState;
  /** The envelope's service/id: the id of the service answering (services.ts). */
  serviceId: string;
}

export type Handler = (ctx: HandlerContext) => Answer;

/** One service behind the simulator's gateway: the service/id its answers carry, and a handler per operation it answers. */
export interface Service<K extends Operation = Operation> {
  id: string;
  handlers: Record<K, Handler>;
}
