// send_test_sms. Off unless the server was started with --allow-send; with it, every message is shown
// to the user through the protocol's elicitation (profile and host, sender, destination, segments, the
// full text) and sent only after an explicit "send". A client that cannot ask (no elicitation) gets a
// refusal, never a silent send: an agent's own approval of the tool call is not the user's confirmation
// of this text, and some agents approve tool calls automatically. Sent once, never retried (the core
// never retries a POST); a lost answer is reported as "outcome unknown".
import * as l10n from '@vscode/l10n';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import { inert } from '../host/chat/dataText.js';
import { toolError } from '../host/chat/errorText.js';
import { maskPhoneNumber } from '../shared/redact.js';
import type { BodyAnalysis } from '../core/index.js';
import { ALLOW_SEND_FLAG } from './config.js';
import { core } from './core.js';
import type { Connection } from './context.js';
import { errorResult, okResult } from './results.js';

/** The extension's default for voiceSms.sms.maxSegments: a test message longer than this is a mistake. */
export const MAX_SEGMENTS = 3;
/** How long the user has to answer the confirmation; no answer means not sent. */
export const CONFIRM_TIMEOUT_MS = 10 * 60_000;

export interface CheckedSms {
  from: string;
  to: string;
  body: string;
  analysis: BodyAnalysis;
}

/** The palette's checks in the core's words; throws a VoiceSmsError('validation') or an Error with the sentence. */
export function checkSms(input: { from?: string | undefined; to: string; body: string }): CheckedSms {
  if (input.from === undefined || input.from.trim() === '') {
    throw new Error(l10n.t('Not sent: "from" is missing. This server has no default sender; pass a sender ID the account may use.'));
  }
  const from = core().validateId('from', input.from);
  const to = core().normalizeE164(input.to);
  // Refused by length first: a huge text must cost nothing (the counting is not linear).
  const max = core().maxBodyUnits(MAX_SEGMENTS);
  if (input.body.length > max) {
    throw new Error(
      l10n.t('The message text has {0} characters; {1} segments hold at most {2}. Shorten it.', input.body.length, MAX_SEGMENTS, max),
    );
  }
  const analysis = core().analyzeBody(input.body, MAX_SEGMENTS);
  if (analysis.segments > MAX_SEGMENTS) {
    throw new Error(
      l10n.t('The message needs {0} segments ({1}); the limit is {2}. Shorten it.', analysis.segments, analysis.encoding, MAX_SEGMENTS),
    );
  }
  return { from, to, body: input.body, analysis };
}

/** What the user confirms: every fact of the send, the text in full. */
export function confirmationText(c: Connection, sms: CheckedSms): string {
  return [
    l10n.t('Send this SMS?'),
    l10n.t('Profile: {0} ({1})', c.profile, c.host),
    l10n.t('From: {0}', sms.from),
    l10n.t('To: {0}', sms.to),
    l10n.t('Segments: {0} ({1}, {2} characters)', sms.analysis.segments, sms.analysis.encoding, sms.analysis.characters),
    l10n.t('Text:'),
    sms.body,
  ].join('\n');
}

function confirmSchema(): ElicitRequestFormParams['requestedSchema'] {
  return {
    type: 'object',
    properties: {
      send: {
        type: 'boolean',
        title: l10n.t('Send this SMS'),
        description: l10n.t('Check to send the message exactly as shown; it cannot be recalled.'),
        default: false,
      },
    },
    required: ['send'],
  };
}

export async function sendTestSms(
  server: Server,
  c: Connection,
  allowSend: boolean,
  input: { from?: string | undefined; to: string; body: string },
  signal: AbortSignal,
): Promise<CallToolResult> {
  if (!allowSend) {
    return errorResult(
      'sendingDisabled',
      l10n.t(
        "Not sent: sending is off. This MCP server was started without {0}; add it to the server's arguments in the agent's configuration to allow test SMS, each confirmed by you before it is sent.",
        ALLOW_SEND_FLAG,
      ),
    );
  }
  let sms: CheckedSms;
  try {
    sms = checkSms(input);
  } catch (e) {
    // The checks' own sentences are plain Errors: the input was refused.
    const err = toolError(e);
    return errorResult(err.kind === 'unexpected' ? 'validation' : err.kind, err.message);
  }
  const masked = maskPhoneNumber(sms.to);
  if (!server.getClientCapabilities()?.elicitation?.form) {
    return errorResult(
      'noElicitation',
      l10n.t(
        'Not sent: this agent cannot ask you to confirm a message (its MCP client does not support elicitation), and this server never sends without your confirmation. Send it from the editor with "Voice & SMS: Send Test SMS…" instead.',
      ),
    );
  }
  let confirmed = false;
  try {
    const answer = await server.elicitInput(
      { message: confirmationText(c, sms), requestedSchema: confirmSchema() },
      { signal, timeout: CONFIRM_TIMEOUT_MS },
    );
    confirmed = answer.action === 'accept' && answer.content?.['send'] === true;
  } catch {
    // No answer (timeout, cancelled, the client failed to ask): nothing is sent.
  }
  if (!confirmed) {
    return errorResult('declined', l10n.t('Not sent: the user did not confirm the SMS to {0}. Do not retry unless the user asks.', masked));
  }
  if (signal.aborted) return errorResult('declined', l10n.t('Not sent: the call was cancelled before sending the SMS to {0}.', masked));
  try {
    // Once: the core sends a POST a single time and never retries it.
    const r = await c.client.sendSms({ from: sms.from, to: sms.to, body: sms.body });
    const id = r.messageId;
    return okResult(
      id === undefined
        ? l10n.t(
            'SMS from {0} to {1} accepted (segments: {2}); the service returned no message ID.',
            sms.from,
            masked,
            sms.analysis.segments,
          )
        : l10n.t('SMS sent from {0} to {1} (segments: {2}), message ID {3}.', sms.from, masked, sms.analysis.segments, inert(id, 100)),
      { status: 'sent', from: sms.from, to: masked, segments: sms.analysis.segments, messageId: id === undefined ? null : inert(id, 100) },
    );
  } catch (e) {
    // Reported, never retried: a lost answer may mean the message went out.
    const err = toolError(e);
    const unknown = (e as { details?: { outcomeUnknown?: unknown } }).details?.outcomeUnknown === true;
    return unknown
      ? errorResult(
          'outcomeUnknown',
          l10n.t('Outcome unknown: {0} It was not retried and must not be sent again without asking the user.', err.message),
        )
      : errorResult(err.kind, l10n.t('Not sent: {0}', err.message));
  }
}
