// How a client reaches the service: which CAs an https base URL is checked against and whether a proxy
// carries the requests, decided from plain inputs (the editor's http.* settings, the environment) so the
// host shell only gathers them. Lives in the lazily loaded core: activation never parses it.
import { createClient, type ClientOptions, type Logger, type VoiceSmsClient } from './client.js';
import { createProxyDispatcher, explainProxy, redactProxyUrl, resolveProxy, type ProxyDecision } from './http/proxy.js';
import { validateBaseUrl } from './model/ids.js';
import { addsToNodeDefaults, describeTrust, resolveTrust, type TrustSource, type TrustStore } from './http/trust.js';

/** The network settings a connection depends on, as the editor and the environment give them. */
export interface NetworkInputs {
  /** `http.proxy`; empty: the environment's HTTPS_PROXY / HTTP_PROXY. */
  proxySetting: string;
  /** `http.noProxy`. */
  noProxySetting: readonly string[];
  /** `http.proxyStrictSSL` (only concerns an https proxy). */
  proxyStrictSSL: boolean;
  /** `http.systemCertificates`. */
  systemCertificates: boolean;
  /** `voiceSms.tls.caFile`. */
  caFile: string;
  env: Record<string, string | undefined>;
}

/**
 * The CAs an https base URL is checked against: Node's roots, the OS store, the CA file and
 * NODE_EXTRA_CA_CERTS. Undefined for http (loopback) URLs, so a broken CA file never stops the offline
 * demo. Throws the core's message for a CA file that cannot be used.
 */
function trustFor(baseUrl: string, net: NetworkInputs, log?: Logger): TrustStore | undefined {
  if (!/^https:/i.test(baseUrl.trim())) return undefined;
  const trust = resolveTrust({ systemCertificates: net.systemCertificates, caFile: net.caFile, env: net.env });
  log?.info(`TLS trust: ${describeTrust(trust)}`);
  return trust;
}

function proxyInputs(targetUrl: string, net: NetworkInputs) {
  return { targetUrl, proxySetting: net.proxySetting, noProxySetting: net.noProxySetting, env: net.env };
}

/**
 * A client whose requests go through the proxy that applies to `options.baseUrl` (if any) and trust what
 * `net` says. The proxy dispatcher belongs to the returned client: close() closes both.
 */
export function connectClient(options: Omit<ClientOptions, 'dispatcher' | 'trust'>, net: NetworkInputs): VoiceSmsClient {
  // A bad base URL is refused before a proxy dispatcher exists (nothing to leak), in the core's wording.
  const { host } = validateBaseUrl(options.baseUrl);
  const trust = trustFor(options.baseUrl, net, options.logger);
  const proxyUrl = resolveProxy(proxyInputs(options.baseUrl, net));
  if (!proxyUrl) return createClient({ ...options, ...(trust ? { trust } : {}) });
  options.logger?.info(`Using proxy ${redactProxyUrl(proxyUrl)} for ${host}`);
  const dispatcher = createProxyDispatcher({
    proxyUrl,
    strictSSL: net.proxyStrictSSL,
    ...(options.timeouts?.connectMs !== undefined ? { connectMs: options.timeouts.connectMs } : {}),
    // The service's certificate is checked against `trust` through the proxy too.
    ...(trust && addsToNodeDefaults(trust) ? { secureContext: trust.secureContext() } : {}),
  });
  const client = createClient({ ...options, dispatcher, ...(trust ? { trust } : {}) });
  // The client never closes a dispatcher it was given; this one is ours, so close both together.
  return { ...client, close: async () => { await client.close(); await dispatcher.close(); } };
}

/** What requests to `baseUrl` would go through, for Check Connection: the proxy decision and the trust sources (or the CA file's error). */
export function routeFacts(baseUrl: string, net: NetworkInputs, log?: Logger): { proxy: ProxyDecision; trust?: readonly TrustSource[] | { error: string } } {
  const proxy = explainProxy(proxyInputs(baseUrl, net));
  try {
    const trust = trustFor(baseUrl, net, log);
    return trust ? { proxy, trust: trust.sources } : { proxy };
  } catch (e) {
    return { proxy, trust: { error: e instanceof Error ? e.message : String(e) } };
  }
}
