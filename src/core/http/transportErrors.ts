// Turns low-level failures (undici and Node socket/DNS/TLS errors) into VoiceSmsError values whose
// message tells the user what to check. Messages name the host, never headers or credentials.
import { formOf, VoiceSmsError, type AdviceFor } from '../errors.js';
import { CA_FILE_SETTING, CA_FILE_VARIABLE } from './trust.js';
import * as l10n from '@vscode/l10n';

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

// Certificate verdicts, by what fixes them: an authority we do not trust (TLS interception, a private CA),
// a date problem, or a certificate for another name.
const UNTRUSTED_CERT_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
]);
const CERT_DATE_CODES = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const CERT_NAME_CODES = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH']);

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/;

/** Finds the most specific error code in an error, its cause chain, or an AggregateError's members. */
function findErrorCode(err: unknown, depth = 0): string | undefined {
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

// For a send (never retried, possibly received) "try again" is the wrong advice. The messages that
// give it also exist as whole messages without it; the client picks those through messageForSend().
// A WeakMap, so the error's shape stays what the host already checks.
const withoutRetryAdvice = new WeakMap<VoiceSmsError, string>();

/** The error's message without "try again" advice, when it has a variant without it. */
export function messageForSend(err: VoiceSmsError): string {
  return withoutRetryAdvice.get(err) ?? err.message;
}

function withSendVariant(err: VoiceSmsError, forSend: string | undefined): VoiceSmsError {
  if (forSend !== undefined) withoutRetryAdvice.set(err, forSend);
  return err;
}

export function timeoutError(host: string, phase: TimeoutPhase, limitMs: number, cause?: unknown): VoiceSmsError {
  const limit = formatDuration(limitMs);
  const text: Record<TimeoutPhase, string> = {
    connect: l10n.t('Could not connect to {0} within {1} (connect timeout). Check the base URL, your network, VPN or proxy.', host, limit),
    headers: l10n.t(
      '{0} did not answer within {1} (waiting for the response headers). The service may be slow or unreachable; try again later or raise the request timeout.',
      host,
      limit,
    ),
    body: l10n.t(
      '{0} stopped sending the response for more than {1} (reading the response body). Try again later or raise the request timeout.',
      host,
      limit,
    ),
    total: l10n.t('The request to {0} did not complete within {1} overall. Try again later or raise the request timeout.', host, limit),
  };
  const causeCode: Record<TimeoutPhase, string> = {
    connect: 'UND_ERR_CONNECT_TIMEOUT',
    headers: 'UND_ERR_HEADERS_TIMEOUT',
    body: 'UND_ERR_BODY_TIMEOUT',
    total: 'TOTAL_TIMEOUT',
  };
  // Whole messages without the advice, for a send: every phase after the request may have left.
  const forSend: Record<TimeoutPhase, string | undefined> = {
    connect: undefined, // no retry advice, and nothing was sent
    headers: l10n.t(
      '{0} did not answer within {1} (waiting for the response headers). The service may be slow or unreachable.',
      host,
      limit,
    ),
    body: l10n.t('{0} stopped sending the response for more than {1} (reading the response body).', host, limit),
    total: l10n.t('The request to {0} did not complete within {1} overall.', host, limit),
  };
  return withSendVariant(new VoiceSmsError('timeout', text[phase], { causeCode: causeCode[phase] }, { cause }), forSend[phase]);
}

export interface FailureContext {
  /** host[:port] as written in the base URL. */
  host: string;
  connectMs: number;
  headersMs: number;
  bodyMs: number;
  /** Whose settings the advice names; default 'editor'. */
  advice?: AdviceFor;
  /** The proxy the bundled client goes through, when connectClient chose one. */
  proxy?: ProxyFacts;
}

/** The proxy requests go through, as a message may name it: never its credentials. */
export interface ProxyFacts {
  /** The proxy URL without user and password. */
  shown: string;
  /** Where the URL came from: http.proxy, or the environment variable (HTTPS_PROXY, HTTP_PROXY). */
  from: string;
  /** The URL carries a user name or password (undici sends them as Proxy-Authorization). */
  withCredentials: boolean;
}

// undici's words for a proxy that refused the tunnel (ProxyAgent's CONNECT) or, without a tunnel, the request.
const TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/;
const PROXY_AUTH_REQUIRED = /^Proxy Authentication Required \(407\)$/;

/** The HTTP status by which the proxy refused, when the failure is such a refusal. */
function proxyRefusal(err: unknown, depth = 0): number | undefined {
  if (depth > 5 || !(err instanceof Error)) return undefined;
  if (PROXY_AUTH_REQUIRED.test(err.message)) return 407;
  const m = TUNNEL_REFUSED.exec(err.message);
  return m ? Number(m[1]) : proxyRefusal(err.cause, depth + 1);
}

/**
 * The proxy asks for credentials (407): the request never reached the service. Not retried (kind 'http'), since
 * the same request gets the same answer. The fix is in the proxy URL, wherever it came from.
 */
function proxyAuthError(host: string, proxy: ProxyFacts | undefined): VoiceSmsError {
  const message =
    proxy === undefined
      ? l10n.t(
          'The proxy for {0} asks for credentials (HTTP 407); put them in the proxy URL, as user:password@ before the proxy host (percent-encode characters such as @ and : in them).',
          host,
        )
      : proxy.withCredentials
        ? l10n.t(
            'The proxy {0} refused the user name and password in {1} (HTTP 407) for {2}; correct them in that URL (percent-encode characters such as @ and : in them).',
            proxy.shown,
            proxy.from,
            host,
          )
        : l10n.t(
            'The proxy {0} asks for credentials before it connects to {1} (HTTP 407); put them in the proxy URL in {2}, as user:password@ before the proxy host (percent-encode characters such as @ and : in them).',
            proxy.shown,
            host,
            proxy.from,
          );
  return new VoiceSmsError('http', message, { httpStatus: 407, causeCode: 'PROXY_AUTH_REQUIRED', problem: 'proxyAuth' });
}

/** Maps a thrown transport error (not an abort) to a typed, actionable error. */
export function classifyTransportError(err: unknown, ctx: FailureContext): VoiceSmsError {
  if (err instanceof VoiceSmsError) return err;
  const { host } = ctx;
  const refused = proxyRefusal(err);
  if (refused === 407) return proxyAuthError(host, ctx.proxy);
  if (refused !== undefined) {
    const proxy = ctx.proxy?.shown ?? 'proxy';
    return new VoiceSmsError(
      'network',
      l10n.t(
        'The proxy {0} refused to connect to {1} (HTTP {2}); check the host in the base URL, or ask your network administrator whether the proxy lets it through.',
        proxy,
        host,
        refused,
      ),
      { httpStatus: refused, causeCode: 'PROXY_REFUSED' },
      { cause: err },
    );
  }
  const code = findErrorCode(err) ?? 'UNKNOWN';
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return timeoutError(host, 'connect', ctx.connectMs, err);
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return timeoutError(host, 'headers', ctx.headersMs, err);
  if (code === 'UND_ERR_BODY_TIMEOUT') return timeoutError(host, 'body', ctx.bodyMs, err);

  let message: string;
  let forSend: string | undefined;
  if (code === 'ECONNREFUSED') {
    message = l10n.t('Connection to {0} was refused. Check the host and port of the base URL and that the service is running.', host);
  } else if (DNS_CODES.has(code)) {
    message = l10n.t(
      'The host name in {0} could not be resolved (DNS {1}). Check the base URL for typos and your network or VPN connection.',
      host,
      code,
    );
  } else if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') {
    message = l10n.t('{0} is unreachable ({1}). Check your network connection, VPN or proxy settings.', host, code);
  } else if (UNTRUSTED_CERT_CODES.has(code)) {
    const form = formOf(ctx.advice);
    message = form
      ? l10n.t(
          "The certificate of {0} is not signed by an authority this server trusts ({1}); if your network inspects TLS, set {2} {3} to your organisation's root certificate (PEM).",
          host,
          code,
          form.caFile,
          form.where,
        )
      : ctx.advice === 'process'
        ? l10n.t(
            "The certificate of {0} is not signed by an authority this server trusts ({1}); if your network inspects TLS, set {2} (or NODE_EXTRA_CA_CERTS) in the server's environment to the path of your organisation's root certificate (PEM).",
            host,
            code,
            CA_FILE_VARIABLE,
          )
        : l10n.t(
            "The certificate of {0} is not signed by an authority this editor trusts ({1}); if your network inspects TLS, set {2} to your organisation's root certificate (PEM) or add that certificate to the operating system's store.",
            host,
            code,
            CA_FILE_SETTING,
          );
  } else if (CERT_DATE_CODES.has(code)) {
    message = l10n.t(
      "The certificate of {0} is outside its validity dates ({1}); check this computer's date and time, and if they are right, the service or a TLS-inspecting proxy presents an outdated certificate.",
      host,
      code,
    );
  } else if (CERT_NAME_CODES.has(code)) {
    message = l10n.t(
      "The certificate of {0} is issued for another host name ({1}); check the host in the profile's base URL, or ask your network administrator whether a proxy replaces the service's certificate.",
      host,
      code,
    );
  } else if (TLS_CODE.test(code)) {
    message = l10n.t(
      'The secure (TLS) connection to {0} failed ({1}). Check that the base URL names the right host, and your proxy or corporate certificate settings.',
      host,
      code,
    );
  } else if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
    message = l10n.t(
      'The response from {0} was cut off before it was complete. Try again; if it persists, a proxy or the service is dropping the connection.',
      host,
    );
    forSend = l10n.t('The response from {0} was cut off before it was complete: a proxy or the service dropped the connection.', host);
  } else if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') {
    message = l10n.t(
      'The connection to {0} was closed unexpectedly ({1}). A proxy, firewall or the service dropped it; try again.',
      host,
      code,
    );
    forSend = l10n.t('The connection to {0} was closed unexpectedly ({1}). A proxy, firewall or the service dropped it.', host, code);
  } else {
    message = l10n.t('The request to {0} failed ({1}). Check your network connection and the base URL.', host, code);
  }
  const certificate = UNTRUSTED_CERT_CODES.has(code) || CERT_DATE_CODES.has(code) || CERT_NAME_CODES.has(code);
  return withSendVariant(
    new VoiceSmsError('network', message, { causeCode: code, ...(certificate ? { problem: 'certificate' as const } : {}) }, { cause: err }),
    forSend,
  );
}

/** An internal failure by its code; classifyTransportError turns the code into the user's message. */
export function coded(code: string): Error {
  return Object.assign(new Error(code), { code });
}

/**
 * True when a failed request may have been received by the server (so a POST's effect is unknown).
 * Only failures that provably happen before any byte is sent count as "not received".
 */
export function mayHaveReachedServer(err: VoiceSmsError): boolean {
  if (err.kind === 'validation') return false;
  if (err.kind !== 'network' && err.kind !== 'timeout') return true;
  const code = err.details.causeCode ?? '';
  return !(NEVER_SENT_CODES.has(code) || TLS_CODE.test(code) || code === 'PROXY_REFUSED');
}
