// The Send Test SMS flow (voiceSms.sendSms { from?, to?, body? }, its table entry is commands/sendSms.ts): sends one
// test SMS from the active profile. With all three
// arguments nothing is prompted; otherwise a multi-step input asks for what is missing (prefilled
// from the arguments or from the last draft that did not go out). The confirmation modal is shown
// unless the user turned voiceSms.sms.confirmBeforeSend off — with or without arguments, because a
// command link could carry them. The POST is never retried: a failure keeps the draft, an unknown
// outcome says so and is recorded as such. Returns { messageId, to } (E.164), or undefined when the
// user backed out; with arguments a failure is thrown with the message the UI shows.
import * as vscode from 'vscode';
import { COMMANDS } from '../../shared/ids.js';
import { maskPhoneNumber } from '../../shared/redact.js';
import { inertLine } from '../../shared/untrustedText.js';
import { loadCore } from '../bundles/coreLoader.js';
import { errorMessage, isCancellation, withProgress } from '../platform/errors.js';
import { runMultiStep } from '../quickInput/multiStep.js';
import type { Confirmations } from '../platform/confirmations.js';
import type { HostServices } from '../services.js';
import type { SmsDraft } from './draft.js';
import { rememberSmsAnswer } from './rawAnswers.js';
import { LINE_BREAK_MARK, visibleSmsText } from '../../tools/text/visibleText.js';
import { reportedError } from '../platform/reported.js';
import { checkSms, describeBody, explain, smsSteps, type CheckedSms, type SmsForm, type SmsRules } from './sendSmsSteps.js';
import { stepOfFailure } from './smsField.js';

export interface SendSmsOutcome {
  messageId: string | undefined;
  /** E.164. */
  to: string;
}

function readArgs(arg: unknown): Partial<SmsDraft> | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as Record<string, unknown>;
  const out: Partial<SmsDraft> = {};
  for (const k of ['from', 'to', 'body'] as const) if (typeof a[k] === 'string') out[k] = a[k];
  return out;
}

/**
 * The palette flow (and Resend): asks for what `arg` lacks, checks, confirms, delivers once. A failure before
 * the send is thrown for the command wrapper to show; a failed delivery throws a reportedError (already shown).
 */
export async function sendSms(services: HostServices, arg?: unknown): Promise<SendSmsOutcome | undefined> {
  const title = vscode.l10n.t('Send Test SMS');
  const args = readArgs(arg);
  const complete = args?.from !== undefined && args.to !== undefined && args.body !== undefined;
  let checked: CheckedSms | undefined;
  const { profile } = await services.clients.active();
  const target: SmsTarget = { profile: profile.name, baseUrl: profile.baseUrl };
  const s = services.config.settings;
  const rules: SmsRules = {
    core: loadCore(),
    region: s.smsDefaultRegion || undefined,
    maxSegments: s.smsMaxSegments,
    senderIds: profile.senderIds,
  };
  if (complete) {
    checked = checkSms(rules, { from: args.from ?? '', to: args.to ?? '', body: args.body ?? '' });
  } else {
    const draft = services.sms.drafts.get(profile.name);
    const start: SmsForm = {
      from: args?.from ?? draft?.from ?? profile.senderIds[0] ?? '',
      customFrom: false,
      to: args?.to ?? draft?.to ?? '',
      body: args?.body ?? draft?.body ?? '',
    };
    const note = draft && !args ? vscode.l10n.t('Your unsent draft is filled in. Sender identity') : undefined;
    const steps = smsSteps(title, rules, { recent: services.sms.history.recentSenders(profile.name), profile: profile.senderIds }, note);
    checked = await runMultiStep<SmsForm, CheckedSms>({
      title,
      steps,
      state: start,
      finish: (form) => {
        try {
          return Promise.resolve({ ok: true, value: checkSms(rules, form) });
        } catch (e) {
          // The body is the last field checked; the failing field's step reopens with the message.
          const message = errorMessage(e);
          const stepId = stepOfFailure(e, form);
          return Promise.resolve({ ok: false, message, stepId });
        }
      },
    });
    if (!checked) return undefined;
  }

  if (services.config.settings.smsConfirmBeforeSend && !(await confirm(services.confirmations, checked, target))) return undefined;
  const delivered = await deliver(services, target.profile, checked);
  if (delivered.ok) return delivered.outcome;
  throw reportedError(delivered.message);
}

/** The profile an SMS goes out through, as the confirmation names it. */
export interface SmsTarget {
  profile: string;
  baseUrl: string;
}

/** "Profile: Production (api.example.com)", for the confirmations of the palette and the chat tool. */
export function targetLine(target: SmsTarget): string {
  let host = target.baseUrl;
  try {
    host = new URL(target.baseUrl).host;
  } catch {
    // shown as stored
  }
  return vscode.l10n.t('Profile: {0} ({1})', target.profile, host);
}

/**
 * The confirmation modal; true only when the user chose "Send". It quotes the whole text and the sender
 * id, every character visible (visibleSmsText): arguments (a command link, a model through the chat tool) may
 * have written it, and nothing may hide behind an ellipsis or an invisible character. It goes
 * through the extension's confirmations, so the integration tests read exactly what it showed.
 */
export async function confirm(confirmations: Confirmations, sms: CheckedSms, target: SmsTarget): Promise<boolean> {
  const send = vscode.l10n.t('Send');
  const detail = [
    // First: which profile pays for it. A test SMS through the production profile is the costliest slip.
    targetLine(target),
    // The sender id may come from a model or a command link too: spelled out like the text.
    vscode.l10n.t('From: {0}', visibleSmsText(sms.from)),
    vscode.l10n.t('To: {0}', sms.to),
    vscode.l10n.t('Text: {0}', describeBody(sms.analysis)),
    sms.analysis.segments > 1 ? vscode.l10n.t('It is billed as {0} messages.', sms.analysis.segments) : '',
    vscode.l10n.t('Message, in full (line breaks shown as {0}): {1}', LINE_BREAK_MARK, visibleSmsText(sms.body)),
  ]
    .filter(Boolean)
    .join('\n');
  return (await confirmations.ask(vscode.l10n.t('Send this SMS?'), detail, send)) === send;
}

export type Delivery = { ok: true; outcome: SendSmsOutcome } | { ok: false; unknown: boolean; message: string };

/**
 * Sends once (never retried), records the message in the Sent SMS history and updates the draft,
 * with the same notifications whoever asked (palette, resend, chat tool). `signal` (the chat tool's
 * cancellation) aborts like the progress notification's Cancel button.
 */
export async function deliver(services: HostServices, profile: string, sms: CheckedSms, signal?: AbortSignal): Promise<Delivery> {
  const masked = maskPhoneNumber(sms.to);
  const record = { profile, from: sms.from, to: sms.to, body: sms.body, segments: sms.analysis.segments, encoding: sms.analysis.encoding };
  try {
    const { client } = await services.clients.active();
    const result = await withProgress(vscode.l10n.t('Sending SMS to {0}…', masked), (cancel) =>
      client.sendSms({ from: sms.from, to: sms.to, body: sms.body }, signal ? AbortSignal.any([cancel, signal]) : cancel),
    );
    await services.sms.history.add({
      ...record,
      status: 'sent',
      ...(result.messageId !== undefined ? { messageId: result.messageId } : {}),
    });
    await services.sms.drafts.markSent(profile, { from: sms.from, to: sms.to, body: sms.body });
    if (result.messageId !== undefined && result.rawXml !== undefined) rememberSmsAnswer(result.messageId, result.rawXml);
    void announce(masked, result.messageId, result.rawXml !== undefined);
    return { ok: true, outcome: { messageId: result.messageId, to: result.to } };
  } catch (e) {
    const unknown = isCancellation(e) || (e as { details?: { outcomeUnknown?: unknown } }).details?.outcomeUnknown === true;
    // Shown, logged and stored in the history: secrets masked, links inert (the service wrote part of it).
    const message = isCancellation(e)
      ? vscode.l10n.t(
          'Sending was cancelled after the request left. The outcome of the SMS to {0} is unknown: it may have been sent. Check before resending.',
          masked,
        )
      : services.log.userText(explain(e));
    await services.sms.history.add({ ...record, status: unknown ? 'outcome-unknown' : 'failed', error: message });
    // Kept so the next run offers it again; never resent by itself.
    await services.sms.drafts.keep(profile, { from: sms.from, to: sms.to, body: sms.body });
    services.log.error(`SMS to ${masked}: ${unknown ? 'outcome unknown' : 'failed'}: ${message}`);
    void offerRetry(services, message, unknown);
    return { ok: false, unknown, message };
  }
}

async function announce(masked: string, messageId: string | undefined, hasRaw: boolean): Promise<void> {
  if (messageId === undefined) {
    await vscode.window.showInformationMessage(vscode.l10n.t('SMS to {0} accepted (the service returned no message ID).', masked));
    return;
  }
  const copy = vscode.l10n.t('Copy ID');
  // The id is the service's text: shown inert; "Copy ID" copies it as sent.
  const raw = vscode.l10n.t('Show Raw Answer');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('SMS sent to {0}. Message ID: {1}', masked, inertLine(messageId, 120)),
    copy,
    ...(hasRaw ? [raw] : []),
  );
  if (choice === copy) await vscode.env.clipboard.writeText(messageId);
  if (choice === raw) await vscode.commands.executeCommand(COMMANDS.showRawAnswer, { operation: 'sms', messageId });
}

async function offerRetry(services: HostServices, message: string, unknown: boolean): Promise<void> {
  const edit = vscode.l10n.t('Edit Draft…');
  const showLog = vscode.l10n.t('Show Log');
  const text = unknown ? vscode.l10n.t('SMS outcome unknown: {0}', message) : vscode.l10n.t('SMS not sent: {0}', message);
  const show = unknown ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
  const choice = await show(text, edit, showLog);
  if (choice === edit) await vscode.commands.executeCommand(COMMANDS.sendSms);
  if (choice === showLog) services.log.show();
}
