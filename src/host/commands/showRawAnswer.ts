// voiceSms.showRawAnswer { operation: 'calls', instanceId?, monthId? } | { operation: 'balance' }
// | { operation: 'sms', messageId } (a Sent SMS row works too; default: the balance): opens the exact XML the service sent in a read-only XML editor and
// returns that document. The answer on show (month view panel, Account view) is used when there is
// one, so the editor shows what the UI shows; otherwise the request is made once now.
import * as vscode from 'vscode';
import { monthIdOf } from '../../core/model/month.js';
import { RawAnswers } from '../platform/rawAnswer.js';
import { smsAnswer } from '../sms/rawAnswers.js';
import type { HostServices } from '../services.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { ROW } from './menuWhen.js';
import { readPanelArgs, type PanelArgs } from './panelArgs.js';

/** The read-only documents, created on the first use and disposed with the extension. */
let answers: RawAnswers | undefined;

function documents(ctx: vscode.ExtensionContext, services: HostServices): RawAnswers {
  if (!answers) {
    answers = new RawAnswers((text) => services.log.maskKnownSecrets(text));
    ctx.subscriptions.push(answers);
  }
  return answers;
}

interface RawAnswerArgs {
  operation: unknown;
  panel: PanelArgs;
  a: Record<string, unknown>;
}

function readArgs(arg: unknown): RawAnswerArgs {
  const a = typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as Record<string, unknown>) : {};
  const panel = readPanelArgs(a);
  // A Sent SMS row carries an `id` (and `messageId`); a month row carries instanceId and monthId.
  const operation =
    a['operation'] ??
    (typeof a['id'] === 'string' || a['messageId'] !== undefined ? 'sms' : panel.monthId || panel.instanceId ? 'calls' : 'balance');
  return { operation, panel, a };
}

export const command: HostCommand<RawAnswerArgs> = {
  manifest: {
    title: 'Show Raw Answer (XML)',
    icon: 'code',
    palette: CONTEXT_KEYS.signedIn,
    menus: [
      { menu: 'view/item/context', when: ROW.sentSmsWithId, group: '3_copy@2' },
      { menu: 'view/item/context', when: ROW.month, group: '2_export@4' },
      { menu: 'view/item/context', when: ROW.balance, group: '1_raw@1' },
    ],
  },
  parseArg: readArgs,
  failure: { title: () => vscode.l10n.t('Show Raw Answer') },
  async run(services, { operation, panel, a }, ctx) {
    const docs = documents(ctx, services);
    if (operation === 'calls') return await showMonth(services, docs, panel.instanceId, panel.monthId);
    if (operation === 'balance') return await showBalance(services, docs);
    if (operation === 'sms') return await showSms(services, docs, a);
    throw new Error(vscode.l10n.t('Unknown operation "{0}"; use one of {1}.', JSON.stringify(operation), 'calls, balance, sms'));
  },
};

async function showMonth(
  services: HostServices,
  answers: RawAnswers,
  instanceId: string | undefined,
  monthId: string | undefined,
): Promise<vscode.TextDocument> {
  const { profile, client } = await services.clients.active();
  const instance = instanceId ?? profile.voiceInstances[0] ?? services.config.instances[0];
  if (!instance) throw new Error(vscode.l10n.t('Add a voice instance to the profile first.'));
  const month = monthId ?? monthIdOf(new Date());
  const xml = services.panels.controller('monthView', instance)?.rawAnswerOf(month) ?? (await client.getMonthView(instance, month)).rawXml;
  return answers.show(`calls-${instance}-${month}`, xml);
}

/** `{ operation: 'sms', messageId }` or a Sent SMS history row (which carries `messageId`). */
async function showSms(services: HostServices, answers: RawAnswers, a: Record<string, unknown>): Promise<vscode.TextDocument> {
  const profile = services.config.activeProfile?.name;
  const row = typeof a['id'] === 'string' && profile ? services.sms.history.entries(profile).find((e) => e.id === a['id']) : undefined;
  const messageId = typeof a['messageId'] === 'string' ? a['messageId'] : row?.messageId;
  if (!messageId) throw new Error(vscode.l10n.t('This message has no message ID.'));
  const xml = smsAnswer(messageId);
  if (xml === undefined) {
    throw new Error(
      vscode.l10n.t(
        'The raw answer to this SMS is no longer at hand: answers are kept in memory, for the latest messages sent in this window.',
      ),
    );
  }
  return answers.show(`sms-${messageId}`, xml);
}

async function showBalance(services: HostServices, answers: RawAnswers): Promise<vscode.TextDocument> {
  const { profile, client } = await services.clients.active();
  if (!profile.accountId) throw new Error(vscode.l10n.t('Set an account id to see the balance'));
  const shown = services.balance.model.current.loaded;
  const xml =
    shown?.accountId === profile.accountId && shown.rawXml !== undefined
      ? shown.rawXml
      : (await client.getBalance(profile.accountId)).rawXml;
  return answers.show(`balance-${profile.accountId}`, xml);
}
