// voiceSms.copyAsCurl { operation: 'calls', instanceId, monthId } | { operation: 'activities', instanceId, dateId }
// | { operation: 'balance', accountId? } | { operation: 'sms', from?, to?, body? } | a Sent SMS row (default: the
// unsent draft, else the last message sent with the active profile): copies a shell command that repeats the request
// with curl (credentials as $VOICESMS_* placeholders) and returns its text. Copy Request as Code with language sh.
import * as vscode from 'vscode';
import type { HostCommand } from './hostCommand.js';
import { copyRequestAs, resolveCall } from './copyRequest.js';

export const command: HostCommand = {
  failure: { title: () => vscode.l10n.t('Copy as cURL') },
  async run(services, arg) {
    const { profile, client } = await services.clients.active();
    const call = await resolveCall(services, profile, arg, vscode.l10n.t('Copy as cURL'));
    if (!call) return undefined;
    return await copyRequestAs(services, profile.name, client, call, 'sh');
  },
};
