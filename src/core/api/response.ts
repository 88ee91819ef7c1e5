// HTTP response -> envelope, or the typed error a user can act on: auth problems, HTTP failures
// (quoting the envelope message, or a sanitised excerpt of an HTML error page), service codes.
import { VoiceSmsError } from '../errors.js';
import { sanitizeExcerpt } from '../http/excerpt.js';
import type { HttpResponse } from '../http/transport.js';
import { formatDuration } from '../http/transportErrors.js';
import { assertSuccess, parseEnvelope, type Envelope } from '../xml/envelope.js';

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
  const profile = profileName === undefined ? 'the active profile' : `profile "${profileName}"`;
  return `Check the access key id and secret of ${profile}, and that this computer's clock is correct.`;
}

function authError(what: string, ctx: ResponseContext, details: VoiceSmsError['details']): VoiceSmsError {
  return new VoiceSmsError('auth', `${ctx.host} refused the credentials for ${ctx.method} ${ctx.path} (${what}). ${authAdvice(ctx.profileName)}`, details);
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
    throw authError(`HTTP ${res.status}${quoted ? `: ${quoted}` : ''}`, ctx, { httpStatus: res.status, ...fromEnvelope, ...withAttempts(ctx) });
  }

  if (res.status < 200 || res.status > 299) {
    const reason = res.statusText ? ` ${res.statusText}` : '';
    let said: string;
    if (env) {
      said = env.status.message ? `: ${env.status.message}` : ` (service code ${env.status.code})`;
    } else {
      const excerpt = sanitizeExcerpt(res.body);
      said = excerpt ? `: ${excerpt}` : '';
    }
    const tries = ctx.attempts !== undefined && ctx.attempts > 1 ? ` after ${ctx.attempts} attempts` : '';
    const wait =
      ctx.retryAfterMs !== undefined ? ` The service asks to wait ${formatDuration(ctx.retryAfterMs)} before trying again.` : '';
    const location = res.headers['location'];
    if (res.status >= 300 && res.status < 400 && typeof location === 'string') {
      // Redirects are never followed (that could carry the credentials to another host): point at the base URL.
      said = ` (redirect to ${sanitizeExcerpt(location, 120)}); check the base URL`;
    }
    const stop = said.endsWith('…') ? '' : '.';
    throw new VoiceSmsError(
      'http',
      `${ctx.host} answered ${ctx.method} ${ctx.path} with HTTP ${res.status}${reason}${tries}${said}${stop}${wait}`,
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
      `${ctx.host} answered ${ctx.method} ${ctx.path} with HTTP ${res.status}, but not with the service's XML envelope: ${why}`,
      { httpStatus: res.status, ...withAttempts(ctx) },
      { cause: e },
    );
  }

  const { code, message } = envelope.status;
  const codes = { serviceCode: code, serviceMessage: message };
  if (AUTH_CODES.has(code)) {
    throw authError(`service code ${code}${message ? ` ${message}` : ''}`, ctx, { httpStatus: res.status, ...codes, ...withAttempts(ctx) });
  }
  try {
    return assertSuccess(envelope);
  } catch (e) {
    throw new VoiceSmsError(
      'service',
      `The service answered ${ctx.method} ${ctx.path} with status ${code}${message ? `: ${message}` : ''}`,
      { httpStatus: res.status, ...codes, ...withAttempts(ctx) },
      { cause: e },
    );
  }
}
