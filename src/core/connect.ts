// How a client reaches the service: which CAs an https base URL is checked against and whether a proxy
// carries the requests, decided from plain inputs (the editor's http.* settings, the environment) so the
// host shell only gathers them. Lives in the lazily loaded core: activation never parses it.
import { createClient, type ClientOptions, type Logger, type VoiceSmsClient } from './client.js';
import { createProxyDispatcher, decideProxy, explainProxy, redactProxyUrl, type ProxyDecision } from './http/proxy.js';
import { NodeHttpTransport, type NodeHttpModules, type RouteTaken } from './http/nodeTransport.js';
import { isLoopbackHost, validateBaseUrl } from './model/ids.js';
import { addsToNodeDefaults, describeTrust, resolveTrust, type TrustSource, type TrustStore } from './http/trust.js';
import type { ProxyFacts } from './http/transportErrors.js';
import type { AdviceFor } from './errors.js';

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
function trustFor(baseUrl: string, net: NetworkInputs, log?: Logger, advice?: AdviceFor): TrustStore | undefined {
  if (!/^https:/i.test(baseUrl.trim())) return undefined;
  const trust = resolveTrust({
    systemCertificates: net.systemCertificates,
    caFile: net.caFile,
    env: net.env,
    ...(advice ? { advice } : {}),
  });
  log?.info(`TLS trust: ${describeTrust(trust)}`);
  return trust;
}

/**
 * The editor's network stack as the host hands it over: Node's http/https modules as the editor patched them for
 * extensions (its proxy support: `http.proxySupport`, PAC files, the OS proxy, Kerberos, system certificates).
 * Absent outside the editor: the bundled undici client then applies http.proxy / the environment itself.
 */
export interface EditorNetwork {
  modules: NodeHttpModules;
  /** `http.proxySupport`: off | on | fallback | override. */
  proxySupport: string;
  /** `http.proxyAuthorization`; secret, never logged. */
  proxyAuthorization?: string;
  /** Told which way each request went (Check Connection shows the last one). */
  onRoute?: (route: RouteTaken) => void;
}

/** Which client carries requests to a base URL, for Check Connection. */
export type NetworkPath =
  | { kind: 'bundled'; why: 'loopback' | 'outsideEditor' }
  | { kind: 'editor'; proxySupport: string; proxyAuthorization: boolean; lastRoute?: RouteTaken };

/** Loopback (the offline demo, a local simulator) never takes the editor's stack: it is never proxied, whatever a PAC file says. */
function usesEditorNetwork(baseUrl: string, editor: EditorNetwork | undefined): editor is EditorNetwork {
  return editor !== undefined && !isLoopbackHost(new URL(baseUrl).hostname);
}

function proxyInputs(targetUrl: string, net: NetworkInputs) {
  return { targetUrl, proxySetting: net.proxySetting, noProxySetting: net.noProxySetting, env: net.env };
}

/**
 * A client whose requests go through the proxy that applies to `options.baseUrl` (if any) and trust what
 * `net` says. The proxy dispatcher belongs to the returned client: close() closes both. With `editor` (the host,
 * inside the editor) a non-loopback base URL takes the editor's network stack instead, which picks the proxy itself.
 */
export function connectClient(
  options: Omit<ClientOptions, 'dispatcher' | 'trust' | 'transport'>,
  net: NetworkInputs,
  editor?: EditorNetwork,
): VoiceSmsClient {
  // A bad base URL is refused before a proxy dispatcher exists (nothing to leak), in the core's wording.
  const { host } = validateBaseUrl(options.baseUrl);
  const trust = trustFor(options.baseUrl, net, options.logger, options.advice);
  if (usesEditorNetwork(options.baseUrl, editor)) {
    options.logger?.info(`Requests to ${host} go through the editor's network stack (http.proxySupport: ${editor.proxySupport})`);
    return createClient({
      ...options,
      ...(trust ? { trust } : {}),
      transport: (o) =>
        new NodeHttpTransport({
          ...o,
          modules: editor.modules,
          ownAgents: editor.proxySupport !== 'on',
          ...(editor.proxyAuthorization ? { proxyAuthorization: editor.proxyAuthorization } : {}),
          ...(editor.onRoute ? { onRoute: editor.onRoute } : {}),
        }),
    });
  }
  const decision = decideProxy(proxyInputs(options.baseUrl, net));
  const proxyUrl = decision.proxy;
  if (!proxyUrl) return createClient({ ...options, ...(trust ? { trust } : {}) });
  options.logger?.info(`Using proxy ${redactProxyUrl(proxyUrl)} for ${host}`);
  const dispatcher = createProxyDispatcher({
    proxyUrl,
    strictSSL: net.proxyStrictSSL,
    ...(options.timeouts?.connectMs !== undefined ? { connectMs: options.timeouts.connectMs } : {}),
    // The service's certificate is checked against `trust` through the proxy too.
    ...(trust && addsToNodeDefaults(trust) ? { secureContext: trust.secureContext() } : {}),
  });
  const proxy = proxyFacts(proxyUrl, decision.source, options.baseUrl, net.env);
  const client = createClient({ ...options, dispatcher, proxy, ...(trust ? { trust } : {}) });
  // The client never closes a dispatcher it was given; this one is ours, so close both together.
  return {
    ...client,
    close: async () => {
      await client.close();
      await dispatcher.close();
    },
  };
}

/** The proxy as an error message may name it: where its URL came from, whether it carries credentials, never them. */
function proxyFacts(proxyUrl: string, source: 'http.proxy' | 'environment', baseUrl: string, env: NetworkInputs['env']): ProxyFacts {
  let withCredentials = false;
  try {
    const u = new URL(proxyUrl);
    withCredentials = u.username !== '' || u.password !== '';
  } catch {
    // undici refuses an unparsable proxy URL before any request; nothing to say about credentials
  }
  // decideProxy's order: HTTPS_PROXY for an https service, else HTTP_PROXY (either case).
  const set = (name: string): boolean => !!(env[name.toLowerCase()] ?? env[name])?.trim();
  const variable = /^https:/i.test(baseUrl) && set('HTTPS_PROXY') ? 'HTTPS_PROXY' : 'HTTP_PROXY';
  return { shown: redactProxyUrl(proxyUrl), from: source === 'http.proxy' ? 'http.proxy' : variable, withCredentials };
}

/**
 * What requests to `baseUrl` go through, for Check Connection: which client (`path`, with the way the last
 * request took on the editor's stack), the bundled client's proxy decision and the trust sources (or the CA file's error).
 */
export function routeFacts(
  baseUrl: string,
  net: NetworkInputs,
  log?: Logger,
  editor?: EditorNetwork & { lastRoute?: RouteTaken },
): { path: NetworkPath; proxy: ProxyDecision; trust?: readonly TrustSource[] | { error: string } } {
  const proxy = explainProxy(proxyInputs(baseUrl, net));
  let path: NetworkPath;
  try {
    path = usesEditorNetwork(baseUrl, editor)
      ? {
          kind: 'editor',
          proxySupport: editor.proxySupport,
          proxyAuthorization: !!editor.proxyAuthorization,
          ...(editor.lastRoute ? { lastRoute: editor.lastRoute } : {}),
        }
      : { kind: 'bundled', why: editor ? 'loopback' : 'outsideEditor' };
  } catch {
    path = { kind: 'bundled', why: editor ? 'loopback' : 'outsideEditor' }; // an unparsable base URL: the probe reports it
  }
  try {
    const trust = trustFor(baseUrl, net, log);
    return trust ? { path, proxy, trust: trust.sources } : { path, proxy };
  } catch (e) {
    return { path, proxy, trust: { error: e instanceof Error ? e.message : String(e) } };
  }
}
