// What keeps a web page out of the simulator: it answers only requests addressed to a loopback name
// (a page that rebinds its own domain to 127.0.0.1 still sends its domain in Host), and its control
// endpoints want a random token that only the process that started it knows.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The header that carries the control token on /__sim/* requests. */
export const CONTROL_TOKEN_HEADER = 'x-sim-token';

/** 32 random bytes as hex: what start() uses when it is not given a token. */
export function randomControlToken(): string {
  return randomBytes(32).toString('hex');
}

const LOOPBACK_IPV4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * True when the Host header names a loopback host (localhost, 127.0.0.0/8, [::1]) or the address the
 * simulator was told to listen on, or one of `extraHosts` (names a test proxy resolves to it), with or without a port. A missing Host is refused: every HTTP/1.1
 * client sends one.
 */
export function isAllowedHost(hostHeader: string | undefined, listenHost: string, extraHosts: readonly string[] = []): boolean {
  if (hostHeader === undefined) return false;
  const raw = hostHeader.trim().toLowerCase();
  const m = /^(\[[^\]]+\]|[^:]+)(?::\d{1,5})?$/.exec(raw);
  if (!m) return false;
  const host = (m[1] ?? '').replace(/\.$/, '');
  if (host === 'localhost' || host === '[::1]' || LOOPBACK_IPV4.test(host)) return true;
  if (extraHosts.some((h) => h.toLowerCase() === host)) return true;
  const listen = listenHost.toLowerCase();
  return host === (listen.includes(':') ? `[${listen}]` : listen);
}

/** Constant-time comparison of the request's token with the simulator's. */
export function hasControlToken(headers: IncomingHttpHeaders, token: string): boolean {
  const given = headers[CONTROL_TOKEN_HEADER];
  if (typeof given !== 'string' || token === '') return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(token, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
