// voiceSms.copyAsCode { …the request as for copyAsCurl, language?: 'sh' | 'node' | 'python' }: copies the request
// as code in that language (shared/requestCode/languages.ts) and returns its text. Without a language it asks,
// offering the last one used first (remembered in globalState); without a request it asks which, as copyAsCurl.
import * as vscode from 'vscode';
import { CODE_LANGUAGES, type CodeLanguage, isCodeLanguage, languagesInPickOrder } from '../../shared/requestCode/languages.js';
import { CONTEXT_KEYS } from '../../shared/ids.js';
import type { HostCommand } from './hostCommand.js';
import { ROW } from './menuWhen.js';
import { copyRequestAs, resolveCall } from './copyRequest.js';

/** globalState key: the language picked last. */
const LAST_LANGUAGE_KEY = 'voiceSms.copyAsCode.lastLanguage';

export const command: HostCommand = {
  manifest: {
    title: 'Copy Request as Code…',
    icon: 'code',
    palette: CONTEXT_KEYS.signedIn,
    menus: [
      { menu: 'view/item/context', when: ROW.sentSms, group: '4_code@2' },
      { menu: 'view/item/context', when: ROW.month, group: '2_export@3' },
      { menu: 'view/item/context', when: ROW.balance, group: '2_copy@2' },
    ],
  },
  failure: { title: () => vscode.l10n.t('Copy Request as Code') },
  async run(services, arg, ctx) {
    const given = typeof arg === 'object' && arg !== null ? (arg as { language?: unknown }).language : undefined;
    if (given !== undefined && !isCodeLanguage(given)) {
      const ids = CODE_LANGUAGES.map((l) => l.id).join(', ');
      throw new Error(vscode.l10n.t('Unknown language {0}; use one of {1}.', JSON.stringify(given) ?? typeof given, ids));
    }
    const { profile, client } = await services.clients.active();
    const call = await resolveCall(services, profile, arg, vscode.l10n.t('Copy Request as Code'));
    if (!call) return undefined;
    const language = given ?? (await pickLanguage(ctx.globalState));
    if (!language) return undefined;
    await ctx.globalState.update(LAST_LANGUAGE_KEY, language);
    return await copyRequestAs(services, profile.name, client, call, language);
  },
};

function describeLanguage(id: CodeLanguage): string {
  switch (id) {
    case 'sh':
      return vscode.l10n.t('POSIX shell with curl and openssl');
    case 'node':
      return vscode.l10n.t('built-in fetch and node:crypto, no packages');
    case 'python':
      return vscode.l10n.t('Python 3, standard library only');
  }
}

async function pickLanguage(state: vscode.Memento): Promise<CodeLanguage | undefined> {
  const last = state.get<string>(LAST_LANGUAGE_KEY);
  const items = languagesInPickOrder(last).map((l) => ({
    id: l.id as CodeLanguage,
    label: l.name,
    description:
      l.id === last ? vscode.l10n.t('{0} · last used', describeLanguage(l.id as CodeLanguage)) : describeLanguage(l.id as CodeLanguage),
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Copy Request as Code'),
    placeHolder: vscode.l10n.t('Which language?'),
  });
  return picked?.id;
}
