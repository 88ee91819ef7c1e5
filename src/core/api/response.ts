// HTTP response -> envelope, or the typed error a user can act on: auth problems, HTTP failures
// (quoting the envelope message, or a sanitised excerpt of an HTML error page), service codes.
import { VoiceSmsError } from '../errors.js';
import { sanitizeExcerpt } from '../http/excerpt.js';
import type { HttpResponse } from '../http/transport.js';
import { formatDuration } from '../http/transportErrors.js';
import { assertSuccess, parseEnvelope, type Envelope } from '../xml/envelope.js';
import * as l10n from '@vscode/l10n';

export interface ResponseContext {
  /** Applied to every envelope read from the answer before any field is quoted (the client's boundary); `from`: that answer. */
  clean?: (env: Envelope, from: HttpResponse) => Envelope;
  host: string;
  method: string;
  /** Path as sent, for messages: `/v1/vvoice/VI-1/calls/202406`. */
  path: string;
  /** Names the profile in auth messages; "the active profile" when absent. */
  profileName?: string;
  attempts?: number;
  /** The server's Retry-After when we stopped retrying because it asked for a longer wait. */
  retryAfterMs?: number;
  /** This answer's envelope as already read and cleaned off the host's thread (answerThread/); absent: read here. */
  read?: ReadEnvelope;
}

/** An answer's envelope read and cleaned elsewhere, or the parse error's message. */
export type ReadEnvelope = { envelope: Envelope } | { parseError: string };

/** True when `body` begins like an XML document or a `<response>`: only then is an envelope looked for in a failure. */
function looksLikeEnvelope(body: string): boolean {
  return /^\s*(<\?xml|<response[\s>/])/.test(body.replace(/^\uFEFF/, ''));
}

const AUTH_CODES = new Set(['401', '403']);

/** The cleaned envelope of `res`: the one read elsewhere, or parsed here; throws the parse error. */
function envelopeOf(res: HttpResponse, clean: (env: Envelope, from: HttpResponse) => Envelope, read: ReadEnvelope | undefined): Envelope {
  if (read === undefined) return clean(parseEnvelope(res.body), res);
  if ('envelope' in read) return read.envelope;
  throw new VoiceSmsError('parse', read.parseError);
}

function tryEnvelope(res: HttpResponse, clean: (env: Envelope, from: HttpResponse) => Envelope, read?: ReadEnvelope): Envelope | undefined {
  if (!looksLikeEnvelope(res.body)) return undefined;
  try {
    return envelopeOf(res, clean, read);
  } catch {
    return undefined;
  }
}

function authAdvice(profileName: string | undefined): string {
  return profileName === undefined
    ? l10n.t("Check the access key id and secret of the active profile, and that this computer's clock is correct.")
    : l10n.t('Check the access key id and secret of profile "{0}", and that this computer\'s clock is correct.', profileName);
}

/** Who refused the credentials: the HTTP status or the envelope's code, each with the service's own text as data. */
type Refusal = { by: 'http'; status: number; quoted: string } | { by: 'service'; code: string; message: string };

function authError(refusal: Refusal, ctx: ResponseContext, details: VoiceSmsError['details']): VoiceSmsError {
  const { host, method, path } = ctx;
  const advice = authAdvice(ctx.profileName);
  let text: string;
  if (refusal.by === 'http') {
    text = refusal.quoted
      ? l10n.t('{0} refused the credentials for {1} {2} (HTTP {3}: {4}). {5}', host, method, path, refusal.status, refusal.quoted, advice)
      : l10n.t('{0} refused the credentials for {1} {2} (HTTP {3}). {4}', host, method, path, refusal.status, advice);
  } else {
    text = refusal.message
      ? l10n.t(
          '{0} refused the credentials for {1} {2} (service code {3} {4}). {5}',
          host,
          method,
          path,
          refusal.code,
          refusal.message,
          advice,
        )
      : l10n.t('{0} refused the credentials for {1} {2} (service code {3}). {4}', host, method, path, refusal.code, advice);
  }
  return new VoiceSmsError('auth', text, details);
}

/** What a failed HTTP response said besides its status, quoted as data where it is the service's text. */
type Said = { kind: 'nothing' } | { kind: 'quote'; text: string } | { kind: 'code'; code: string } | { kind: 'redirect'; location: string };

/**
 * One whole message per shape, so translators never see a fragment. `status` is "503" or "503 Service
 * Unavailable" (the reason phrase is the server's). A quote cut short with "…", or ending in its own full stop, gets none of ours.
 */
function httpFailureMessage(ctx: ResponseContext, status: string, said: Said): string {
  const { host, method, path } = ctx;
  const tries = ctx.attempts !== undefined && ctx.attempts > 1 ? ctx.attempts : undefined;
  switch (said.kind) {
    case 'nothing':
      return tries === undefined
        ? l10n.t('{0} answered {1} {2} with HTTP {3}.', host, method, path, status)
        : l10n.t('{0} answered {1} {2} with HTTP {3} after {4} attempts.', host, method, path, status, tries);
    case 'code':
      return tries === undefined
        ? l10n.t('{0} answered {1} {2} with HTTP {3} (service code {4}).', host, method, path, status, said.code)
        : l10n.t('{0} answered {1} {2} with HTTP {3} after {4} attempts (service code {5}).', host, method, path, status, tries, said.code);
    case 'redirect':
      return tries === undefined
        ? l10n.t('{0} answered {1} {2} with HTTP {3} (redirect to {4}); check the base URL.', host, method, path, status, said.location)
        : l10n.t(
            '{0} answered {1} {2} with HTTP {3} after {4} attempts (redirect to {5}); check the base URL.',
            host,
            method,
            path,
            status,
            tries,
            said.location,
          );
    case 'quote':
      // A quote that already ends a sentence ("… not found.") or is cut short with "…" gets no full stop of ours.
      if (said.text.endsWith('…') || /[.!?]$/.test(said.text)) {
        return tries === undefined
          ? l10n.t('{0} answered {1} {2} with HTTP {3}: {4}', host, method, path, status, said.text)
          : l10n.t('{0} answered {1} {2} with HTTP {3} after {4} attempts: {5}', host, method, path, status, tries, said.text);
      }
      return tries === undefined
        ? l10n.t('{0} answered {1} {2} with HTTP {3}: {4}.', host, method, path, status, said.text)
        : l10n.t('{0} answered {1} {2} with HTTP {3} after {4} attempts: {5}.', host, method, path, status, tries, said.text);
  }
}

function withAttempts(ctx: ResponseContext): { attempts?: number } {
  return ctx.attempts === undefined ? {} : { attempts: ctx.attempts };
}

/** Turns a complete HTTP response into its envelope, or throws auth | http | parse | service. */
export function interpretResponse(res: HttpResponse, ctx: ResponseContext): Envelope {
  const clean = ctx.clean ?? ((env: Envelope, _from: HttpResponse) => env);
  const env = tryEnvelope(res, clean, ctx.read);
  const fromEnvelope = env ? { serviceCode: env.status.code, serviceMessage: env.status.message } : {};

  if (res.status === 401 || res.status === 403) {
    const quoted = env ? `${env.status.code}${env.status.message ? ` ${env.status.message}` : ''}` : '';
    throw authError({ by: 'http', status: res.status, quoted }, ctx, { httpStatus: res.status, ...fromEnvelope, ...withAttempts(ctx) });
  }

  if (res.status < 200 || res.status > 299) {
    const status = res.statusText ? `${res.status} ${res.statusText}` : String(res.status);
    let said: Said;
    const location = res.headers['location'];
    if (res.status >= 300 && res.status < 400 && typeof location === 'string') {
      // Redirects are never followed (that could carry the credentials to another host): point at the base URL.
      said = { kind: 'redirect', location: sanitizeExcerpt(location, 120) };
    } else if (env) {
      said = env.status.message ? { kind: 'quote', text: env.status.message } : { kind: 'code', code: env.status.code };
    } else {
      const excerpt = sanitizeExcerpt(res.body);
      said = excerpt ? { kind: 'quote', text: excerpt } : { kind: 'nothing' };
    }
    const message = httpFailureMessage(ctx, status, said);
    throw new VoiceSmsError(
      'http',
      ctx.retryAfterMs === undefined
        ? message
        : l10n.t('{0} The service asks to wait {1} before trying again.', message, formatDuration(ctx.retryAfterMs)),
      {
        httpStatus: res.status,
        ...fromEnvelope,
        ...withAttempts(ctx),
        ...(ctx.retryAfterMs !== undefined ? { retryAfterMs: ctx.retryAfterMs } : {}),
      },
    );
  }

  let envelope: Envelope;
  try {
    envelope = env ?? envelopeOf(res, clean, ctx.read);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new VoiceSmsError(
      'parse',
      l10n.t(
        "{0} answered {1} {2} with HTTP {3}, but not with the service's XML envelope: {4}",
        ctx.host,
        ctx.method,
        ctx.path,
        res.status,
        why,
      ),
      { httpStatus: res.status, ...withAttempts(ctx) },
      { cause: e },
    );
  }

  const { code, message } = envelope.status;
  const codes = { serviceCode: code, serviceMessage: message };
  if (AUTH_CODES.has(code)) {
    throw authError({ by: 'service', code, message }, ctx, { httpStatus: res.status, ...codes, ...withAttempts(ctx) });
  }
  try {
    return assertSuccess(envelope);
  } catch (e) {
    throw new VoiceSmsError(
      'service',
      message
        ? l10n.t('The service answered {0} {1} with status {2}: {3}', ctx.method, ctx.path, code, message)
        : l10n.t('The service answered {0} {1} with status {2}', ctx.method, ctx.path, code),
      { httpStatus: res.status, ...codes, ...withAttempts(ctx) },
      { cause: e },
    );
  }
}
