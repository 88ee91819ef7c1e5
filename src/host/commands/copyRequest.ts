// What Copy as cURL and Copy Request as Code share: which request (from the argument, a Sent SMS row, or a
// quick pick of the active profile's requests) and the copying itself, with the belt-and-braces check that
// no credential slipped into the text. The text comes from one writer per language (shared/requestCode); the
// reads come from the core's operations table (readCall.ts), the SMS from the drafts and the history.
import * as vscode from 'vscode';
import { isOperation, OPERATION_NAMES, OPERATIONS, READ_OPERATIONS, type ParamsOf, type ReadOperation } from '../../core/api/operations.js';
import type { OperationCall, VoiceSmsClient } from '../../core/index.js';
import { codeLanguage, type CodeLanguage } from '../../shared/requestCode/languages.js';
import { maskPhoneNumber } from '../../shared/redact.js';
import type { ProfileSettings } from '../profile/settings.js';
import type { HostServices } from '../services.js';
import { defaultParams, impliedRead, readCall, type ReadDefaults } from './readCall.js';

type Operation = OperationCall['operation'];

/**
 * How the pick and the note name a read. A read without words here is named by its request line
 * (`GET /v1/…`), so a new operation is copied before anyone writes them.
 */
const WORDS: { readonly [K in ReadOperation]?: { label: () => string; note: (p: ParamsOf<K>) => string } } = {
  calls: { label: () => vscode.l10n.t('Month view'), note: (p) => vscode.l10n.t('the month view of {0} ({1})', p.instanceId, p.monthId) },
  activities: {
    label: () => vscode.l10n.t('Day activities'),
    note: (p) => vscode.l10n.t('the activities of {0} on {1}', p.instanceId, p.dateId),
  },
  balance: { label: () => vscode.l10n.t('Balance'), note: (p) => vscode.l10n.t('the balance of {0}', p.accountId) },
};

/** The request line of a read, `GET /v1/account/{accountId}/balance` or with its values filled in. */
function requestLine(operation: ReadOperation, params?: Readonly<Record<string, string>>): string {
  const { method, route } = OPERATIONS[operation];
  return `${method} /${params ? route.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole) : route}`;
}

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
  if (call.operation === 'sms') return vscode.l10n.t('sending the SMS');
  // A read's note takes that read's call; TypeScript cannot follow the pair through the union.
  const words = WORDS[call.operation] as { note: (p: OperationCall) => string } | undefined;
  return words ? words.note(call) : requestLine(call.operation, call);
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
  const defaults: ReadDefaults = {
    instanceId: profile.voiceInstances[0] ?? services.config.instances[0],
    accountId: profile.accountId,
    now: new Date(),
  };
  const a = typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as Record<string, unknown>) : {};
  const historyId = a['operation'] === undefined ? str(a, 'id') : undefined;
  if (historyId !== undefined) {
    const entry = services.sms.history.resendData(profile.name, historyId);
    if (!entry) throw new Error(vscode.l10n.t("This history entry cannot be copied: it is not in the active profile's history."));
    return { operation: 'sms', input: { from: entry.from, to: entry.to, body: entry.body } };
  }
  const named = str(a, 'operation');
  if (named !== undefined && !isOperation(named)) {
    throw new Error(vscode.l10n.t('Unknown operation "{0}"; use one of {1}.', named, OPERATION_NAMES.join(', ')));
  }
  // Tree rows and webview buttons pass ids without always naming the operation.
  let operation: Operation | undefined = named ?? impliedRead(a);
  if (operation === undefined) {
    const composed = services.sms.drafts.lastComposed(profile.name);
    const items: (vscode.QuickPickItem & { op: Operation })[] = [
      // Each read the profile can default every parameter of (an instance's reads need one).
      ...READ_OPERATIONS.flatMap((op) => {
        const params = defaultParams(op, defaults);
        const label = WORDS[op]?.label() ?? requestLine(op);
        return params ? [{ op, label, description: params.map((p) => p.value).join(' · ') }] : [];
      }),
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
  if (operation !== 'sms') return readCall(operation, a, defaults);
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
