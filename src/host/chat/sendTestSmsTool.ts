// voiceSms_sendTestSms. Two confirmations guard it, on purpose: prepareInvocation returns the
// editor's confirmation (sender, E.164 destination, segments, text), and invoke itself shows the
// palette's "Send this SMS?" modal every time, whatever voiceSms.sms.confirmBeforeSend says. The
// editor's own prompt can be skipped (auto-approval settings, hooks, a caller outside chat), the
// modal cannot, so no path sends without the user's "Send". Sending is the palette's deliver():
// once, never retried, recorded in the Sent SMS history, a failure keeps the draft.
import * as vscode from 'vscode';
import { maskPhoneNumber } from '../../shared/redact.js';
import { confirm, deliver, targetLine, type SmsTarget } from '../sms/sendSms.js';
import { checkSms, describeBody, type CheckedSms, type SmsRules } from '../sms/sendSmsSteps.js';
import { loadCore } from '../bundles/coreLoader.js';
import { visibleSmsText } from '../../tools/text/visibleText.js';
import type { HostServices } from '../services.js';
import { inert } from '../../tools/text/dataText.js';
import { toolError } from '../../tools/text/errorText.js';
import { errorResult, fail, guarded, textResult } from './results.js';

interface Checked {
  target: SmsTarget;
  sms: CheckedSms;
}

function field(input: Record<string, unknown>, key: string): string | undefined {
  const v = input[key];
  return typeof v === 'string' ? v : undefined;
}

/** The input checked exactly as the palette checks it; throws the palette's messages. */
async function check(services: HostServices, input: Record<string, unknown>): Promise<Checked> {
  const { profile } = await services.clients.active();
  const s = services.config.settings;
  const rules: SmsRules = { core: loadCore(), region: s.smsDefaultRegion || undefined, maxSegments: s.smsMaxSegments };
  const from = field(input, 'from') ?? profile.senderIds[0] ?? '';
  return {
    target: { profile: profile.name, baseUrl: profile.baseUrl },
    sms: checkSms(rules, { from, to: field(input, 'to') ?? '', body: field(input, 'body') ?? '' }),
  };
}

export function sendTestSmsTool(services: HostServices): vscode.LanguageModelTool<Record<string, unknown>> {
  return {
    async prepareInvocation(options) {
      let checked: Checked;
      try {
        checked = await check(services, options.input);
      } catch {
        // Nothing will be sent: invoke reports why.
        return { invocationMessage: vscode.l10n.t('Checking the test SMS…') };
      }
      const { sms } = checked;
      // appendText escapes markdown: the text comes from the model and is shown as typed.
      const message = new vscode.MarkdownString()
        .appendText(targetLine(checked.target))
        .appendMarkdown('  \n')
        .appendText(vscode.l10n.t('From: {0}', visibleSmsText(sms.from)))
        .appendMarkdown('  \n')
        .appendText(vscode.l10n.t('To: {0}', sms.to))
        .appendMarkdown('  \n')
        .appendText(vscode.l10n.t('Text: {0}', describeBody(sms.analysis)))
        .appendMarkdown('  \n')
        .appendText(vscode.l10n.t('Segments: {0}', sms.analysis.segments))
        .appendMarkdown('\n\n')
        .appendText(visibleSmsText(sms.body));
      return {
        invocationMessage: vscode.l10n.t('Sending a test SMS to {0}', maskPhoneNumber(sms.to)),
        confirmationMessages: { title: vscode.l10n.t('Send this SMS?'), message },
      };
    },
    invoke: (options, token) =>
      guarded(token, async (signal) => {
        let checked: Checked;
        try {
          checked = await check(services, options.input);
        } catch (e) {
          // The palette's checks throw plain Errors with their explanation: the input was refused.
          const err = toolError(e);
          return fail(err.kind === 'unexpected' ? { ...err, kind: 'validation' } : err);
        }
        const { target, sms } = checked;
        const masked = maskPhoneNumber(sms.to);
        // Always, even after the editor's confirmation; a modal that cannot be shown counts as "no".
        const confirmed = await confirm(services.confirmations, sms, target).then(
          (yes) => yes,
          () => false,
        );
        if (!confirmed) {
          return errorResult({
            kind: 'declined',
            message: vscode.l10n.t('Not sent: the user did not confirm the SMS to {0}. Do not retry unless the user asks.', masked),
          });
        }
        if (signal.aborted) throw new vscode.CancellationError();
        const delivered = await deliver(services, target.profile, sms, signal);
        if (delivered.ok) {
          const id = delivered.outcome.messageId;
          return textResult(
            id === undefined
              ? vscode.l10n.t(
                  'SMS from {0} to {1} accepted (segments: {2}); the service returned no message ID. It is recorded in the Sent SMS history.',
                  inert(sms.from, 100),
                  masked,
                  sms.analysis.segments,
                )
              : vscode.l10n.t(
                  'SMS sent from {0} to {1} (segments: {2}), message ID {3}. It is recorded in the Sent SMS history.',
                  inert(sms.from, 100),
                  masked,
                  sms.analysis.segments,
                  inert(id, 100),
                ),
            JSON.stringify({
              status: 'sent',
              from: inert(sms.from, 100),
              to: masked,
              segments: sms.analysis.segments,
              messageId: id === undefined ? null : inert(id, 100),
            }),
          );
        }
        // Cancelled after the request left, a lost answer, or a refusal: reported, never retried.
        return textResult(
          delivered.unknown
            ? vscode.l10n.t(
                'Outcome unknown: {0} The message may have been delivered; it was not retried and must not be sent again without asking the user.',
                inert(delivered.message, 600),
              )
            : vscode.l10n.t('Not sent: {0} The draft is kept for "Voice & SMS: Send Test SMS".', inert(delivered.message, 600)),
          JSON.stringify({ status: delivered.unknown ? 'outcomeUnknown' : 'failed', to: masked }),
        );
      }),
  };
}
