// voiceSms.copyAsCurl { operation: 'calls', instanceId, monthId } | { operation: 'activities', instanceId, dateId }
// | { operation: 'balance', accountId? } | { operation: 'sms', from?, to?, body? } | a Sent SMS row (default: the
// unsent draft, else the last message sent with the active profile): copies a shell command that repeats the request
// with curl (credentials as $VOICESMS_* placeholders) and returns its text. Copy Request as Code with language sh.
import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { ROW } from './menuWhen.js';
import { copyRequestAs, resolveCall } from './copyRequest.js';

export const command: HostCommand = {
  manifest: {
    title: 'Copy Request as cURL',
    icon: 'copy',
    palette: CONTEXT_KEYS.signedIn,
    menus: [
      { menu: 'view/item/context', when: ROW.sentSms, group: '4_code@1' },
      { menu: 'view/item/context', when: ROW.month, group: '2_export@2' },
      { menu: 'view/item/context', when: ROW.balance, group: '2_copy@1' },
    ],
  },
  failure: { title: () => vscode.l10n.t('Copy as cURL') },
  async run(services, arg) {
    const { profile, client } = await services.clients.active();
    const call = await resolveCall(services, profile, arg, vscode.l10n.t('Copy as cURL'));
    if (!call) return undefined;
    return await copyRequestAs(services, profile.name, client, call, 'sh');
  },
};
