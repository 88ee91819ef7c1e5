// voiceSms.sendSms { from?, to?, body? }: the table entry of the Send Test SMS flow (sms/sendSmsFlow.ts). With arguments
// (a program, a command link) a failure is shown and thrown back; a failed delivery was already told in its own
// notification (offerRetry, with Edit Draft), so the wrapper does not show it again.
import * as vscode from 'vscode';
import { sendSms } from '../sms/sendSmsFlow.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { VIEW } from './menuWhen.js';

export const command: HostCommand = {
  manifest: {
    title: 'Send Test SMS…',
    icon: 'send',
    palette: CONTEXT_KEYS.signedIn,
    menus: [{ menu: 'view/title', when: `${VIEW.smsHistory} && ${CONTEXT_KEYS.signedIn}`, group: 'navigation@1' }],
  },
  failure: {
    title: () => vscode.l10n.t('Send Test SMS'),
    throwBack: (raw) => (typeof raw === 'object' && raw !== null ? 'shown' : false),
  },
  run: (services, arg) => sendSms(services, arg),
};
