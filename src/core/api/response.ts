// HTTP response -> envelope, or the typed error a user can act on: auth problems, HTTP failures
// (quoting the envelope message, or a sanitised excerpt of an HTML error page), service codes.
import { VoiceSmsError } from '../errors.js';
import { sanitizeExcerpt } from '../http/excerpt.js';
import type { HttpResponse } from '../http/transport.js';
import { formatDuration } from '../http/transportErrors.js';
import { assertSuccess, parseEnvelope, type Envelope } from '../xml/envelope.js';
import * as l10n from '@vscode/l10n';

export interface ResponseContext {
  host: string;
  method: string;
  /** Path as sent, for messages: `/v1/vvoice/VI-1/calls/202406`. */
  path: string;
  /** Names the profile in auth messages; "the active profile" when absent. */
  profileName?: string;
  attempts?: number;
  /** The server's Retry-After when we stopped retrying because it asked for a longer wait. */
  retryAfterMs?: number;
}

const AUTH_CODES = new Set(['401', '403']);

function tryEnvelope(body: string): Envelope | undefined {
  if (!/^\s*(<\?xml|<response[\s>/])/.test(body.replace(/^\uFEFF/, ''))) return undefined;
  try {
    return parseEnvelope(body);
  } catch {
    return undefined;
  }
}

export function authAdvice(profileName: string | undefined): string {
  const profile = profileName === undefined ? l10n.t('the active profile') : l10n.t('profile "{0}"', profileName);
  return l10n.t('Check the access key id and secret of {0}, and that this computer\'s clock is correct.', profile);
}

function authError(what: string, ctx: ResponseContext, details: VoiceSmsError['details']): VoiceSmsError {
  return new VoiceSmsError('auth', l10n.t('{0} refused the credentials for {1} {2} ({3}). {4}', ctx.host, ctx.method, ctx.path, what, authAdvice(ctx.profileName)), details);
}

function withAttempts(ctx: ResponseContext): { attempts?: number } {
  return ctx.attempts === undefined ? {} : { attempts: ctx.attempts };
}

/** Turns a complete HTTP response into its envelope, or throws auth | http | parse | service. */
export function interpretResponse(res: HttpResponse, ctx: ResponseContext): Envelope {
  const env = tryEnvelope(res.body);
  const fromEnvelope = env
    ? { serviceCode: env.status.code, serviceMessage: env.status.message }
    : {};
  const quoted = env ? `${env.status.code}${env.status.message ? ` ${env.status.message}` : ''}` : '';

  if (res.status === 401 || res.status === 403) {
    throw authError(l10n.t('HTTP {0}{1}', res.status, quoted ? `: ${quoted}` : ''), ctx, { httpStatus: res.status, ...fromEnvelope, ...withAttempts(ctx) });
  }

  if (res.status < 200 || res.status > 299) {
    const reason = res.statusText ? ` ${res.statusText}` : '';
    let said: string;
    if (env) {
      said = env.status.message ? l10n.t(': {0}', env.status.message) : l10n.t(' (service code {0})', env.status.code);
    } else {
      const excerpt = sanitizeExcerpt(res.body);
      said = excerpt ? `: ${excerpt}` : '';
    }
    const tries = ctx.attempts !== undefined && ctx.attempts > 1 ? l10n.t(' after {0} attempts', ctx.attempts) : '';
    const wait =
      ctx.retryAfterMs !== undefined ? l10n.t(' The service asks to wait {0} before trying again.', formatDuration(ctx.retryAfterMs)) : '';
    const location = res.headers['location'];
    if (res.status >= 300 && res.status < 400 && typeof location === 'string') {
      // Redirects are never followed (that could carry the credentials to another host): point at the base URL.
      said = l10n.t(' (redirect to {0}); check the base URL', sanitizeExcerpt(location, 120));
    }
    const stop = said.endsWith('…') ? '' : '.';
    throw new VoiceSmsError(
      'http',
      l10n.t('{0} answered {1} {2} with HTTP {3}{4}{5}{6}{7}{8}', ctx.host, ctx.method, ctx.path, res.status, reason, tries, said, stop, wait),
      { httpStatus: res.status, ...fromEnvelope, ...withAttempts(ctx) },
    );
  }

  let envelope: Envelope;
  try {
    envelope = env ?? parseEnvelope(res.body);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new VoiceSmsError(
      'parse',
      l10n.t('{0} answered {1} {2} with HTTP {3}, but not with the service\'s XML envelope: {4}', ctx.host, ctx.method, ctx.path, res.status, why),
      { httpStatus: res.status, ...withAttempts(ctx) },
      { cause: e },
    );
  }

  const { code, message } = envelope.status;
  const codes = { serviceCode: code, serviceMessage: message };
  if (AUTH_CODES.has(code)) {
    throw authError(l10n.t('service code {0}{1}', code, message ? ` ${message}` : ''), ctx, { httpStatus: res.status, ...codes, ...withAttempts(ctx) });
  }
  try {
    return assertSuccess(envelope);
  } catch (e) {
    throw new VoiceSmsError(
      'service',
      l10n.t('The service answered {0} {1} with status {2}{3}', ctx.method, ctx.path, code, message ? `: ${message}` : ''),
      { httpStatus: res.status, ...codes, ...withAttempts(ctx) },
      { cause: e },
    );
  }
}
