// Turns low-level failures (undici and Node socket/DNS/TLS errors) into VoiceSmsError values whose
// message tells the user what to check. Messages name the host, never headers or credentials.
import { VoiceSmsError } from '../errors.js';

export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'total';

/** Codes meaning the request never left this machine, so a POST certainly was not received. */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/;

/** Finds the most specific error code in an error, its cause chain, or an AggregateError's members. */
export function findErrorCode(err: unknown, depth = 0): string | undefined {
  if (depth > 5 || typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  // Prefer the innermost cause: undici wraps socket errors whose own code is the informative one.
  const inner = findErrorCode(e.cause, depth + 1);
  if (inner !== undefined) return inner;
  if (typeof e.code === 'string' && e.code !== '') return e.code;
  if (Array.isArray(e.errors)) {
    for (const member of e.errors) {
      const c = findErrorCode(member, depth + 1);
      if (c !== undefined) return c;
    }
  }
  return undefined;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

export function timeoutError(host: string, phase: TimeoutPhase, limitMs: number, cause?: unknown): VoiceSmsError {
  const limit = formatDuration(limitMs);
  const text: Record<TimeoutPhase, string> = {
    connect: `Could not connect to ${host} within ${limit} (connect timeout). Check the base URL, your network, VPN or proxy.`,
    headers: `${host} did not answer within ${limit} (waiting for the response headers). The service may be slow or unreachable; try again later or raise the request timeout.`,
    body: `${host} stopped sending the response for more than ${limit} (reading the response body). Try again later or raise the request timeout.`,
    total: `The request to ${host} did not complete within ${limit} overall. Try again later or raise the request timeout.`,
  };
  const causeCode: Record<TimeoutPhase, string> = {
    connect: 'UND_ERR_CONNECT_TIMEOUT',
    headers: 'UND_ERR_HEADERS_TIMEOUT',
    body: 'UND_ERR_BODY_TIMEOUT',
    total: 'TOTAL_TIMEOUT',
  };
  return new VoiceSmsError('timeout', text[phase], { causeCode: causeCode[phase] }, { cause });
}

export interface FailureContext {
  /** host[:port] as written in the base URL. */
  host: string;
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

/** Maps a thrown transport error (not an abort) to a typed, actionable error. */
export function classifyTransportError(err: unknown, ctx: FailureContext): VoiceSmsError {
  if (err instanceof VoiceSmsError) return err;
  const code = findErrorCode(err) ?? 'UNKNOWN';
  const { host } = ctx;
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return timeoutError(host, 'connect', ctx.connectMs, err);
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return timeoutError(host, 'headers', ctx.headersMs, err);
  if (code === 'UND_ERR_BODY_TIMEOUT') return timeoutError(host, 'body', ctx.bodyMs, err);

  let message: string;
  if (code === 'ECONNREFUSED') {
    message = `Connection to ${host} was refused. Check the host and port of the base URL and that the service is running.`;
  } else if (DNS_CODES.has(code)) {
    message = `The host name in ${host} could not be resolved (DNS ${code}). Check the base URL for typos and your network or VPN connection.`;
  } else if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') {
    message = `${host} is unreachable (${code}). Check your network connection, VPN or proxy settings.`;
  } else if (TLS_CODE.test(code)) {
    message = `The secure (TLS) connection to ${host} failed (${code}). Check that the base URL names the right host, and your proxy or corporate certificate settings.`;
  } else if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
    message = `The response from ${host} was cut off before it was complete. Try again; if it persists, a proxy or the service is dropping the connection.`;
  } else if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') {
    message = `The connection to ${host} was closed unexpectedly (${code}). A proxy, firewall or the service dropped it; try again.`;
  } else {
    message = `The request to ${host} failed (${code}). Check your network connection and the base URL.`;
  }
  return new VoiceSmsError('network', message, { causeCode: code }, { cause: err });
}

/**
 * True when a failed request may have been received by the server (so a POST's effect is unknown).
 * Only failures that provably happen before any byte is sent count as "not received".
 */
export function mayHaveReachedServer(err: VoiceSmsError): boolean {
  if (err.kind === 'validation') return false;
  if (err.kind !== 'network' && err.kind !== 'timeout') return true;
  const code = err.details.causeCode ?? '';
  return !(NEVER_SENT_CODES.has(code) || TLS_CODE.test(code));
}
