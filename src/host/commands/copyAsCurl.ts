// voiceSms.copyAsCurl { operation: 'calls', instanceId, monthId } | { operation: 'activities', instanceId, dateId }
// | { operation: 'balance', accountId? } | { operation: 'sms', from?, to?, body? } (default: the unsent
// draft, else the last message sent, of the active profile): copies a shell command that
// repeats the request with curl (credentials as $VOICESMS_* placeholders) and returns its text. Without
// arguments it offers the operations for the active profile's first instance, current month and account.
import * as vscode from 'vscode';
import type { OperationCall } from '../../core/index.js';
import { dateIdOf, monthIdOf } from '../../core/model/month.js';
import { formatCurl } from '../../shared/curl.js';
import { maskPhoneNumber } from '../../shared/redact.js';
import type { ProfileSettings } from '../profile/settings.js';
import type { HostServices } from '../services.js';
import type { HostCommand } from './hostCommand.js';
import { readPanelArgs } from './panelArgs.js';

type Operation = OperationCall['operation'];
const OPERATIONS: readonly Operation[] = ['calls', 'activities', 'balance', 'sms'];

// No parseArg: the argument is read in resolveCall, after the sign-in check, because what it defaults to
// (instance, account, the last SMS) comes from the active profile.
export const command: HostCommand = {
  failure: { title: () => vscode.l10n.t('Copy as cURL') },
  async run(services, arg) {
    const { profile, client } = await services.clients.active();
    const call = await resolveCall(services, profile, arg);
    if (!call) return undefined;
    const text = formatCurl(client.describeRequest(call));
    // Belt and braces: the formatter never receives the secret, but refuse to copy it if it ever slipped in.
    const creds = await services.secrets.get(profile.name);
    if (creds && text.includes(creds.secretAccessKey))
      throw new Error(vscode.l10n.t('The generated command would contain the secret; not copied.'));
    await vscode.env.clipboard.writeText(text);
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Copied cURL for {0}. Set VOICESMS_ACCESS_KEY_ID and VOICESMS_SECRET_ACCESS_KEY before running it.', describe(call)),
    );
    return text;
  },
};

function describe(call: OperationCall): string {
  switch (call.operation) {
    case 'calls':
      return vscode.l10n.t('the month view of {0} ({1})', call.instanceId, call.monthId);
    case 'activities':
      return vscode.l10n.t('the activities of {0} on {1}', call.instanceId, call.dateId);
    case 'balance':
      return vscode.l10n.t('the balance of {0}', call.accountId);
    case 'sms':
      return vscode.l10n.t('sending the SMS');
  }
}

function str(a: Record<string, unknown>, key: string): string | undefined {
  const v = a[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

async function resolveCall(services: HostServices, profile: ProfileSettings, arg: unknown): Promise<OperationCall | undefined> {
  const instanceId = profile.voiceInstances[0] ?? services.config.instances[0];
  const accountId = profile.accountId;
  const a = typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as Record<string, unknown>) : {};
  const panel = readPanelArgs(a);
  let operation = str(a, 'operation') as Operation | undefined;
  if (operation !== undefined && !OPERATIONS.includes(operation)) {
    throw new Error(vscode.l10n.t('Unknown operation "{0}"; use one of {1}.', String(operation), OPERATIONS.join(', ')));
  }
  // The webview buttons pass ids without always naming the operation.
  operation ??= panel.dateId ? 'activities' : panel.monthId ? 'calls' : undefined;
  const now = new Date();
  if (operation === undefined) {
    const composed = services.sms.drafts.lastComposed(profile.name);
    const items: (vscode.QuickPickItem & { op: Operation })[] = [
      ...(instanceId
        ? [
            { op: 'calls' as const, label: vscode.l10n.t('Month view'), description: `${instanceId} · ${monthIdOf(now)}` },
            { op: 'activities' as const, label: vscode.l10n.t('Day activities'), description: `${instanceId} · ${dateIdOf(now)}` },
          ]
        : []),
      ...(accountId ? [{ op: 'balance' as const, label: vscode.l10n.t('Balance'), description: accountId }] : []),
      ...(composed
        ? [
            {
              op: 'sms' as const,
              label: composed.sent ? vscode.l10n.t('Send SMS (last message sent)') : vscode.l10n.t('Send SMS (unsent draft)'),
              description: `${composed.from} → ${maskPhoneNumber(composed.to)}`,
            },
          ]
        : []),
    ];
    if (items.length === 0) throw new Error(vscode.l10n.t('Nothing to copy yet: add a voice instance or an account id to the profile.'));
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Copy as cURL'),
      placeHolder: vscode.l10n.t('Which request?'),
    });
    if (!picked) return undefined;
    operation = picked.op;
  }
  switch (operation) {
    case 'calls':
      return { operation, instanceId: panel.instanceId ?? need(instanceId, 'instanceId'), monthId: panel.monthId ?? monthIdOf(now) };
    case 'activities':
      return { operation, instanceId: panel.instanceId ?? need(instanceId, 'instanceId'), dateId: panel.dateId ?? dateIdOf(now) };
    case 'balance':
      return { operation, accountId: str(a, 'accountId') ?? need(accountId, 'accountId') };
    case 'sms': {
      const last = services.sms.drafts.lastComposed(profile.name);
      const from = str(a, 'from') ?? last?.from;
      const to = str(a, 'to') ?? last?.to;
      const body = str(a, 'body') ?? last?.body;
      if (!from || !to || body === undefined) {
        throw new Error(
          vscode.l10n.t('No SMS was composed with this profile yet; send one first or pass { operation: "sms", from, to, body }.'),
        );
      }
      return { operation, input: { from, to, body } };
    }
  }
}

function need(v: string | undefined, field: string): string {
  if (!v) throw new Error(vscode.l10n.t('Pass {0}: the active profile has none to default to.', field));
  return v;
}
