// The SMS send (operations.ts `sms`), form-encoded `from:id`, `to`, `body`. The response payload is not
// documented: a message id and a status are picked out under common names, the rest stays raw.
import { encodeId, validateId } from '../model/ids.js';
import { maskPhone, normalizeE164 } from '../sms/phone.js';
import { analyzeBody, type BodyAnalysis } from '../sms/segments.js';
import type { Envelope } from '../xml/envelope.js';
import { findText } from './find.js';
import { OPERATIONS } from './operations.js';
import { routed, type ApiRequest } from './request.js';

export interface SendSmsInput {
  from: string;
  to: string;
  body: string;
}

export interface SendSmsResult {
  messageId?: string;
  /** The destination as sent, E.164. */
  to: string;
  status?: string;
  segments: BodyAnalysis;
  envelope: Envelope;
  /** The service's answer as sent, for "Show raw answer". */
  rawXml?: string;
}

export interface PreparedSms {
  request: ApiRequest;
  to: string;
  segments: BodyAnalysis;
}

/** Validates and normalises everything before any request: sender id, E.164 destination, non-empty body. */
export function buildSmsRequest(input: SendSmsInput, defaultRegion?: string): PreparedSms {
  const from = validateId('from', input.from);
  encodeId('from', from); // same rules as a path id: refuses what encodeURIComponent cannot carry
  const to = normalizeE164(input.to, defaultRegion);
  const segments = analyzeBody(input.body);
  return {
    request: {
      operation: 'sms',
      method: OPERATIONS.sms.method,
      ...routed(OPERATIONS.sms.route),
      // The body is sent exactly as typed: leading/trailing spaces may be intended.
      form: [
        ['from:id', from],
        ['to', to],
        ['body', input.body],
      ],
      logNote: `to ${maskPhone(to)}, ${segments.segments} segment(s) ${segments.encoding}`,
    },
    to,
    segments,
  };
}

const ID_NAMES = ['messageId', 'message_id', 'msgId', 'smsId', 'id'] as const;
const STATUS_NAMES = ['status', 'state', 'deliveryStatus', 'messageStatus'] as const;

export function interpretSms(env: Envelope, prepared: PreparedSms): SendSmsResult {
  const messageId = findText(env.result, ID_NAMES);
  const status = findText(env.result, STATUS_NAMES);
  return {
    ...(messageId !== undefined ? { messageId } : {}),
    to: prepared.to,
    ...(status !== undefined ? { status } : {}),
    segments: prepared.segments,
    envelope: env,
  };
}
