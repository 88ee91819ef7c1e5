// voiceSms.sendSms { from?, to?, body? }: the table entry of the Send Test SMS flow (sms/sendSms.ts). With arguments
// (a program, a command link) a failure is shown and thrown back; a failed delivery was already told in its own
// notification (offerRetry, with Edit Draft), so the wrapper does not show it again.
import * as vscode from 'vscode';
import { sendSms } from '../sms/sendSms.js';
import type { HostCommand } from './hostCommand.js';

export const command: HostCommand = {
  failure: {
    title: () => vscode.l10n.t('Send Test SMS'),
    throwBack: (raw) => (typeof raw === 'object' && raw !== null ? 'shown' : false),
  },
  run: (services, arg) => sendSms(services, arg),
};
