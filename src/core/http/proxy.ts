// The proxy dispatcher: an undici ProxyAgent the client uses instead of its own Agent. Lives in the
// lazily loaded core so the host never loads undici at activation.
import type { SecureContext } from 'node:tls';
import type { ProxyAgent, buildConnector } from './undici.js';
import { undici } from '../lazyParts.js';

export {
  decideProxy,
  explainProxy,
  redactProxyUrl,
  resolveProxy,
  shouldBypassProxy,
  type ProxyDecision,
  type ProxyInputs,
} from './proxyRules.js';

export interface ProxyDispatcherOptions {
  /** http://[user:pass@]host:port (https:// proxies work too); credentials become Proxy-Authorization. */
  proxyUrl: string;
  /**
   * `http.proxyStrictSSL`: false accepts any certificate from an https:// PROXY only. The service's own
   * certificate is always verified, against `secureContext` when given (see trust.ts), else Node's defaults.
   */
  strictSSL: boolean;
  /** Extra CA certificates (PEM) trusted for the proxy connection, e.g. a corporate proxy's root. */
  ca?: string | string[];
  /** The trusted CAs (trust.ts) for the service behind the proxy and for an https proxy itself. */
  secureContext?: SecureContext;
  /** Connect timeout to the proxy, in ms. */
  connectMs?: number;
}

/** Builds the dispatcher; the caller owns it and must close() it (the client does not). */
export function createProxyDispatcher(o: ProxyDispatcherOptions): ProxyAgent {
  // The connect timeout goes into proxyTls: ProxyAgent builds its connection to the proxy from it.
  const proxyTls: buildConnector.BuildOptions = {
    rejectUnauthorized: o.strictSSL,
    ...(o.ca !== undefined ? { ca: o.ca } : o.secureContext ? { secureContext: o.secureContext } : {}),
    ...(o.connectMs !== undefined ? { timeout: o.connectMs } : {}),
  };
  const requestTls: buildConnector.BuildOptions = o.secureContext ? { secureContext: o.secureContext } : {};
  return new (undici().ProxyAgent)({ uri: o.proxyUrl, proxyTls, requestTls, keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
}
