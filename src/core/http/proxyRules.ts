// Which proxy (if any) a request goes through: the editor's `http.proxy` first, else the usual
// environment variables, unless the target host matches a no-proxy entry. Pure (no undici) so the
// rules are unit-tested on their own.
import { isLoopbackHost } from '../model/ids.js';
import { nodeNet } from '../nodeBuiltins.js';

const isIP = (s: string): number => nodeNet().isIP(s);

/**
 * True when `host` (a hostname or IP, optionally with `:port`, IPv6 optionally in brackets) matches
 * one of the no-proxy entries, with the conventions curl and most tools share:
 * `*` matches everything; `example.com`, `.example.com` and `*.example.com` match the domain and its
 * subdomains; `host:port` matches only that port; IP addresses match exactly and CIDR ranges
 * (`10.0.0.0/8`, `fd00::/8`) by prefix. Case-insensitive; blank entries are ignored.
 */
export function shouldBypassProxy(host: string, noProxy: readonly string[] | string): boolean {
  const entries = (typeof noProxy === 'string' ? noProxy.split(/[\s,]+/) : noProxy.flatMap((e) => e.split(/[\s,]+/)))
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  if (entries.length === 0) return false;
  const target = splitHostPort(host.trim().toLowerCase());
  for (const entry of entries) {
    if (entry === '*') return true;
    if (matchesEntry(target, entry)) return true;
  }
  return false;
}

interface HostPort {
  host: string;
  port?: string;
}

function splitHostPort(s: string): HostPort {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(s);
  if (bracketed) return bracketed[2] !== undefined ? { host: bracketed[1] ?? '', port: bracketed[2] } : { host: bracketed[1] ?? '' };
  if (isIP(s) === 6) return { host: s }; // bare IPv6: every colon belongs to the address
  const m = /^(.*):(\d+)$/.exec(s);
  return m ? { host: m[1] ?? '', port: m[2] ?? '' } : { host: s };
}

function matchesEntry(target: HostPort, rawEntry: string): boolean {
  if (rawEntry.includes('/')) return inCidr(target.host, rawEntry);
  const entry = splitHostPort(rawEntry);
  if (entry.port !== undefined && entry.port !== target.port) return false;
  const domain = entry.host.replace(/^\*?\./, '');
  if (domain === '') return false;
  if (isIP(domain) !== 0 || isIP(target.host) !== 0) return domain === target.host;
  return target.host === domain || target.host.endsWith('.' + domain);
}

function inCidr(host: string, cidr: string): boolean {
  const [net, bits] = cidr.split('/');
  const family = isIP(net ?? '');
  const prefix = Number(bits);
  if (family === 0 || isIP(host) !== family || !Number.isInteger(prefix)) return false;
  const list = new (nodeNet().BlockList)();
  try {
    list.addSubnet(net ?? '', prefix, family === 6 ? 'ipv6' : 'ipv4');
  } catch {
    return false; // a malformed range matches nothing rather than failing every request
  }
  return list.check(host, family === 6 ? 'ipv6' : 'ipv4');
}

export interface ProxyInputs {
  /** The request's target (the profile's base URL). */
  targetUrl: string;
  /** The editor's `http.proxy`; empty or absent means "use the environment". */
  proxySetting?: string;
  /** The editor's `http.noProxy` entries. */
  noProxySetting?: readonly string[];
  /** Usually process.env; read for HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case). */
  env?: Record<string, string | undefined>;
}

function envValue(env: Record<string, string | undefined>, name: string): string | undefined {
  const v = env[name.toLowerCase()] ?? env[name.toUpperCase()];
  return v !== undefined && v.trim() !== '' ? v.trim() : undefined;
}

/** Why a request goes where it goes: for Check Connection's report. */
export type ProxyDecision =
  { proxy: string; source: 'http.proxy' | 'environment' } | { proxy?: undefined; reason: 'loopback' | 'noProxy' | 'notConfigured' };

/**
 * The proxy for `targetUrl`, or why there is none (always for loopback targets: localhost, 127.0.0.0/8,
 * [::1]). `http.proxy` wins over the environment; the no-proxy list is the union of `http.noProxy` and
 * NO_PROXY. A proxy URL without a scheme gets `http://`, as curl assumes.
 */
export function decideProxy(i: ProxyInputs): ProxyDecision {
  const env = i.env ?? {};
  const target = new URL(i.targetUrl);
  // Loopback (the offline demo, a local simulator) is never proxied, whatever the settings say: a proxy
  // would see the credentials of a plain-http request, and could not reach the editor's loopback anyway.
  if (isLoopbackHost(target.hostname)) return { reason: 'loopback' };
  const fromEnv =
    target.protocol === 'https:' ? (envValue(env, 'https_proxy') ?? envValue(env, 'http_proxy')) : envValue(env, 'http_proxy');
  const setting = i.proxySetting?.trim();
  const chosen = setting || fromEnv;
  if (!chosen) return { reason: 'notConfigured' };
  const noProxy = [...(i.noProxySetting ?? []), envValue(env, 'no_proxy') ?? ''];
  if (shouldBypassProxy(target.host, noProxy)) return { reason: 'noProxy' };
  return { proxy: /^[a-z][a-z0-9+.-]*:\/\//i.test(chosen) ? chosen : `http://${chosen}`, source: setting ? 'http.proxy' : 'environment' };
}

/** decideProxy for a report: the proxy without its credentials; an unparsable target counts as "not configured". */
export function explainProxy(i: ProxyInputs): ProxyDecision {
  try {
    const d = decideProxy(i);
    return d.proxy !== undefined ? { ...d, proxy: redactProxyUrl(d.proxy) } : d;
  } catch {
    return { reason: 'notConfigured' };
  }
}

/** The proxy URL to use for `targetUrl`, or undefined for a direct connection (see decideProxy). */
export function resolveProxy(i: ProxyInputs): string | undefined {
  return decideProxy(i).proxy;
}

/** The proxy URL without user and password, for log lines. */
export function redactProxyUrl(proxyUrl: string): string {
  try {
    const u = new URL(proxyUrl);
    const hadCredentials = u.username !== '' || u.password !== '';
    u.username = '';
    u.password = '';
    return hadCredentials ? u.toString().replace('://', '://***@') : u.toString();
  } catch {
    return '(unparsable proxy URL)';
  }
}
