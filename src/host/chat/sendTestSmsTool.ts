// voiceSms_sendTestSms: the send spec's run() (src/tools/specs/sendTestSms.ts) through the chat door's
// context, so the checks, the confirmation and the single send are the ones the MCP tool runs. Two
// confirmations guard it, on purpose: prepareInvocation returns the editor's confirmation (sender,
// E.164 destination, segments, text, from the spec's checked SMS), and run() asks the chat context's
// confirmSend, the palette's "Send this SMS?" modal, every time, whatever voiceSms.sms.confirmBeforeSend
// says. The editor's own prompt can be skipped (auto-approval settings, hooks, a caller outside chat),
// the modal cannot. Sending is the palette's deliver(): once, never retried, recorded in the Sent SMS
// history, a failure keeps the draft. This file only translates: refusals worded as the palette words
// them, a decline or a failed delivery as a result the model reads (not a failed call), as before.
import * as vscode from 'vscode';
import { maskPhoneNumber } from '../../shared/redact.js';
import { targetLine } from '../sms/sendSmsFlow.js';
import { describeBody, paletteFailure } from '../sms/sendSmsSteps.js';
import { SmsFieldError } from '../sms/smsField.js';
import { verbatimBlock } from '../../tools/text/verbatim.js';
import { visibleSmsText } from '../../tools/text/visibleText.js';
import { ToolRefusal } from '../../tools/refusal.js';
import { checkSendArgs, sendTestSmsTool as spec } from '../../tools/specs/sendTestSms.js';
import type { ToolContext } from '../../tools/spec.js';
import type { HostServices } from '../services.js';
import { inert } from '../../tools/text/dataText.js';
import { toolError } from '../../tools/text/errorText.js';
import { chatToolContext } from './chatContext.js';
import { errorResult, fail, guarded, textResult } from './results.js';

interface SendArgs {
  from: string | undefined;
  to: string;
  body: string;
}

/** The input as the editor hands it over: strings as given ('' for anything else, refused by the checks). */
function argsOf(input: Record<string, unknown>): SendArgs {
  const str = (key: string): string | undefined => {
    const v = input[key];
    return typeof v === 'string' ? v : undefined;
  };
  return { from: str('from'), to: str('to') ?? '', body: str('body') ?? '' };
}

/** The chat context, noting what deliver() said when the send itself failed (the spec words it for MCP). */
function watchedContext(services: HostServices): {
  ctx: ToolContext;
  delivery: () => { message: string; unknown: boolean; to: string } | undefined;
} {
  const base = chatToolContext(services);
  let failed: { message: string; unknown: boolean; to: string } | undefined;
  const ctx: ToolContext = {
    ...base,
    async send(d, signal) {
      try {
        return await base.send(d, signal);
      } catch (e) {
        const unknown = (e as { details?: { outcomeUnknown?: unknown } }).details?.outcomeUnknown === true;
        failed = { message: e instanceof Error ? e.message : String(e), unknown, to: d.to };
        throw e;
      }
    },
  };
  return { ctx, delivery: () => failed };
}

/** A refusal of the input, in the palette's words ("Destination number is not a phone number…"). */
function refusedInput(e: unknown, args: SendArgs, profileSender: string | undefined): never | undefined {
  const worded = paletteFailure(e, args.from ?? profileSender ?? '');
  if (worded instanceof SmsFieldError) fail({ kind: 'validation', message: toolError(worded).message });
  return undefined;
}

export function sendTestSmsTool(services: HostServices): vscode.LanguageModelTool<Record<string, unknown>> {
  return {
    async prepareInvocation(options) {
      let checked: Awaited<ReturnType<typeof checkSendArgs>>;
      let baseUrl: string;
      try {
        baseUrl = (await services.clients.active()).profile.baseUrl;
        checked = await checkSendArgs(chatToolContext(services), argsOf(options.input));
      } catch {
        // Nothing will be sent: invoke reports why.
        return { invocationMessage: vscode.l10n.t('Checking the test SMS…') };
      }
      const { sms } = checked;
      // A verbatim block, not appendText: appendText leaves `&amp;`-style references and HTML to the renderer, so
      // the confirmation could show characters other than those the model wrote and the message sends.
      const lines = [
        targetLine({ profile: checked.facts.profile, baseUrl }),
        vscode.l10n.t('From: {0}', visibleSmsText(sms.from)),
        vscode.l10n.t('To: {0}', sms.to),
        vscode.l10n.t('Text: {0}', describeBody(sms.analysis)),
        vscode.l10n.t('Segments: {0}', sms.analysis.segments),
        '',
        visibleSmsText(sms.body),
      ];
      const message = new vscode.MarkdownString(verbatimBlock(lines.join('\n')));
      return {
        invocationMessage: vscode.l10n.t('Sending a test SMS to {0}', maskPhoneNumber(sms.to)),
        confirmationMessages: { title: vscode.l10n.t('Send this SMS?'), message },
      };
    },
    invoke: (options, token) =>
      guarded(token, async (signal) => {
        const args = argsOf(options.input);
        const { ctx, delivery } = watchedContext(services);
        // Signed out fails the call before anything is asked (run() would read a failed confirmSend as "no").
        await services.clients.active();
        try {
          const out = await spec.run(ctx, args, signal);
          return textResult(`${out.text} ${vscode.l10n.t('It is recorded in the Sent SMS history.')}`, JSON.stringify(out.data));
        } catch (e) {
          if (signal.aborted && !delivery()) throw new vscode.CancellationError();
          const sent = delivery();
          if (sent) {
            // Cancelled after the request left, a lost answer, or a refusal: reported, never retried.
            const masked = maskPhoneNumber(sent.to);
            return textResult(
              sent.unknown
                ? vscode.l10n.t(
                    'Outcome unknown: {0} The message may have been delivered; it was not retried and must not be sent again without asking the user.',
                    inert(sent.message, 600),
                  )
                : vscode.l10n.t('Not sent: {0} The draft is kept for "Voice & SMS: Send Test SMS".', inert(sent.message, 600)),
              JSON.stringify({ status: sent.unknown ? 'outcomeUnknown' : 'failed', to: masked }),
            );
          }
          // The spec's own sentence (the masked number's stars stay stars), as a result: the user said no.
          if (e instanceof ToolRefusal && e.kind === 'declined') return errorResult({ kind: 'declined', message: e.message });
          refusedInput(e, args, services.session.current.profile?.senderIds[0]);
          throw e;
        }
      }),
  };
}
