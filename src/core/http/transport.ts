// One HTTP exchange over a kept-alive undici dispatcher: per-phase timeouts and a response size cap
// enforced while streaming (a huge answer is cut off, never buffered). No retries here: see retry.ts.
// undici itself loads with the first Transport (lazyParts.ts), never with the core.
import type { SecureContext } from 'node:tls';
import type { Agent, Dispatcher } from './undici.js';
import { undici } from '../lazyParts.js';
import { VoiceSmsError, type AdviceFor } from '../errors.js';
import { classifyTransportError, coded, formatBytes, type FailureContext, type ProxyFacts } from './transportErrors.js';
import * as l10n from '@vscode/l10n';

export interface TransportOptions {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
  maxResponseBytes: number;
  /** A caller-owned dispatcher (e.g. a proxy agent later). Not closed by close(); connectMs is then its own. */
  dispatcher?: Dispatcher;
  /** The CAs an https service is checked against (see trust.ts); absent: Node's defaults. */
  secureContext?: SecureContext;
  /** The proxy `dispatcher` goes through, named in its refusals. */
  proxy?: ProxyFacts;
  /** Whose settings error messages name (FailureContext.advice). */
  advice?: AdviceFor;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** A lower size cap for this one answer (the smaller of it and maxResponseBytes applies). */
  maxResponseBytes?: number;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bytes: number;
}

/**
 * What the client sends through: this file's undici Transport (plain Node, loopback) or nodeTransport.ts's
 * (Node's http/https as the editor hands them over). Everything above it — auth, retries, scheduling,
 * parsing — is the same for both.
 */
export interface HttpTransport {
  send(req: HttpRequest, signal?: AbortSignal): Promise<HttpResponse>;
  close(): Promise<void>;
}

/** Builds a transport from the client's timeouts, size cap and trust (ClientOptions.transport). */
export type TransportFactory = (o: TransportOptions) => HttpTransport;

export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

export function hostLabel(url: URL): string {
  return url.host;
}

/** What classifyTransportError needs to word a failure of a request to `url`. */
export function failureContext(url: URL, o: Omit<TransportOptions, 'maxResponseBytes'>): FailureContext {
  return {
    host: hostLabel(url),
    connectMs: o.connectMs,
    headersMs: o.headersMs,
    bodyMs: o.bodyMs,
    ...(o.advice ? { advice: o.advice } : {}),
    ...(o.proxy ? { proxy: o.proxy } : {}),
  };
}

export class Transport implements HttpTransport {
  private readonly dispatcher: Dispatcher;
  private readonly owned: Agent | undefined;
  private closing: Promise<void> | undefined;

  constructor(private readonly o: TransportOptions) {
    if (o.dispatcher) {
      this.dispatcher = o.dispatcher;
    } else {
      // Keep sockets for reuse between the short bursts of requests a tree refresh makes.
      this.owned = new (undici().Agent)({
        connect: { timeout: o.connectMs, ...(o.secureContext ? { secureContext: o.secureContext } : {}) },
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
        headersTimeout: o.headersMs,
        bodyTimeout: o.bodyMs,
      });
      this.dispatcher = this.owned;
    }
  }

  private failureContext(url: URL): FailureContext {
    return failureContext(url, this.o);
  }

  /**
   * Sends one request. Rejects with a VoiceSmsError for network, timeout and size failures, or with
   * the signal's reason when `signal` aborts (the caller tells a user abort from its own deadline).
   */
  async send(req: HttpRequest, signal?: AbortSignal): Promise<HttpResponse> {
    signal?.throwIfAborted();
    let res: Dispatcher.ResponseData;
    try {
      res = await this.dispatcher.request({
        origin: req.url.origin,
        path: req.url.pathname + req.url.search,
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        signal: signal ?? null,
        headersTimeout: this.o.headersMs,
        bodyTimeout: this.o.bodyMs,
      });
    } catch (err) {
      signal?.throwIfAborted();
      throw classifyTransportError(err, this.failureContext(req.url));
    }
    const body = await this.readCapped(res, req.url, signal, Math.min(this.o.maxResponseBytes, req.maxResponseBytes ?? Infinity));
    // undici hands a kept-alive socket back to the pool one event-loop turn after the body ends;
    // yielding that turn lets the caller's next request reuse it instead of opening another.
    await new Promise<void>((resolve) => setImmediate(resolve));
    return { status: res.statusCode, statusText: res.statusText, headers: res.headers, body: body.text, bytes: body.bytes };
  }

  private async readCapped(
    res: Dispatcher.ResponseData,
    url: URL,
    signal: AbortSignal | undefined,
    max: number,
  ): Promise<{ text: string; bytes: number }> {
    const declared = Number(firstHeader(res.headers['content-length']));
    if (Number.isFinite(declared) && declared > max) {
      discard(res);
      throw tooLarge(url, res.statusCode, max, declared);
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    // Read by its events: an async iterator over the body cost a tenth of the transport's time for an ordinary answer.
    try {
      await new Promise<void>((resolve, reject) => {
        const body = res.body;
        let over = false;
        body.on('data', (chunk: Buffer) => {
          if (over) return;
          bytes += chunk.length;
          if (bytes <= max) {
            chunks.push(chunk);
            return;
          }
          over = true;
          discard(res);
          reject(tooLarge(url, res.statusCode, max));
        });
        let ended = false;
        body.once('end', () => {
          ended = true;
          resolve();
        });
        body.once('error', reject);
        // Closed without an end or an error. (Every body closes after its end: an error made then, stack and all, cost
        // a fiftieth of a month view.)
        body.once('close', () => {
          if (!ended) reject(coded('UND_ERR_CLOSED'));
        });
      });
    } catch (err) {
      if (err instanceof VoiceSmsError) throw err;
      signal?.throwIfAborted();
      throw classifyTransportError(err, this.failureContext(url));
    }
    return { text: bodyText(chunks, bytes), bytes };
  }

  /** Idempotent: later calls wait for the same shutdown. */
  close(): Promise<void> {
    this.closing ??= this.owned ? this.owned.close() : Promise.resolve();
    return this.closing;
  }
}

/**
 * The body's bytes as text, read as UTF-8 the way a WHATWG decoder reads them (fetch's and undici's `text()`): a
 * leading byte order mark is not part of the text. Kept, it made the whole answer a string of two-byte characters in
 * the engine, and every pass over it (scrub, scan, parse) read twice the memory: 10–15% of a month view
 * (npm run bench "GET month (shape)": BOM and comments).
 */
export function bodyText(chunks: Buffer[], bytes: number): string {
  const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
  return all.toString('utf8', all[0] === 0xef && all[1] === 0xbb && all[2] === 0xbf ? 3 : 0);
}

/** Drops an unwanted body: destroying it closes the socket, so the rest is never read. */
function discard(res: Dispatcher.ResponseData): void {
  // undici reports the destroy as an 'error' event; with no listener it would become an uncaught exception.
  res.body.on('error', () => undefined);
  res.body.destroy();
}

function firstHeader(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export function tooLarge(url: URL, status: number, max: number, declared?: number): VoiceSmsError {
  const host = hostLabel(url);
  const limit = formatBytes(max);
  return new VoiceSmsError(
    'http',
    declared === undefined
      ? l10n.t(
          'The response from {0} (HTTP {1}) is larger than the {2} limit and was cut off unread. Check that the base URL points at the service, or raise the response size limit.',
          host,
          status,
          limit,
        )
      : l10n.t(
          'The response from {0} (HTTP {1}) is larger than the {2} limit (it announces {3}) and was cut off unread. Check that the base URL points at the service, or raise the response size limit.',
          host,
          status,
          limit,
          formatBytes(declared),
        ),
    { httpStatus: status, causeCode: 'RESPONSE_TOO_LARGE' },
  );
}
