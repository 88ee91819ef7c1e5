// One HTTP exchange over Node's http/https modules as the caller hands them over. Inside the editor those are
// the modules the editor patched for extensions: they route each request by `http.proxySupport` (the proxy
// setting, PAC files, the operating system's proxy, Kerberos) and add the system certificates; the bundled
// undici client (transport.ts) never sees any of that. Same guarantees as transport.ts: per-phase timeouts,
// the size cap enforced while streaming, no redirects (Node's http never follows one), no retries here.
import type { Agent as HttpAgent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import type { TLSSocket } from 'node:tls';
import * as l10n from '@vscode/l10n';
import { VoiceSmsError } from '../errors.js';
import { classifyTransportError, coded, type FailureContext } from './transportErrors.js';
import {
  bodyText,
  failureContext,
  hostLabel,
  tooLarge,
  type HttpRequest,
  type HttpResponse,
  type HttpTransport,
  type TransportOptions,
} from './transport.js';

/** Node's `http` and `https` modules (inside the editor: the ones its extension host hands to extensions). */
export interface NodeHttpModules {
  http: typeof import('node:http');
  https: typeof import('node:https');
}

export interface NodeTransportOptions extends Omit<TransportOptions, 'dispatcher'> {
  modules: NodeHttpModules;
  /**
   * Whether requests carry this transport's own keep-alive agents. The editor's `http.proxySupport: on` leaves
   * a request that brings its own agent unproxied, so the host turns this off there; `override` replaces the
   * agent anyway, `fallback` and `off` use it for direct connections.
   */
  ownAgents: boolean;
  /**
   * A Proxy-Authorization value for the proxy the modules pick (`http.proxyAuthorization`): the editor sends
   * that setting with its own requests but not with extensions'. Secret: never logged or reported.
   */
  proxyAuthorization?: string;
  /** Told which way each request went, as the modules say it ("PROXY host:port", "DIRECT"), credentials removed. */
  onRoute?: (route: RouteTaken) => void;
}

/** Which way one request went. `proxy` undefined: the modules did not route it (no proxy support active). */
export interface RouteTaken {
  proxy?: string;
  /** A Proxy-Authorization value was handed to the proxy connection. */
  proxyAuthorization: boolean;
}

/** The editor's own agent, created per request when it routes one; `opts.headers` go on its CONNECT. */
interface RoutingAgent {
  opts?: { headers?: Record<string, string> | (() => Record<string, string>) };
}

export class NodeHttpTransport implements HttpTransport {
  private readonly agents: { 'http:'?: HttpAgent; 'https:'?: HttpAgent } = {};
  private closed = false;

  constructor(private readonly o: NodeTransportOptions) {
    if (o.ownAgents) {
      // Kept-alive sockets for the bursts of requests a tree refresh makes, closed after 10 s idle (as undici's).
      const keep = { keepAlive: true, timeout: 10_000, scheduling: 'lifo' as const };
      this.agents['http:'] = new o.modules.http.Agent(keep);
      this.agents['https:'] = new o.modules.https.Agent(keep);
    }
  }

  private failureContext(url: URL): FailureContext {
    return failureContext(url, this.o);
  }

  /** Same contract as Transport.send: VoiceSmsError for network, timeout and size failures; the signal's reason on abort. */
  send(req: HttpRequest, signal?: AbortSignal): Promise<HttpResponse> {
    signal?.throwIfAborted();
    if (this.closed)
      return Promise.reject(new VoiceSmsError('network', l10n.t('The client was closed; create a new one to make requests.')));
    const url = req.url;
    const isHttps = url.protocol === 'https:';
    const max = Math.min(this.o.maxResponseBytes, req.maxResponseBytes ?? Infinity);
    const agent = this.agents[isHttps ? 'https:' : 'http:'];
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(req.body));
    const options: RequestOptions & { secureContext?: unknown } = {
      method: req.method,
      headers,
      ...(agent ? { agent } : {}),
      ...(signal ? { signal } : {}),
      ...(isHttps && this.o.secureContext ? { secureContext: this.o.secureContext } : {}),
    };
    const mod = isHttps ? this.o.modules.https : this.o.modules.http;

    return new Promise<HttpResponse>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      let cr: ClientRequest | undefined;
      const arm = (ms: number, code: string): void => {
        clearTimeout(timer);
        timer = setTimeout(() => fail(coded(code)), ms);
      };
      const fail = (err: unknown): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        cr?.destroy();
        if (signal?.aborted) reject(signal.reason as Error);
        else reject(err instanceof VoiceSmsError ? err : classifyTransportError(err, this.failureContext(url)));
      };

      arm(this.o.connectMs, 'UND_ERR_CONNECT_TIMEOUT');
      try {
        cr = mod.request(url, options);
      } catch (err) {
        fail(err);
        return;
      }
      let route: RouteTaken = { proxyAuthorization: false };
      if (this.o.proxyAuthorization !== undefined) route.proxyAuthorization = offerProxyAuthorization(cr, agent, this.o.proxyAuthorization);
      cr.on('proxy', (e: { proxy?: unknown }) => {
        route = { ...route, proxy: typeof e?.proxy === 'string' ? redactRoute(e.proxy) : 'unknown' };
        // Only a tunnel through a proxy carries the header; a direct connection never sends it.
        if (route.proxy === 'DIRECT') route.proxyAuthorization = false;
      });
      cr.on('socket', (s) => {
        const connected = (): void => arm(this.o.headersMs, 'UND_ERR_HEADERS_TIMEOUT');
        if (cr?.reusedSocket || isReady(s, isHttps)) connected();
        else s.once(isHttps ? 'secureConnect' : 'connect', connected);
      });
      cr.on('error', fail);
      cr.on('response', (res: IncomingMessage) => {
        this.o.onRoute?.(route);
        arm(this.o.bodyMs, 'UND_ERR_BODY_TIMEOUT');
        const status = res.statusCode ?? 0;
        // The proxy's refusal of the tunnel, replayed as the response: the service never saw the request.
        if (status === 407 && route.proxy !== undefined && route.proxy !== 'DIRECT') {
          fail(proxyAuthRequired(url, route));
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > max) {
          fail(tooLarge(url, status, max, declared));
          return;
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          bytes += chunk.length;
          if (bytes > max) {
            fail(tooLarge(url, status, max));
            return;
          }
          chunks.push(chunk);
          arm(this.o.bodyMs, 'UND_ERR_BODY_TIMEOUT');
        });
        res.on('error', fail);
        res.on('aborted', () => fail(coded('ECONNRESET')));
        res.on('end', () => {
          if (settled) return;
          if (!res.complete) {
            fail(coded('UND_ERR_RES_CONTENT_LENGTH_MISMATCH'));
            return;
          }
          settled = true;
          clearTimeout(timer);
          resolve({
            status,
            statusText: res.statusMessage ?? '',
            headers: res.headers,
            body: bodyText(chunks, bytes),
            bytes,
          });
        });
      });
      cr.end(req.body);
    });
  }

  /** Idempotent: closes this transport's own kept-alive sockets. */
  close(): Promise<void> {
    this.closed = true;
    this.agents['http:']?.destroy();
    this.agents['https:']?.destroy();
    return Promise.resolve();
  }
}

function proxyAuthRequired(url: URL, route: RouteTaken): VoiceSmsError {
  const host = hostLabel(url);
  const proxy = route.proxy ?? '';
  return new VoiceSmsError(
    'http',
    route.proxyAuthorization
      ? l10n.t(
          'The proxy the editor chose for {0} ({1}) refused the credentials in http.proxyAuthorization (HTTP 407); correct that setting.',
          host,
          proxy,
        )
      : l10n.t(
          'The proxy the editor chose for {0} ({1}) asks for authentication (HTTP 407); set http.proxyAuthorization or put the credentials in http.proxy.',
          host,
          proxy,
        ),
    { httpStatus: 407, causeCode: 'PROXY_AUTH_REQUIRED', problem: 'proxyAuth' },
  );
}

/** True when the socket is already connected (and, for https, past its handshake): a reused one. */
function isReady(s: import('node:net').Socket, isHttps: boolean): boolean {
  if (s.connecting) return false;
  if (!isHttps) return true;
  const p = (s as TLSSocket).getProtocol?.();
  return typeof p === 'string' && p !== 'unknown';
}

/**
 * Hands `value` to the agent the editor put on the request, whose headers go on the CONNECT to the proxy it
 * picks. True when there was such an agent (not ours, not Node's own) to take it.
 */
function offerProxyAuthorization(cr: ClientRequest, own: HttpAgent | undefined, value: string): boolean {
  const agent = (cr as unknown as { agent?: RoutingAgent }).agent;
  if (!agent || agent === (own as unknown) || typeof agent.opts !== 'object' || agent.opts === null) return false;
  const before = agent.opts.headers;
  agent.opts.headers =
    typeof before === 'function'
      ? () => ({ ...before(), 'Proxy-Authorization': value })
      : { ...(before ?? {}), 'Proxy-Authorization': value };
  return true;
}

/** "PROXY user:pass@host:port" -> "PROXY ***@host:port": the route as reported, without credentials. */
export function redactRoute(route: string): string {
  return route.trim().replace(/^([A-Za-z0-9]+[ \t]+)[^\s@]+@/, '$1***@');
}
