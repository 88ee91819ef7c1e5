// What Copy as cURL and Copy Request as Code share: which request (from the argument, a Sent SMS row, or a
// quick pick of the active profile's requests) and the copying itself, with the belt-and-braces check that
// no credential slipped into the text. The text comes from one writer per language (shared/requestCode).
import * as vscode from 'vscode';
import type { OperationCall, VoiceSmsClient } from '../../core/index.js';
import { dateIdOf, monthIdOf } from '../../core/model/month.js';
import { codeLanguage, type CodeLanguage } from '../../shared/requestCode/languages.js';
import { maskPhoneNumber } from '../../shared/redact.js';
import type { ProfileSettings } from '../profile/settings.js';
import type { HostServices } from '../services.js';
import { readPanelArgs } from './panelArgs.js';

type Operation = OperationCall['operation'];
const OPERATIONS: readonly Operation[] = ['calls', 'activities', 'balance', 'sms'];

/** Copies `call` written in `language` and returns the text; the note names the language and the request. */
export async function copyRequestAs(
  services: HostServices,
  profileName: string,
  client: VoiceSmsClient,
  call: OperationCall,
  language: CodeLanguage,
): Promise<string> {
  const spec = codeLanguage(language);
  const text = spec.write(client.describeRequest(call));
  // Belt and braces: the writers never receive the secret, but refuse to copy it if it ever slipped in.
  const creds = await services.secrets.get(profileName);
  if (creds && (text.includes(creds.secretAccessKey) || text.includes(basicToken(creds.accessKeyId, creds.secretAccessKey))))
    throw new Error(vscode.l10n.t('The generated command would contain the secret; not copied.'));
  await vscode.env.clipboard.writeText(text);
  const open = vscode.l10n.t('Open in Editor');
  void vscode.window
    .showInformationMessage(
      vscode.l10n.t(
        'Copied {0} for {1}. Set VOICESMS_ACCESS_KEY_ID and VOICESMS_SECRET_ACCESS_KEY before running it.',
        spec.name,
        describe(call),
      ),
      open,
    )
    .then(async (choice) => {
      if (choice !== open) return;
      const doc = await vscode.workspace.openTextDocument({ language: spec.editorLanguage, content: text });
      await vscode.window.showTextDocument(doc, { preview: false });
    })
    .then(undefined, (e: unknown) => services.log.warn(`copy as code: could not open the text in an editor: ${String(e)}`));
  return text;
}

function basicToken(id: string, secret: string): string {
  return Buffer.from(`${id}:${secret}`, 'utf8').toString('base64');
}

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

/**
 * The call an argument names: an operation with its ids (missing ones default to the active profile's first
 * instance, this month or day, its account, the last SMS), a Sent SMS row (`{ id }` of a history entry: that
 * message), or, with neither, the user's pick. Undefined when the pick is dismissed.
 */
export async function resolveCall(
  services: HostServices,
  profile: ProfileSettings,
  arg: unknown,
  title: string,
): Promise<OperationCall | undefined> {
  const instanceId = profile.voiceInstances[0] ?? services.config.instances[0];
  const accountId = profile.accountId;
  const a = typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as Record<string, unknown>) : {};
  const historyId = a['operation'] === undefined ? str(a, 'id') : undefined;
  if (historyId !== undefined) {
    const entry = services.sms.history.resendData(profile.name, historyId);
    if (!entry) throw new Error(vscode.l10n.t("This history entry cannot be copied: it is not in the active profile's history."));
    return { operation: 'sms', input: { from: entry.from, to: entry.to, body: entry.body } };
  }
  const panel = readPanelArgs(a);
  let operation = str(a, 'operation') as Operation | undefined;
  if (operation !== undefined && !OPERATIONS.includes(operation)) {
    throw new Error(vscode.l10n.t('Unknown operation "{0}"; use one of {1}.', String(operation), OPERATIONS.join(', ')));
  }
  // The webview buttons pass ids without always naming the operation; the Account view's balance row is `{ kind: 'balance' }`.
  operation ??= panel.dateId ? 'activities' : panel.monthId ? 'calls' : a['kind'] === 'balance' ? 'balance' : undefined;
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
      title,
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
