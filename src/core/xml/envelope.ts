// The service's `<response>` envelope: status, service and an operation-specific result.
// The envelope's own status decides success; HTTP 200 with status/code 500 is still an error.
import { VoiceSmsError } from '../errors.js';
import { ATTR_PREFIX, isRecord, parseXml, TEXT_KEY, textOf as text } from './parser.js';
import * as l10n from '@vscode/l10n';

interface EnvelopeStatus {
  code: string;
  message: string;
  timestampRaw: string;
  timestamp?: Date;
}
interface EnvelopeService {
  provider: string;
  id: string;
  version: string;
}
export interface Envelope {
  status: EnvelopeStatus;
  service: EnvelopeService;
  /** The raw parsed tree of `<result>` (see parser.ts for its shape); '' when empty, undefined when absent. */
  result: unknown;
}

/**
 * Envelopes whose status and service fields are each an element's text alone (not text the parser joined around
 * child elements): the answer boundary need not search them again when it searched the body (boundary.ts).
 */
const plainFields = new WeakSet<Envelope>();

/** True when every status and service field of `env` was one element's own text (see plainFields). */
export function hasPlainFields(env: Envelope): boolean {
  return plainFields.has(env);
}

/** Parses an envelope; throws VoiceSmsError('parse') when the text is not a `<response>` with a status code. */
export function parseEnvelope(xmlText: string): Envelope {
  const tree = parseXml(xmlText);
  if (!('response' in tree)) {
    const root = Object.keys(tree)[0] ?? '';
    throw new VoiceSmsError('parse', l10n.t('Expected a <response> envelope but the XML root is <{0}>.', root));
  }
  const response = tree['response'];
  if (!isRecord(response)) throw new VoiceSmsError('parse', l10n.t('The <response> envelope is empty.'));

  const status = response['status'];
  const code = isRecord(status) ? text(status['code']) : undefined;
  if (!isRecord(status) || code === undefined || code === '') {
    throw new VoiceSmsError('parse', l10n.t('The <response> envelope has no <status><code>.'));
  }
  const timestampRaw = text(status['timestamp']) ?? '';
  const timestamp = parseEnvelopeTimestamp(timestampRaw);

  // The service block is informative only, so missing fields become '' rather than errors.
  const service = isRecord(response['service']) ? response['service'] : {};
  const fields = [status['code'], status['message'], status['timestamp'], service['provider'], service['id'], service['version']];
  const env: Envelope = {
    status: {
      code,
      message: text(status['message']) ?? '',
      timestampRaw,
      ...(timestamp ? { timestamp } : {}),
    },
    service: {
      provider: text(service['provider']) ?? '',
      id: text(service['id']) ?? '',
      version: text(service['version']) ?? '',
    },
    result: response['result'],
  };
  if (
    fields.every(
      (f) =>
        f === undefined || typeof f === 'string' || !Object.keys(f as object).some((k) => k !== TEXT_KEY && !k.startsWith(ATTR_PREFIX)),
    )
  ) {
    plainFields.add(env);
  }
  return env;
}

/** Returns the envelope when status/code is exactly '200'; otherwise throws VoiceSmsError('service'). */
export function assertSuccess(env: Envelope): Envelope {
  const { code, message } = env.status;
  if (code === '200') return env;
  // The service's own message is quoted as data.
  const text = message
    ? l10n.t('The service answered with status {0}: {1}', code, message)
    : l10n.t('The service answered with status {0}', code);
  throw new VoiceSmsError('service', text, {
    serviceCode: code,
    serviceMessage: message,
  });
}

// `YYYY-MM-DD HH:mm:ss:SSS +0000` as the spec shows it (a colon before the milliseconds). Also tolerated:
// `T` instead of the space, `.fraction` instead of `:SSS`, `Z` or `+HH:MM`, and no zone at all (read as UTC).
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?::(\d{3})|[.,](\d{1,9}))?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** Parses the envelope timestamp into a Date; undefined when it is empty or not a real instant. */
export function parseEnvelopeTimestamp(s: string): Date | undefined {
  const m = TIMESTAMP.exec(s.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, sec, msColon, fraction, zone] = m;
  const num = (v: string | undefined): number => Number(v ?? '0');
  const ms = msColon !== undefined ? num(msColon) : fraction !== undefined ? num(fraction.slice(0, 3).padEnd(3, '0')) : 0;

  const year = num(y),
    month = num(mo),
    day = num(d),
    hour = num(h),
    minute = num(mi),
    second = num(sec);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls 2024-02-30 over into March; a round-trip check refuses such impossible values.
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    return undefined;
  }

  let offsetMinutes = 0;
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2)),
      om = Number(digits.slice(2, 4));
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  return new Date(utc - offsetMinutes * 60_000);
}
