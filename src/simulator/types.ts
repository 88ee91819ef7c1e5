// Public types of the simulator: its options, the faults it can inject and what it records.
import type { IncomingHttpHeaders } from 'node:http';
import type { Operation } from '../core/api/operations.js';

/** The service's operations, declared once in the core's table (src/core/api/operations.ts). */
export type { Operation };

export type FaultKind =
  | 'latency'
  | 'status'
  | 'envelopeError'
  | 'html'
  | 'malformed'
  | 'truncated'
  | 'slowBody'
  | 'reset'
  | 'resetAfterReceive'
  | 'hang'
  | 'oversized'
  | 'entityBomb'
  | 'doctype'
  | 'contentType'
  | 'empty'
  | 'hostile'
  | 'echoCredentials'
  | 'crowded'
  | 'echo';

export interface FaultMatch {
  /** HTTP method, case-insensitive. */
  method?: string;
  operation?: Operation;
  /** The instance or account id of the path; for `sms`, the `from:id` sender. */
  id?: string;
}

/**
 * One injected misbehaviour. The first fault (in the order added) whose `match` fits a request is applied,
 * and only that one. See README.md in this folder for what each kind does and which fields it reads.
 */
export interface Fault {
  kind: FaultKind;
  match?: FaultMatch;
  /** Apply to the next N matching requests, then drop the fault; default: every matching request. */
  times?: number;
  status?: number;
  retryAfter?: string;
  latencyMs?: number;
  serviceCode?: string;
  serviceMessage?: string;
  sizeBytes?: number;
  /** `echo`: payload elements (by name) whose text becomes `serviceMessage` too, e.g. `amount`, `duration_min`. */
  fields?: string[];
  /** `echo`: markup written as it is (not escaped) at the end of `<result>`; the caller keeps it well-formed. */
  xml?: string;
}

export interface SimulatorOptions {
  /** 0 or absent: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * Host names answered besides loopback and `host`: a name that only a test proxy resolves to this
   * simulator (tests of proxied requests, which never go to a loopback name). Never a user setting.
   */
  extraHosts?: readonly string[];
  /** Added before every answer. */
  latencyMs?: number;
  faults?: Fault[];
  /** Absent: random ones, different on every start (read them from Simulator.credentials). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Connections open at once; more are closed as they arrive. Default DEFAULT_MAX_CONNECTIONS (64). */
  maxConnections?: number;
  /** Request-body bytes held at once across all requests; past it a request gets 503. Default 8 MiB. */
  maxBufferedBytes?: number;
  /** Clock for currentDateID, envelope timestamps and the Timestamp window. Default Date.now. */
  now?: () => number;
  accounts?: string[];
  instances?: string[];
  /**
   * Serve VI-DEMO-01 … VI-DEMO-<n> (demoInstanceIds) instead of the demo's two dozen: lists of hundreds for
   * tests and the bench. Not together with `instances`; at most MAX_DEMO_INSTANCES.
   */
  instanceCount?: number;
  senderIds?: string[];
  /** `Authorization` value of the signed form; default CLOUD-V1. */
  authScheme?: string;
  /** Accept the signed form with an empty `Signature` (the key id and timestamp are still checked). */
  acceptEmptySignature?: boolean;
  /** Serve the /__sim control endpoints (default true). */
  controlEndpoint?: boolean;
  /**
   * The secret the /__sim control endpoints require in the X-Sim-Token header. Absent or empty: a random one
   * (read it from Simulator.controlToken).
   */
  controlToken?: string;
  /**
   * Keep each recorded request's headers and body (unit tests of the wire format, in this process only).
   * Default false: a record holds method, path and time, nothing secret and no body.
   */
  recordDetails?: boolean;
  /** One line per answered request (method, path, status); never headers or bodies. */
  log?: (line: string) => void;
  /** Serve HTTPS with this key and certificate chain (PEM), as a service behind a private CA would; default plain HTTP. */
  tls?: { key: string; cert: string };
}

export interface ReceivedSms {
  from: string;
  to: string;
  body: string;
  messageId: string;
  /** The simulator clock when it was accepted. */
  at: number;
}

export interface RecordedRequest {
  method: string;
  /** Path with query, exactly as received. */
  path: string;
  /** Node's view of the headers (names lower-cased), as received. Only with `recordDetails`. */
  headers?: IncomingHttpHeaders;
  /** Name/value pairs in arrival order, names as the client spelled them. Only with `recordDetails`. */
  rawHeaders?: string[];
  /** Only with `recordDetails`. */
  body?: string;
  /** The simulator clock when the request was read. */
  time: number;
}

export interface Simulator {
  url: string;
  port: number;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /**
   * Live list: the SMS accepted so far (also those whose answer a fault then dropped), the latest
   * RECEIVED_LIMIT of them.
   */
  received: ReceivedSms[];
  /**
   * Live list: the service requests that passed authentication (control endpoints, refused and
   * unauthenticated requests excluded), the latest REQUEST_LIMIT of them.
   */
  requests: RecordedRequest[];
  /** How many service requests arrived, authenticated or not (a count only: nothing of them is kept). */
  readonly requestCount: number;
  /** Service requests being answered right now (arrived, answer not yet finished or dropped). */
  readonly inFlight: number;
  /** The most service requests answered at once since start or the last resetPeakInFlight(). */
  readonly peakInFlight: number;
  /** Starts a new peak from the requests in flight now (a test measuring one burst). */
  resetPeakInFlight(): void;
  /** The X-Sim-Token value the /__sim control endpoints require. */
  controlToken: string;
  addFault(f: Fault): void;
  clearFaults(): void;
  /** Today's calls grow on every instance and are charged to the first account while on (the demo's watch; liveTraffic.ts). */
  liveTraffic(on: boolean): void;
  close(): Promise<void>;
}
