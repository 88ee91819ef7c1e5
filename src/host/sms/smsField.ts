// Which "Send Test SMS" field a failed check belongs to, from structured data rather than from the
// wording: messages are translated, so an English pattern over them picks the wrong step in other
// languages. vscode-free so unit tests can run it against a translated core.
import { isVoiceSmsError } from '../../core/errors.js';
import { SmsRefusal } from '../../tools/sms.js';

export type SmsField = 'from' | 'to' | 'body';

/** A check of the SMS form failed; `message` is what the step shows, `field` where it reopens. */
export class SmsFieldError extends Error {
  override readonly name = 'SmsFieldError';
  constructor(
    readonly field: SmsField,
    message: string,
  ) {
    super(message);
  }
}

const FIELDS: ReadonlySet<string> = new Set<SmsField>(['from', 'to', 'body']);

/** The field a core validation error, the tool core's SmsRefusal or an SmsFieldError names; undefined for anything else. */
export function smsFieldOf(e: unknown): SmsField | undefined {
  if (e instanceof SmsFieldError || e instanceof SmsRefusal) return e.field;
  if (isVoiceSmsError(e, 'validation')) {
    const field = e.details.field;
    if (field !== undefined && FIELDS.has(field)) return field as SmsField;
  }
  return undefined;
}

/** The step to reopen after `checkSms` refused the form (the body when no field is known). */
export function stepOfFailure(e: unknown, form: { customFrom: boolean }): 'from' | 'customFrom' | 'to' | 'body' {
  const field = smsFieldOf(e);
  if (field === 'from') return form.customFrom ? 'customFrom' : 'from';
  return field ?? 'body';
}
