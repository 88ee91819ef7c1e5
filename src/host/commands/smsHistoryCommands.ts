// The Sent SMS view's commands. resendSms { id } sends an entry's message again as a NEW message,
// through sendSms (so the same checks and the same confirmation apply) -> { messageId, to }.
// copySmsMessageId { id } -> the copied id. clearSmsHistory -> how many entries were
// removed; it always asks first (a command link could carry any argument).
import * as vscode from 'vscode';
import type { HostServices } from '../services.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { ROW, VIEW } from './menuWhen.js';
import { sendSms } from '../sms/sendSmsFlow.js';

/** A tree row (an SmsHistoryEntry) or an argument object: both carry the entry's `id`. */
function entryId(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const id = (arg as { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
}

function activeProfile(services: HostServices): string {
  const name = services.config.activeProfile?.name;
  if (!name) throw new Error(vscode.l10n.t('You are not signed in.'));
  return name;
}

export const resendSms: HostCommand<string | undefined> = {
  manifest: {
    title: 'Resend SMS…',
    icon: 'redo',
    palette: false,
    menus: [{ menu: 'view/item/context', when: ROW.sentSms, group: '1_send@1' }],
  },
  parseArg: entryId,
  // Thrown back as well as shown: the tree row's caller is the editor, a program gets the rejection.
  failure: { title: () => vscode.l10n.t('Resend SMS'), throwBack: () => 'shown' },
  async run(services, id) {
    const data = id === undefined ? undefined : services.sms.history.resendData(activeProfile(services), id);
    if (!data) throw new Error(vscode.l10n.t("This history entry cannot be resent: it is not in the active profile's history."));
    return await sendSms(services, { from: data.from, to: data.to, body: data.body });
  },
};

export const copySmsMessageId: HostCommand<string | undefined> = {
  manifest: {
    title: 'Copy Message ID',
    icon: 'copy',
    palette: false,
    menus: [{ menu: 'view/item/context', when: ROW.sentSmsWithId, group: '3_copy@1' }],
  },
  parseArg: entryId,
  async run(services, id) {
    const profile = services.config.activeProfile?.name;
    const entry = id && profile ? services.sms.history.entries(profile).find((e) => e.id === id) : undefined;
    if (!entry?.messageId) {
      void vscode.window.showInformationMessage(vscode.l10n.t('This message has no message ID.'));
      return undefined;
    }
    await vscode.env.clipboard.writeText(entry.messageId);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', entry.messageId), 3000);
    return entry.messageId;
  },
};

export const clearSmsHistory: HostCommand = {
  manifest: {
    title: 'Clear Sent SMS History',
    icon: 'clear-all',
    palette: CONTEXT_KEYS.hasHistory,
    menus: [{ menu: 'view/title', when: `${VIEW.smsHistory} && ${CONTEXT_KEYS.hasHistory}`, group: 'navigation@2' }],
  },
  failure: { title: () => vscode.l10n.t('Clear Sent SMS History') },
  async run(services) {
    const profile = activeProfile(services);
    const count = services.sms.history.entries(profile).length;
    // Always asked, whatever the arguments say: a command link can pass any of them.
    const clear = vscode.l10n.t('Clear');
    const choice = await services.confirmations.ask(
      vscode.l10n.t('Clear the sent SMS history of {0}?', profile),
      vscode.l10n.t('{0} entries are removed from this editor. Messages already sent are not affected.', count),
      clear,
    );
    if (choice !== clear) return undefined;
    await services.sms.history.clear(profile);
    services.log.info(`sent SMS history of ${profile} cleared (${count} entries)`);
    return count;
  },
};
