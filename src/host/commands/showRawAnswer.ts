// voiceSms.showRawAnswer { operation: 'calls', instanceId?, monthId? } | { operation: 'balance' }
// (default: the balance): opens the exact XML the service sent in a read-only XML editor and
// returns that document. The answer on show (month view panel, Account view) is used when there is
// one, so the editor shows what the UI shows; otherwise the request is made once now.
import * as vscode from 'vscode';
import { monthIdOf } from '../../core/model/month.js';
import { COMMANDS } from '../../shared/ids.js';
import { showError } from '../errors.js';
import { RawAnswers } from '../rawAnswer.js';
import type { HostServices } from '../services.js';
import { readPanelArgs } from './panelArgs.js';
import { registerCommand, type RegisterCommand } from './register.js';

export const register: RegisterCommand = (ctx, services) => {
  const answers = new RawAnswers((text) => services.log.maskKnownSecrets(text));
  ctx.subscriptions.push(answers);
  registerCommand(ctx, COMMANDS.showRawAnswer, async (arg?: unknown) => {
    try {
      const a = typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as Record<string, unknown>) : {};
      const panel = readPanelArgs(a);
      const operation = a['operation'] ?? (panel.monthId || panel.instanceId ? 'calls' : 'balance');
      if (operation === 'calls') return await showMonth(services, answers, panel.instanceId, panel.monthId);
      if (operation === 'balance') return await showBalance(services, answers);
      throw new Error(vscode.l10n.t('Unknown operation "{0}"; use one of {1}.', JSON.stringify(operation), 'calls, balance'));
    } catch (e) {
      void showError(services.log, vscode.l10n.t('Show Raw Answer'), e);
      return undefined;
    }
  });
};

async function showMonth(services: HostServices, answers: RawAnswers, instanceId: string | undefined, monthId: string | undefined): Promise<vscode.TextDocument> {
  const { profile, client } = await services.clients.active();
  const instance = instanceId ?? profile.voiceInstances[0] ?? services.config.instances[0];
  if (!instance) throw new Error(vscode.l10n.t('Add a voice instance to the profile first.'));
  const month = monthId ?? monthIdOf(new Date());
  const xml = services.panels.monthRawAnswer(instance, month) ?? (await client.getMonthView(instance, month)).rawXml;
  return answers.show(`calls-${instance}-${month}`, xml);
}

async function showBalance(services: HostServices, answers: RawAnswers): Promise<vscode.TextDocument> {
  const { profile, client } = await services.clients.active();
  if (!profile.accountId) throw new Error(vscode.l10n.t('Set an account id to see the balance'));
  const shown = services.balance.model.current.loaded;
  const xml = shown?.accountId === profile.accountId && shown.rawXml !== undefined ? shown.rawXml : (await client.getBalance(profile.accountId)).rawXml;
  return answers.show(`balance-${profile.accountId}`, xml);
}
