// The elicitation that stands between an agent and a sent SMS. Every character is shown as the editor's
// confirmation shows it (visibleSmsText): a prompt-injected agent could otherwise have the user approve a
// text whose line breaks, bidi overrides or terminal escapes make it read differently from what is sent.
// The sender id is spelled out the same way, and all of it is a verbatim block: clients draw the message as
// Markdown, where a text could otherwise show a link's label instead of its address, or lose its backslashes.
// A client that cannot ask gets a refusal, never a silent send.
import * as l10n from '@vscode/l10n';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import { ToolRefusal } from '../tools/refusal.js';
import type { SendDetails } from '../tools/spec.js';
import { verbatimBlock } from '../tools/text/verbatim.js';
import { visibleSmsText } from '../tools/text/visibleText.js';

/** How long the user has to answer; no answer means not sent. */
const CONFIRM_TIMEOUT_MS = 10 * 60_000;

/**
 * What the user confirms: every fact of the send, the text in full with nothing hidden. Clients draw the message
 * as Markdown (VS Code does): the facts and the text are a verbatim block, so a text such as
 * `[acme.example/verify](https://evil.example/…) \*now\*` shows its brackets, address and backslashes, not a link.
 */
export function confirmationText(d: SendDetails): string {
  const facts = [
    l10n.t('Profile: {0} ({1})', visibleSmsText(d.profile), visibleSmsText(d.host)),
    l10n.t('From: {0}', visibleSmsText(d.from)),
    l10n.t('To: {0}', d.to),
    l10n.t('Segments: {0} ({1}, {2} characters)', d.analysis.segments, d.analysis.encoding, d.analysis.characters),
    l10n.t('Text:'),
    visibleSmsText(d.body),
  ];
  return `${l10n.t('Send this SMS?')}\n\n${verbatimBlock(facts.join('\n'))}`;
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

/** True only after the user's explicit "send"; throws a ToolRefusal when this client cannot ask. */
export async function confirmByElicitation(server: Server, d: SendDetails, signal: AbortSignal): Promise<boolean> {
  if (!server.getClientCapabilities()?.elicitation?.form) {
    throw new ToolRefusal(
      'noElicitation',
      l10n.t(
        'Not sent: this agent cannot ask you to confirm a message (its MCP client does not support elicitation), and this server never sends without your confirmation. Send it from the editor with "Voice & SMS: Send Test SMS…" instead.',
      ),
    );
  }
  const answer = await server.elicitInput(
    { message: confirmationText(d), requestedSchema: confirmSchema() },
    { signal, timeout: CONFIRM_TIMEOUT_MS },
  );
  return answer.action === 'accept' && answer.content?.['send'] === true;
}
