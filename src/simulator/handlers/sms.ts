/**
 * POST /v1/message/sms — form-encoded `from:id`, `to`, `body` (spec endpoint 1).
 *
 * The spec does not show the response; this payload is invented:
 *   <result><sms><messageId>SM…</messageId><to>+…</to><status>accepted</status><segments>N</segments></sms></result>
 * `segments` is counted by sms-segments-calculator (GSM-7 or UCS-2, automatic). Each accepted message is
 * recorded in `received` and charged to the first account's balance.
 *
 * Refusals (HTTP status = envelope code): 415 when the body is not form-encoded; 400 when `from:id` is missing
 * or not a known sender, `to` is not E.164 (`^\+[1-9]\d{6,14}$`), or `body` is empty, only whitespace or longer
 * than 10 concatenated segments (1530 characters).
 */
import { SegmentedMessage } from 'sms-segments-calculator';
import { errorAnswer, okAnswer, shown, type Answer } from '../answer.js';
import { el } from '../xml.js';
import type { HandlerContext, Service } from './context.js';

const E164 = /^\+[1-9]\d{6,14}$/;
const FORM = 'application/x-www-form-urlencoded';

export interface SmsForm {
  from?: string;
  to?: string;
  body?: string;
}

/** Reads the three form fields; null when the request is not form-encoded. */
export function readSmsForm(headers: HandlerContext['headers'], body: Buffer): SmsForm | null {
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== FORM) return null;
  const form = new URLSearchParams(body.toString('utf8'));
  const value = (k: string): string | undefined => form.get(k) ?? undefined;
  return { from: value('from:id'), to: value('to'), body: value('body') };
}

/** The longest body accepted, in UTF-16 code units: 10 concatenated GSM-7 segments. */
const MAX_BODY_UNITS = 10 * 153;

function handleSms(ctx: HandlerContext): Answer {
  const id = ctx.serviceId;
  const form = readSmsForm(ctx.headers, ctx.body);
  if (form === null) {
    return errorAnswer(415, `The request body must be ${FORM} with the fields from:id, to and body.`, id, ctx.now);
  }
  const { world } = ctx.state;
  const from = form.from?.trim() ?? '';
  if (from === '') return errorAnswer(400, 'Missing parameter from:id (the sender identity).', id, ctx.now);
  if (!world.senderIds.has(from)) {
    const known = [...world.senderIds].join(', ');
    return errorAnswer(400, `Unknown sender identity "${shown(from)}" in from:id; known senders: ${known}.`, id, ctx.now);
  }
  const to = form.to?.trim() ?? '';
  if (to === '') return errorAnswer(400, 'Missing parameter to (the destination number).', id, ctx.now);
  // The number itself is not echoed: a destination is personal data.
  if (!E164.test(to)) {
    return errorAnswer(
      400,
      'Parameter to must be an E.164 number: "+", country code and number, 7 to 15 digits, e.g. +14155550123.',
      id,
      ctx.now,
    );
  }
  const text = form.body ?? '';
  if (text.trim() === '') return errorAnswer(400, 'Parameter body is empty; the message needs some text.', id, ctx.now);
  // Checked by length before counting: the counting is not linear, and this runs in the editor's host in the demo.
  if (text.length > MAX_BODY_UNITS) {
    return errorAnswer(400, `Parameter body is too long: at most ${MAX_BODY_UNITS} characters (10 concatenated segments).`, id, ctx.now);
  }

  const segments = new SegmentedMessage(text, 'auto', false).segmentsCount;
  const sms = ctx.state.acceptSms({ from, to, body: text, at: ctx.now }, segments);
  return okAnswer(id, ctx.now, [
    el('sms', [el('messageId', sms.messageId), el('to', to), el('status', 'accepted'), el('segments', segments)]),
  ]);
}

export const MESSAGING: Service<'sms'> = { id: 'msg-sms', handlers: { sms: handleSms } };
