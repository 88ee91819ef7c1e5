// Every operation of the service, declared once: the client builds, queues, retries, caps and signs its
// requests from here, Copy Request as Code copies what the client builds, the simulator routes by it, and
// docs/service.md lists it (`npm run docs:operations` writes that table; a unit test compares). Pure data and
// no imports: the simulator reads it too.

/**
 * The path parameters the routes may name, each with the kind of value it holds: how the client checks it
 * (request.ts validateParam) and, in the simulator, which one is the path's id a fault can match. Copy Request
 * as Code defaults each by name (host/commands/readCall.ts) and looks for a day before a month, in this order.
 */
export const PATH_PARAMS = {
  instanceId: 'id',
  accountId: 'id',
  dateId: 'date',
  monthId: 'month',
} as const;

export type ParamName = keyof typeof PATH_PARAMS;

export interface OperationSpec {
  readonly method: 'GET' | 'POST';
  /** Below the base URL, without a leading '/'; each `{name}` is one of PATH_PARAMS, percent-encoded when sent. */
  readonly route: string;
  /** What it asks for, in a few words, for the docs' list. */
  readonly summary: string;
  /**
   * The largest answer read, below the client-wide maxResponseBytes: an answer is parsed on the editor's thread
   * (or its own), and a 5 MB document holds it for seconds.
   */
  readonly maxBytes: number;
  /**
   * Its place in the profile's queue of requests: `high` goes before `normal`; `highThisMonth` is high when its
   * `monthId` is the current month; `unqueued` never waits for the reads. A caller may still say otherwise.
   */
  readonly priority: 'high' | 'normal' | 'highThisMonth' | 'unqueued';
  /** Sent again after a network error or HTTP 429/502/503/504 (http/retry.ts). */
  readonly retry: boolean;
  /** The credential form under `auth.form` = `seed` (the spec's examples; auth/headers.ts). */
  readonly seedForm: 'signed' | 'basic';
}

const MiB = 1024 * 1024;

/** In the order the user is offered them (Copy Request as Code's pick) and the docs list them. */
export const OPERATIONS = {
  calls: {
    method: 'GET',
    route: 'v1/vvoice/{instanceId}/calls/{monthId}',
    summary: "the month view: one voice instance's call counters for each day of a month",
    // At most 31 days: 1 MiB is far above any real answer.
    maxBytes: MiB,
    // The current month is what every view opens on.
    priority: 'highThisMonth',
    retry: true,
    seedForm: 'basic',
  },
  activities: {
    method: 'GET',
    route: 'v1/vvoice/{instanceId}/activities/{dateId}',
    summary: "one day's voice activities (not documented by the spec: shown as they come); the day is sent as YYYYMMDD",
    // A day's activities are a few hundred rows.
    maxBytes: MiB,
    // Opened by a click on that day: the user is waiting for them.
    priority: 'high',
    retry: true,
    seedForm: 'basic',
  },
  balance: {
    method: 'GET',
    route: 'v1/account/{accountId}/balance',
    summary: "the account's balance (not documented by the spec: an amount and a currency are looked for)",
    maxBytes: MiB,
    priority: 'normal',
    retry: true,
    seedForm: 'basic',
  },
  sms: {
    method: 'POST',
    route: 'v1/message/sms',
    summary: 'sends one SMS (form fields `from:id`, `to`, `body`)',
    // The answer is a handful of fields.
    maxBytes: 256 * 1024,
    // A send never waits for reads, and is never sent twice: a second POST could send the SMS twice.
    priority: 'unqueued',
    retry: false,
    seedForm: 'signed',
  },
} as const satisfies Readonly<Record<string, OperationSpec>>;

export type Operation = keyof typeof OPERATIONS;

/** The operations that read (GET): the ones asked for by their path parameters alone. */
export type ReadOperation = { [K in Operation]: (typeof OPERATIONS)[K]['method'] extends 'GET' ? K : never }[Operation];

type Placeholders<R extends string> = R extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;

/** The path parameters of an operation, by name: `{ instanceId: string; monthId: string }` for `calls`. */
export type ParamsOf<K extends Operation> = { readonly [P in Placeholders<(typeof OPERATIONS)[K]['route']>]: string };

/** One read with its parameters, as describeRequest and Copy Request as Code take it. */
export type ReadCall = { [K in ReadOperation]: { readonly operation: K } & ParamsOf<K> }[ReadOperation];

// A route naming a parameter PATH_PARAMS lacks fails to compile here, naming it.
type UnknownParams = Exclude<{ [K in Operation]: Placeholders<(typeof OPERATIONS)[K]['route']> }[Operation], ParamName>;
const _knownParams: [UnknownParams] extends [never] ? true : UnknownParams = true;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as Operation[];

export const READ_OPERATIONS = OPERATION_NAMES.filter((op): op is ReadOperation => OPERATIONS[op].method === 'GET');

export function isOperation(name: string): name is Operation {
  return Object.hasOwn(OPERATIONS, name);
}

/** The parameters `route` names, in path order. */
export function paramsOf(route: string): ParamName[] {
  return [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as ParamName);
}
