// The local service simulator: the service's operations over real HTTP, the documented authentication,
// injectable faults, and a record of what it received. No vscode: tests, the demo mode and the command
// line all start it through start().
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { errorAnswer, shown, type Answer } from './answer.js';
import { verifyAuth, verifyAuthHeaders, type AuthConfig, type AuthVerdict } from './auth.js';
import { randomCredentials } from './credentials.js';
import { CONTROL_PREFIX, handleControl } from './control.js';
import { dateIdOf } from './dates.js';
import {
  DEFAULT_AUTH_SCHEME,
  DEFAULT_HOST,
  DEMO_ACCOUNTS,
  DEMO_CURRENCY,
  DEMO_INSTANCES,
  DEMO_SENDER_IDS,
  DEMO_SMS_PRICE_CENTS_PER_SEGMENT,
  DEMO_STARTING_BALANCE_CENTS,
  demoInstanceIds,
  GATEWAY_SERVICE_ID,
  MAX_CLOCK_SKEW_MS,
  MAX_DEMO_INSTANCES,
} from './defaults.js';
import { credentialEchoText } from './credentialEcho.js';
import {
  DEFAULT_FAULT_LATENCY_MS,
  HOSTILE_TEXT,
  doctypeAnswer,
  entityBombAnswer,
  envelopeErrorAnswer,
  hostileAnswer,
  crowdedAnswer,
  echoAnswer,
  htmlAnswer,
  malformedAnswer,
  pause,
  statusFaultAnswer,
  writeAnswer,
  writeOversized,
  writeSlowBody,
  writeTruncated,
} from './faultWriters.js';
import { FaultList } from './faults.js';
import { CONTROL_TOKEN_HEADER, hasControlToken, isAllowedHost, randomControlToken } from './guard.js';
import { HANDLERS } from './handlers/services.js';
import { readSmsForm } from './handlers/sms.js';
import { matchRoute, pathnameOf, type RouteMatch } from './routes.js';
import { SimState } from './state.js';
import type { Fault, Simulator, SimulatorOptions } from './types.js';

export type * from './types.js';

/** Request bodies beyond this are refused with 413 (an SMS form is a few hundred bytes). */
const MAX_REQUEST_BODY = 1024 * 1024;
/** Connections open at once; more are closed as they arrive (a demo serves one editor). */
export const DEFAULT_MAX_CONNECTIONS = 64;
/** Request-body bytes held at once across all requests; a body that would pass it gets 503. */
export const DEFAULT_MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** The request-body bytes every request holds together, against one ceiling. */
class BodyBudget {
  used = 0;
  constructor(readonly max: number) {}
}

type BodyRead = { ok: true; body: Buffer; held: number } | { ok: false; status: 413 | 503 };

/**
 * Reads the whole body, counting it against `budget` while it is held. Refused once it passes `limit`
 * (413, or at once when Content-Length says so) or the budget (503); the rest is then not read, and
 * what was read is released. A successful read keeps `held` bytes until the caller releases them.
 */
function readBody(req: IncomingMessage, limit: number, budget: BodyBudget): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve({ ok: false, status: 413 });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // Releases what was read, once: a refused or failed read gives its bytes back at once.
    const fail = (): void => {
      settled = true;
      req.pause();
      req.removeAllListeners('data');
      budget.used -= size;
      chunks.length = 0;
    };
    req.on('data', (c: Buffer) => {
      if (settled) return;
      const status = size + c.length > limit ? 413 : budget.used + c.length > budget.max ? 503 : undefined;
      if (status !== undefined) {
        fail();
        resolve({ ok: false, status });
        return;
      }
      size += c.length;
      budget.used += c.length;
      chunks.push(c);
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      resolve({ ok: true, body: Buffer.concat(chunks), held: size });
    });
    req.on('error', (e) => {
      if (settled) return;
      fail();
      reject(e);
    });
  });
}

function serviceIdOf(route: RouteMatch): string {
  return route.kind === 'operation' || route.kind === 'methodNotAllowed' ? HANDLERS[route.operation].serviceId : GATEWAY_SERVICE_ID;
}

/** The instance ids served: the given list, `instanceCount` generated ones, or the demo's. */
function instancesOf(opts: SimulatorOptions): readonly string[] {
  const count = opts.instanceCount;
  if (count === undefined) return opts.instances ?? DEMO_INSTANCES;
  if (opts.instances !== undefined) throw new TypeError('Give the simulator instances or instanceCount, not both.');
  if (!Number.isInteger(count) || count < 0 || count > MAX_DEMO_INSTANCES) {
    throw new TypeError(`instanceCount must be a whole number from 0 to ${MAX_DEMO_INSTANCES}.`);
  }
  return demoInstanceIds(count);
}

export async function start(opts: SimulatorOptions = {}): Promise<Simulator> {
  const now = opts.now ?? Date.now;
  const credentials = { ...(opts.credentials ?? randomCredentials()) };
  if (credentials.accessKeyId === '' || credentials.secretAccessKey === '') {
    throw new TypeError('Simulator credentials need a non-empty access key id and secret access key.');
  }
  const auth: AuthConfig = {
    credentials,
    scheme: opts.authScheme ?? DEFAULT_AUTH_SCHEME,
    acceptEmptySignature: opts.acceptEmptySignature ?? false,
    maxSkewMs: MAX_CLOCK_SKEW_MS,
  };
  const state = new SimState(
    {
      instances: new Set(instancesOf(opts)),
      accounts: [...(opts.accounts ?? DEMO_ACCOUNTS)],
      senderIds: new Set(opts.senderIds ?? DEMO_SENDER_IDS),
      startingBalanceCents: DEMO_STARTING_BALANCE_CENTS,
      smsPriceCentsPerSegment: DEMO_SMS_PRICE_CENTS_PER_SEGMENT,
      currency: DEMO_CURRENCY,
    },
    now(),
  );
  const faults = new FaultList();
  for (const f of opts.faults ?? []) faults.add(f);
  const controlEnabled = opts.controlEndpoint ?? true;
  const controlToken = opts.controlToken || randomControlToken();
  const recordDetails = opts.recordDetails ?? false;
  const listenHost = opts.host ?? DEFAULT_HOST;
  const baseLatency = Math.max(0, opts.latencyMs ?? 0);
  const log = opts.log;
  // Aborted by close(): ends latency waits, trickles and streams, so nothing outlives the server.
  const closing = new AbortController();
  let inFlight = 0;
  let peakInFlight = 0;
  const budget = new BodyBudget(opts.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES);

  /** The body of a request that may be read, released when its answer is done; or the refusal's answer. */
  async function bodyOf(req: IncomingMessage, res: ServerResponse): Promise<Buffer | Answer> {
    const read = await readBody(req, MAX_REQUEST_BODY, budget);
    if (read.ok) {
      res.once('close', () => (budget.used -= read.held));
      return read.body;
    }
    res.shouldKeepAlive = false;
    return read.status === 413
      ? errorAnswer(413, `The request body exceeds ${MAX_REQUEST_BODY} bytes.`, GATEWAY_SERVICE_ID, now())
      : errorAnswer(503, 'The simulator holds too many request bodies at once; retry shortly.', GATEWAY_SERVICE_ID, now(), {
          'Retry-After': '1',
        });
  }

  /** The normal answer of a service request: route, then authentication, then the operation. */
  function answerFor(route: RouteMatch, req: IncomingMessage, body: Buffer, at: number): Answer {
    const serviceId = serviceIdOf(route);
    if (route.kind === 'notFound') {
      return errorAnswer(404, `No operation at ${req.method ?? ''} ${shown(pathnameOf(req.url ?? '/'))}.`, serviceId, at);
    }
    if (route.kind === 'badEncoding') return errorAnswer(400, 'The path contains malformed percent-encoding.', serviceId, at);
    if (route.kind === 'methodNotAllowed') {
      return errorAnswer(405, `This path accepts only ${route.allow}.`, serviceId, at, { Allow: route.allow });
    }
    const verdict = verifyAuth(auth, { method: req.method ?? '', pathWithQuery: req.url ?? '/', headers: req.headers, body, now: at });
    if (!verdict.ok) return errorAnswer(401, verdict.message, serviceId, at);
    return HANDLERS[route.operation].handle({ params: route.params, headers: req.headers, body, now: at, state, serviceId });
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    // Before anything is read: a page that rebound its own domain to 127.0.0.1 still names that domain.
    if (!isAllowedHost(req.headers.host, listenHost, opts.extraHosts)) {
      res.shouldKeepAlive = false;
      writeAnswer(
        res,
        errorAnswer(
          421,
          'This simulator answers only requests addressed to a loopback host (127.0.0.1, localhost, [::1]).',
          GATEWAY_SERVICE_ID,
          now(),
        ),
      );
      return;
    }
    const path = pathnameOf(url);
    if (controlEnabled && path.startsWith(CONTROL_PREFIX)) {
      if (!hasControlToken(req.headers, controlToken)) {
        res.shouldKeepAlive = false;
        res.writeHead(401, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: `The control endpoints need the simulator's token in the ${CONTROL_TOKEN_HEADER} header.` }));
        return;
      }
      const body = await bodyOf(req, res);
      handleControl(method, path, req, Buffer.isBuffer(body) ? body : Buffer.alloc(0), res, faults, state, credentials, dateIdOf(now()));
      return;
    }
    const route = matchRoute(method, url);
    // Authentication before the body: a request with wrong credentials is answered without a byte of
    // its body held. Only operations read a body at all; other paths answer from the request line.
    const early: AuthVerdict | undefined =
      route.kind === 'operation' ? verifyAuthHeaders(auth, { method, pathWithQuery: url, headers: req.headers, now: now() }) : undefined;
    const read = early?.ok === true ? await bodyOf(req, res) : Buffer.alloc(0);
    const at = now();
    state.requestCount += 1;
    // Concurrency as the server sees it: how a client's request scheduler is checked without timing.
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    res.once('close', () => (inFlight -= 1));
    if (!Buffer.isBuffer(read)) {
      writeAnswer(res, read);
      return;
    }
    if (early?.ok === false) {
      res.on('finish', () => log?.(`${method} ${url} -> ${res.statusCode} (refused before the body)`));
      writeAnswer(res, errorAnswer(401, early.message, serviceIdOf(route), at));
      return;
    }
    const body = read;
    // Only authenticated requests are remembered, in a bounded list, and without headers or body unless a
    // test asked for them: nothing anyone can send unauthenticated grows the simulator's memory.
    if (route.kind === 'operation' && verifyAuth(auth, { method, pathWithQuery: url, headers: req.headers, body, now: at }).ok) {
      state.recordRequest(
        recordDetails
          ? { method, path: url, headers: req.headers, rawHeaders: [...req.rawHeaders], body: body.toString('utf8'), time: at }
          : { method, path: url, time: at },
      );
    }

    const operation = route.kind === 'operation' || route.kind === 'methodNotAllowed' ? route.operation : undefined;
    const id =
      route.kind === 'operation'
        ? (route.id ?? (operation === 'sms' ? readSmsForm(req.headers, body)?.from?.trim() : undefined))
        : undefined;
    const fault: Fault | undefined = faults.take({ method, ...(operation ? { operation } : {}), ...(id !== undefined ? { id } : {}) });
    const note = fault ? ` [fault ${fault.kind}]` : '';
    res.on('finish', () => log?.(`${method} ${url} -> ${res.statusCode}${note}`));

    if (fault?.kind === 'reset') {
      log?.(`${method} ${url} -> connection reset${note}`);
      req.socket.resetAndDestroy();
      return;
    }
    if (fault?.kind === 'hang') return; // answered by nobody; close() ends the connection
    const wait = baseLatency + (fault?.kind === 'latency' ? (fault.latencyMs ?? DEFAULT_FAULT_LATENCY_MS) : 0);
    if (!(await pause(wait, closing.signal)) || res.destroyed) return;

    const serviceId = serviceIdOf(route);
    switch (fault?.kind) {
      case 'status':
        return writeAnswer(res, statusFaultAnswer(fault, serviceId, now()));
      case 'envelopeError':
        return writeAnswer(res, envelopeErrorAnswer(fault, serviceId, now()));
      case 'html':
        return writeAnswer(res, htmlAnswer(fault), 'text/html; charset=utf-8');
      case 'malformed':
        return writeAnswer(res, malformedAnswer(now()));
      case 'entityBomb':
        return writeAnswer(res, entityBombAnswer(now()));
      case 'oversized':
        return writeOversized(res, fault, now(), closing.signal);
      case 'doctype':
        return writeAnswer(res, doctypeAnswer(now()));
      case 'empty':
        return writeAnswer(res, { status: fault.status ?? 200, body: '' });
      default:
        break;
    }

    const answer = answerFor(route, req, body, now());
    switch (fault?.kind) {
      case 'resetAfterReceive':
        // The operation took effect (an SMS is recorded and charged); only its answer is lost.
        log?.(`${method} ${url} -> ${answer.status} dropped, connection reset${note}`);
        req.socket.resetAndDestroy();
        return;
      case 'truncated':
        return writeTruncated(res, answer, fault);
      case 'slowBody':
        return writeSlowBody(res, answer, fault, closing.signal);
      case 'contentType':
        return writeAnswer(res, answer, 'text/plain; charset=utf-8');
      case 'hostile':
        return writeAnswer(res, hostileAnswer(answer, fault.serviceMessage ?? HOSTILE_TEXT));
      case 'crowded':
        return writeAnswer(res, crowdedAnswer(answer, fault.sizeBytes));
      case 'echoCredentials': {
        // A gateway echoing the request: every form of the credentials (and this request's Signature) in
        // every service-controlled text; with `status`, as the message of that error instead of the answer.
        const signature = req.headers['signature'];
        const echo = credentialEchoText(
          credentials.accessKeyId,
          credentials.secretAccessKey,
          typeof signature === 'string' ? signature : undefined,
        );
        const base = fault.status !== undefined ? errorAnswer(fault.status, echo, serviceId, now()) : answer;
        return writeAnswer(res, hostileAnswer(base, echo));
      }
      case 'echo': {
        const text = fault.serviceMessage ?? HOSTILE_TEXT;
        const base = fault.status !== undefined ? errorAnswer(fault.status, text, serviceId, now()) : answer;
        return writeAnswer(res, echoAnswer(base, text, fault.fields ?? [], fault.xml));
      }
      default:
        return writeAnswer(res, answer);
    }
  }

  const sockets = new Set<Socket>();
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    serve(req, res).catch((e: unknown) => {
      log?.(`${req.method ?? ''} ${req.url ?? ''} -> simulator error: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent && !res.destroyed) {
        writeAnswer(res, errorAnswer(500, 'The simulator failed to answer this request.', GATEWAY_SERVICE_ID, now()));
      } else {
        res.destroy();
      }
    });
  };
  const server = opts.tls ? createHttpsServer({ key: opts.tls.key, cert: opts.tls.cert }, onRequest) : createServer(onRequest);
  // A cap on open connections: the ones past it are closed as they arrive (Node's own limit).
  server.maxConnections = opts.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  server.on('drop', () => log?.(`connection refused: ${server.maxConnections} already open`));
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? DEFAULT_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const host = opts.host ?? DEFAULT_HOST;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closed: Promise<void> | undefined;
  return {
    url: `${opts.tls ? 'https' : 'http'}://${urlHost}:${port}`,
    port,
    credentials,
    received: state.received,
    requests: state.requests,
    get requestCount() {
      return state.requestCount;
    },
    get inFlight() {
      return inFlight;
    },
    get peakInFlight() {
      return peakInFlight;
    },
    resetPeakInFlight: () => {
      peakInFlight = inFlight;
    },
    controlToken,
    addFault: (f: Fault) => faults.add(f),
    clearFaults: () => faults.clear(),
    liveTraffic: (on: boolean) => state.live.set(on, now(), dateIdOf(now())),
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        // Hanging, trickling and keep-alive connections would otherwise hold close() open.
        for (const s of sockets) s.destroy();
      })),
  };
}
