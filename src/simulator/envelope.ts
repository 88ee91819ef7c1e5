// The service's `<response>` envelope, written exactly as the spec shows it.
import { SERVICE_PROVIDER, SERVICE_VERSION } from './defaults.js';
import { el, renderXml, type XmlElement } from './xml.js';

const two = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss:SSS +0000` in UTC, with the spec's colon before the milliseconds. */
export function formatEnvelopeTimestamp(ms: number): string {
  const d = new Date(ms);
  const date = `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  return `${date} ${time}:${String(d.getUTCMilliseconds()).padStart(3, '0')} +0000`;
}

export interface EnvelopeInput {
  code: number | string;
  message: string;
  /** The envelope's service/id. */
  serviceId: string;
  now: number;
  /** Children of `<result>`; an error envelope carries an empty `<result/>`. */
  result?: XmlElement[];
}

export function envelopeXml(e: EnvelopeInput): string {
  return renderXml(
    el('response', [
      el('status', [el('code', String(e.code)), el('message', e.message), el('timestamp', formatEnvelopeTimestamp(e.now))]),
      el('service', [el('provider', SERVICE_PROVIDER), el('id', e.serviceId), el('version', SERVICE_VERSION)]),
      el('result', e.result ?? []),
    ]),
  );
}
