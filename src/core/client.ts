// The one object the host talks to: base URL + credentials + auth options + timeouts + logger. Every
// operation is sent as its entry in api/operations.ts says (method, route, cap, queue, retries, credential
// form); `read` sends any read of that table, and the typed methods add what their answers are read into.
import type { Dispatcher } from 'undici';
import { findBalance, type Balance } from './api/balance.js';
import { interpretMonthView } from './api/monthView.js';
import { OPERATIONS, type ParamsOf, type ReadCall, type ReadOperation } from './api/operations.js';
import { encodeForm, readRequest, requestUrl, type ApiRequest } from './api/request.js';
import { interpretResponse, type ReadEnvelope } from './api/response.js';
import { readOffThread } from './answerThread/reader.js';
import { buildSmsRequest, interpretSms, type SendSmsInput, type SendSmsResult } from './api/sms.js';
import { AnswerBoundary, type SecretMask } from './boundary.js';
import { authHeaders, DEFAULT_AUTH, effectiveForm, type AuthOptions, type Credentials } from './auth/headers.js';
import { isVoiceSmsError, validationError, VoiceSmsError, type AdviceFor } from './errors.js';
import { DEFAULT_RETRY, parseRetryAfter, sendWithRetry, type RetryPolicy } from './http/retry.js';
import { DEFAULT_MAX_CONCURRENT_REQUESTS, RequestScheduler, type AttemptOutcome, type RequestPriority } from './http/scheduler.js';
import { DEFAULT_MAX_RESPONSE_BYTES, Transport, type HttpResponse, type TransportFactory } from './http/transport.js';
import { mayHaveReachedServer, messageForSend, timeoutError, type ProxyFacts } from './http/transportErrors.js';
import { addsToNodeDefaults, type TrustStore } from './http/trust.js';
import { nullLogger, type Logger } from './log.js';
import { validateBaseUrl } from './model/ids.js';
import { monthIdOf } from './model/month.js';
import type { MonthView } from '../shared/monthModel.js';
import { maskPhone } from './sms/phone.js';
import type { Envelope } from './xml/envelope.js';
import * as l10n from '@vscode/l10n';

export type { SendSmsInput, SendSmsResult } from './api/sms.js';
export type { Balance } from './api/balance.js';
export type { Logger } from './log.js';
export interface ClientOptions {
  baseUrl: string;
  credentials: Credentials;
  auth?: Partial<AuthOptions>;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number; totalMs?: number };
  maxResponseBytes?: number;
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  logger?: Logger;
  /** A proxy dispatcher (connectClient's); the client then neither owns nor closes it. */
  dispatcher?: Dispatcher;
  /** The proxy `dispatcher` goes through, as error messages name it (connectClient sets it). */
  proxy?: ProxyFacts;
  /** Whose settings error messages name: the editor's (default) or the environment's (the MCP server). */
  advice?: AdviceFor;
  /** Another transport than the bundled undici one (the editor's network stack); it gets the same timeouts, cap and trust. */
  transport?: TransportFactory;
  /**
   * The CAs an https base URL is checked against (resolveTrust: bundled, OS store, CA file, NODE_EXTRA_CA_CERTS);
   * absent: Node's defaults. Not used with `dispatcher`, which carries its own (createProxyDispatcher).
   */
  trust?: TrustStore;
  /** ISO 3166 region for national-format destination numbers. */
  defaultRegion?: string;
  /** Clock for the Timestamp header (ms since epoch). */
  now?: () => number;
  /** Named in auth error messages ("check the access key id and secret of profile …"). */
  profileName?: string;
  /**
   * The profile's scheduler, shared by every client of that profile (the host keeps one per profile so a
   * rebuilt client does not reset the limit). Absent: the client makes its own from maxConcurrentRequests.
   */
  scheduler?: RequestScheduler;
  /** GETs in flight at once when the client makes its own scheduler (default 6). */
  maxConcurrentRequests?: number;
  /**
   * Secrets besides this client's own that no answer may carry past the client (the host: every stored
   * profile's credentials). Read at each answer, so secrets learnt later count too. See boundary.ts.
   */
  knownSecrets?: SecretMask;
  /**
   * Large answers are scrubbed and parsed on a thread of their own so that they never hold the caller's
   * (answerThread/reader.ts); false: always on the caller's thread (the bench's side-by-side rows). Default true.
   */
  offThread?: boolean;
}

/** Per-call options of the reads. */
export interface ReadOptions {
  /** Who goes first when the profile's requests queue; a month view of the current month defaults to 'high'. */
  priority?: RequestPriority;
}

export interface MonthViewResult {
  view: MonthView;
  envelope: Envelope;
  elapsedMs: number;
  rawXml: string;
}

export interface RawResult {
  result: unknown;
  envelope: Envelope;
  elapsedMs: number;
  rawXml: string;
}

export type BalanceResult = RawResult & { balance?: Balance };

/** One operation call, as describeRequest takes it: a read with its path parameters, or an SMS. */
export type OperationCall = { operation: 'sms'; input: SendSmsInput } | ReadCall;

export interface DescribedRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Exactly the headers the request would carry, credentials included (see sensitiveHeaders). */
  headers: Record<string, string>;
  /** The form-encoded body of a POST. */
  body?: string;
  /** Header names whose values reveal the secret (basic credentials); redact them before showing or logging. */
  sensitiveHeaders: string[];
  /**
   * How `url` is built, for "Copy Request as Code": `url` is `base` followed by `template` with each `{name}`
   * replaced by encodeURIComponent(params[name]).
   */
  route: { base: string; template: string; params: Readonly<Record<string, string>> };
  /** The form fields of a POST before encoding (`body` is them, form-encoded), in the order sent. */
  form?: [name: string, value: string][];
}

export interface VoiceSmsClient {
  sendSms(i: SendSmsInput, signal?: AbortSignal): Promise<SendSmsResult>;
  getMonthView(instanceId: string, monthId: string, signal?: AbortSignal, options?: ReadOptions): Promise<MonthViewResult>;
  getBalance(accountId: string, signal?: AbortSignal, options?: ReadOptions): Promise<BalanceResult>;
  getDayActivities(instanceId: string, dateId: string, signal?: AbortSignal, options?: ReadOptions): Promise<RawResult>;
  /** Any read of api/operations.ts, its answer kept raw (the typed methods above read theirs into a model). */
  read<K extends ReadOperation>(operation: K, params: ParamsOf<K>, signal?: AbortSignal, options?: ReadOptions): Promise<RawResult>;
  /** Builds the exact request (method, url, headers, form body) without sending — for "Copy as cURL". */
  describeRequest(call: OperationCall): DescribedRequest;
  /** Closes kept-alive connections (not a caller-supplied dispatcher). */
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000, totalMs: 60_000 } as const;

function positive(field: string, v: number | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  if (!Number.isFinite(v) || v <= 0) throw validationError(field, l10n.t('must be a positive number'));
  return v;
}

// Header values must be visible ASCII; checked here so undici never builds an error message around one.
const HEADER_SAFE = /^[\x21-\x7e]+$/;

function validateCredentials(c: Credentials): Credentials {
  const id = c.accessKeyId?.trim() ?? '';
  if (id === '') throw validationError('accessKeyId', l10n.t('the access key id is empty'));
  if (!HEADER_SAFE.test(id)) throw validationError('accessKeyId', l10n.t('the access key id may only contain visible ASCII characters'));
  const secret = c.secretAccessKey ?? '';
  if (secret.trim() === '') throw validationError('secretAccessKey', l10n.t('the secret access key is empty'));
  if (/[\r\n\0]/.test(secret)) throw validationError('secretAccessKey', l10n.t('the secret access key contains a line break'));
  return { accessKeyId: id, secretAccessKey: secret };
}

interface Exchange {
  response: HttpResponse;
  envelope: Envelope;
  elapsedMs: number;
}

/** Builds a client; throws VoiceSmsError('validation') for a bad base URL, credentials or options. */
export function createClient(o: ClientOptions): VoiceSmsClient {
  const base = validateBaseUrl(o.baseUrl);
  const credentials = validateCredentials(o.credentials);
  const auth: AuthOptions = { ...DEFAULT_AUTH, ...o.auth };
  const timeouts = {
    connectMs: positive('timeouts.connectMs', o.timeouts?.connectMs, DEFAULT_TIMEOUTS.connectMs),
    headersMs: positive('timeouts.headersMs', o.timeouts?.headersMs, DEFAULT_TIMEOUTS.headersMs),
    bodyMs: positive('timeouts.bodyMs', o.timeouts?.bodyMs, DEFAULT_TIMEOUTS.bodyMs),
    totalMs: positive('timeouts.totalMs', o.timeouts?.totalMs, DEFAULT_TIMEOUTS.totalMs),
  };
  const retry: RetryPolicy = {
    attempts: Math.max(1, Math.floor(positive('retry.attempts', o.retry?.attempts, DEFAULT_RETRY.attempts))),
    baseDelayMs: positive('retry.baseDelayMs', o.retry?.baseDelayMs, DEFAULT_RETRY.baseDelayMs),
    maxDelayMs: positive('retry.maxDelayMs', o.retry?.maxDelayMs, DEFAULT_RETRY.maxDelayMs),
  };
  const log = o.logger ?? nullLogger;
  const now = o.now ?? Date.now;
  const host = base.host;
  const scheduler =
    o.scheduler ??
    new RequestScheduler({
      maxConcurrent: positive('maxConcurrentRequests', o.maxConcurrentRequests, DEFAULT_MAX_CONCURRENT_REQUESTS),
    });
  const transportOptions = {
    ...timeouts,
    maxResponseBytes: positive('maxResponseBytes', o.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES),
    ...(o.dispatcher ? { dispatcher: o.dispatcher } : {}),
    ...(o.dispatcher && o.proxy ? { proxy: o.proxy } : {}),
    ...(o.advice ? { advice: o.advice } : {}),
    // Built only for https and only when it adds something: parsing hundreds of CAs is not free.
    ...(!o.dispatcher && o.trust && base.protocol === 'https:' && addsToNodeDefaults(o.trust)
      ? { secureContext: o.trust.secureContext() }
      : {}),
  };
  const transport = o.transport ? o.transport(transportOptions) : new Transport(transportOptions);
  let closed = false;
  // Every answer, from whichever transport, and every error the client throws passes through it.
  const boundary = new AnswerBoundary(credentials, o.knownSecrets);
  /** Envelopes the answer thread already read, by the answer it returned. */
  const readElsewhere = new WeakMap<HttpResponse, ReadEnvelope>();
  /** The host's secrets as the answer thread can rebuild them; false: a mask it cannot (then answers stay here). */
  const hostSecrets = () => (o.knownSecrets ? (o.knownSecrets.known?.() ?? false) : undefined);

  function prepare(req: ApiRequest): { url: URL; headers: Record<string, string>; body?: string } {
    const url = requestUrl(base, req.path);
    const body = req.form ? encodeForm(req.form) : undefined;
    const { seedForm } = OPERATIONS[req.operation];
    const headers: Record<string, string> = {
      // Timestamp and signature are computed per attempt, so a retry is never stale.
      ...authHeaders(credentials, auth, {
        method: req.method,
        pathWithQuery: url.pathname + url.search,
        body: body ?? '',
        now: now(),
        seedForm,
      }),
      Accept: 'application/xml',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
    return body === undefined ? { url, headers } : { url, headers, body };
  }

  async function exchange(req: ApiRequest, signal: AbortSignal | undefined, priority: RequestPriority = 'normal'): Promise<Exchange> {
    if (closed) throw new VoiceSmsError('network', l10n.t('The client was closed; create a new one to make requests.'));
    signal?.throwIfAborted();
    const spec = OPERATIONS[req.operation];
    const path = '/' + req.path;
    const label = `${req.method} ${path}${req.logNote ? ` (${req.logNote})` : ''}`;
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    // One deadline over all attempts and waits; told apart from the caller's own abort below. A timer
    // cleared as soon as the exchange ends: AbortSignal.timeout's would outlive each request by the whole
    // total timeout, thousands of them after a busy minute.
    const deadlineController = new AbortController();
    const deadlineTimer = setTimeout(
      () => deadlineController.abort(new DOMException(`The operation was aborted due to timeout`, 'TimeoutError')),
      timeouts.totalMs,
    );
    deadlineTimer.unref?.();
    const deadline = deadlineController.signal;
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;

    const send = async (n: number): Promise<HttpResponse> => {
      const { url, headers, body } = prepare(req);
      log.debug(`${label} attempt ${n}`);
      const t0 = performance.now();
      const raw = await transport.send(
        { method: req.method, url, headers, maxResponseBytes: spec.maxBytes, ...(body !== undefined ? { body } : {}) },
        combined,
      );
      // Scrubbed before anything reads it: the retry policy, the parser, the raw-answer view. A large answer is
      // scrubbed and parsed on the answer thread, the same way.
      const carried = carriedSecrets(headers);
      const off =
        o.offThread === false ? undefined : await readOffThread(raw, carried, credentials, hostSecrets(), { signal: combined, log });
      const res = off ? off.res : boundary.response(raw, carried);
      if (off) readElsewhere.set(res, off.read);
      log.info(
        `${label} -> ${res.status} in ${Math.round(performance.now() - t0)} ms (attempt ${n}, ${res.bytes} bytes${off ? ', read on the answer thread' : ''})`,
      );
      return res;
    };
    // Each queued attempt holds a slot only while on the wire: a retry's backoff wait frees it for others.
    const queued = async (n: number): Promise<HttpResponse> => {
      const release = await scheduler.acquire(priority, combined);
      let outcome: AttemptOutcome = 'failed';
      try {
        const res = await send(n);
        outcome = OVERLOADED.has(res.status) ? 'overloaded' : 'ok';
        const wait = outcome === 'overloaded' ? parseRetryAfter(res.headers['retry-after'], now()) : undefined;
        if (wait !== undefined) scheduler.pauseFor(wait);
        return res;
      } finally {
        release(outcome);
      }
    };

    let response: HttpResponse;
    let attempts = 1;
    let retryAfterMs: number | undefined;
    // An unqueued operation (a send) never waits for the reads; one that may not be retried is sent once.
    const attempt = spec.priority === 'unqueued' ? send : queued;
    try {
      if (spec.retry) {
        const out = await sendWithRetry(attempt, retry, combined, {
          remainingMs: () => timeouts.totalMs - elapsed(),
          onRetry: ({ attempt: n, delayMs, reason }) =>
            log.warn(`${label}: ${reason}; retrying in ${delayMs} ms (attempt ${n + 1} of ${retry.attempts})`),
        });
        ({ response, attempts, retryAfterMs } = out);
      } else {
        response = await attempt(1);
      }
    } catch (err) {
      if (signal?.aborted) {
        log.info(`${label} cancelled after ${elapsed()} ms`);
        throw signal.reason;
      }
      const failure =
        deadline.aborted && !isVoiceSmsError(err)
          ? timeoutError(host, 'total', timeouts.totalMs, err)
          : isVoiceSmsError(err)
            ? err
            : new VoiceSmsError('network', l10n.t('The request to {0} failed unexpectedly.', host), {}, { cause: err });
      failure.details.attempts ??= attempts;
      log.error(
        `${label} failed after ${elapsed()} ms: ${failure.kind}${failure.details.causeCode ? ` (${failure.details.causeCode})` : ''}`,
      );
      throw failure;
    } finally {
      clearTimeout(deadlineTimer);
    }

    try {
      const read = readElsewhere.get(response);
      const envelope = interpretResponse(response, {
        clean: (env, from) => boundary.envelope(env, from),
        ...(read ? { read } : {}),
        host,
        method: req.method,
        path,
        attempts,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        ...(o.profileName !== undefined ? { profileName: o.profileName } : {}),
      });
      return { response, envelope, elapsedMs: elapsed() };
    } catch (err) {
      if (isVoiceSmsError(err)) {
        const codes = [err.details.httpStatus, err.details.serviceCode].filter((x) => x !== undefined).join('/');
        log.error(`${label} failed: ${err.kind}${codes ? ` (${codes})` : ''}`);
      }
      throw err;
    }
  }

  /**
   * A read of the table: its request built and checked, sent at its entry's priority unless the caller says
   * otherwise; `params`: the parameters as sent (a month view is read for that month).
   */
  async function sendRead(
    operation: ReadOperation,
    given: Readonly<Record<string, string>>,
    signal: AbortSignal | undefined,
    options: ReadOptions | undefined,
  ): Promise<Exchange & { params: Record<string, string> }> {
    const { request, params } = readRequest(operation, given);
    const placed = OPERATIONS[operation].priority;
    const priority =
      options?.priority ?? (placed === 'highThisMonth' ? (params['monthId'] === monthIdOf(new Date(now())) ? 'high' : 'normal') : placed);
    return { ...(await exchange(request, signal, priority)), params };
  }

  /** Whatever an operation throws leaves scrubbed and capped (the caller's own abort reason excepted). */
  async function guarded<T>(signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (signal?.aborted && err === signal.reason) throw err;
      throw boundary.error(err);
    }
  }

  function readRaw(
    operation: ReadOperation,
    params: Readonly<Record<string, string>>,
    signal?: AbortSignal,
    options?: ReadOptions,
  ): Promise<RawResult> {
    return guarded(signal, async () => {
      const { envelope, elapsedMs, response } = await sendRead(operation, params, signal, options);
      return { result: envelope.result, envelope, elapsedMs, rawXml: response.body };
    });
  }

  return {
    sendSms(input, signal) {
      return guarded(signal, async () => {
        const prepared = buildSmsRequest(input, o.defaultRegion);
        try {
          const { envelope, response } = await exchange(prepared.request, signal);
          return { ...interpretSms(envelope, prepared), rawXml: response.body };
        } catch (err) {
          throw isVoiceSmsError(err) ? smsOutcome(boundary.error(err), prepared.to) : err;
        }
      });
    },

    getMonthView(instanceId, monthId, signal, options) {
      return guarded(signal, async () => {
        const { envelope, elapsedMs, response, params } = await sendRead('calls', { instanceId, monthId }, signal, options);
        return { view: interpretMonthView(envelope, params['monthId'] ?? monthId), envelope, elapsedMs, rawXml: response.body };
      });
    },

    getBalance(accountId, signal, options) {
      return guarded(signal, async () => {
        const { envelope, elapsedMs, response } = await sendRead('balance', { accountId }, signal, options);
        const balance = findBalance(envelope.result);
        const raw: RawResult = { result: envelope.result, envelope, elapsedMs, rawXml: response.body };
        return balance ? { ...raw, balance } : raw;
      });
    },

    getDayActivities(instanceId, dateId, signal, options) {
      return readRaw('activities', { instanceId, dateId }, signal, options);
    },

    read: readRaw,

    describeRequest(call) {
      const req =
        call.operation === 'sms' ? buildSmsRequest(call.input, o.defaultRegion).request : readRequest(call.operation, call).request;
      const { url, headers, body } = prepare(req);
      const sensitive = effectiveForm(OPERATIONS[req.operation].seedForm, auth.form) === 'basic' ? ['Authorization'] : [];
      const href = url.toString();
      // The path is appended to the base as it is (requestUrl): the base is everything before it.
      const base = href.endsWith(req.path) ? href.slice(0, href.length - req.path.length) : href;
      const route = { base, template: base === href ? '' : req.route.template, params: base === href ? {} : req.route.params };
      return {
        method: req.method,
        url: href,
        headers,
        ...(body !== undefined ? { body } : {}),
        sensitiveHeaders: sensitive,
        route,
        ...(req.form ? { form: req.form.map(([n, v]): [string, string] => [n, v]) } : {}),
      };
    },

    async close() {
      closed = true;
      await transport.close();
    },
  };
}

/** Header values a request carried that reveal a secret without being one (the Signature, a Basic token). */
function carriedSecrets(headers: Record<string, string>): string[] {
  const out: string[] = [];
  const signature = headers['Signature'];
  if (signature) out.push(signature);
  const authorization = headers['Authorization'] ?? '';
  const token = /^basic\s+(\S+)$/i.exec(authorization)?.[1];
  if (token) out.push(token);
  return out;
}

// Statuses by which the service says it is overloaded: the profile's scheduler halves its limit.
const OVERLOADED = new Set([429, 503]);

// HTTP statuses by which a gateway says it lost the upstream answer: the service may have acted.
const GATEWAY_LOST = new Set([502, 504]);

/**
 * For a failed send, decides whether the message may have gone out anyway and, if so, says so:
 * the user must not resend blindly. Failures before any byte left (refused, DNS, TLS) stay as they are.
 */
function smsOutcome(err: VoiceSmsError, to: string): VoiceSmsError {
  const status = err.details.httpStatus;
  const unknown =
    err.kind === 'network' || err.kind === 'timeout'
      ? mayHaveReachedServer(err)
      : // A 2xx whose body could not be read (malformed, oversized): the service accepted the request.
        ((err.kind === 'parse' || err.kind === 'http') && status !== undefined && status >= 200 && status < 300) ||
        (err.kind === 'http' && status !== undefined && GATEWAY_LOST.has(status) && err.details.serviceCode === undefined);
  if (!unknown) return err;
  return new VoiceSmsError(
    err.kind,
    // Without the transport's "try again" advice: for a send, the advice is the opposite. The
    // failure's own message is a whole sentence (or two); this one adds the outcome after it.
    l10n.t(
      '{0} The outcome of the SMS to {1} is unknown: it may have been sent. Check before resending, because resending could duplicate the message.',
      messageForSend(err),
      maskPhone(to),
    ),
    { ...err.details, outcomeUnknown: true },
    { cause: err },
  );
}
