// What a handler returns: an HTTP status and an envelope body. Writing it to the socket (or not, when a
// fault drops it) is the server's business.
import { envelopeXml } from './envelope.js';
import type { XmlElement } from './xml.js';

export interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export const XML_CONTENT_TYPE = 'application/xml; charset=UTF-8';

export function okAnswer(serviceId: string, now: number, result: XmlElement[]): Answer {
  return { status: 200, body: envelopeXml({ code: 200, message: 'OK', serviceId, now, result }) };
}

/** An error envelope whose status/code equals the HTTP status. */
export function errorAnswer(status: number, message: string, serviceId: string, now: number, headers?: Record<string, string>): Answer {
  return { status, body: envelopeXml({ code: status, message, serviceId, now }), ...(headers ? { headers } : {}) };
}

/** An id from the request, shortened for an error message (the XML writer escapes it). */
export function shown(id: string): string {
  return id.length > 80 ? `${id.slice(0, 80)}…` : id;
}
