// The page's language and translations, read from the markup the host rendered (html.ts) and
// applied before any text is built: every other webview module calls `l10n.t` at render time.
// Importing this module first (each main.ts does) is what guarantees that order.
import * as l10n from '@vscode/l10n';
import { parseWebviewL10n, WEBVIEW_L10N_ATTRIBUTE } from '../../shared/protocol.js';

function readPageL10n(): { language: string | undefined } {
  // Absent in plain Node (unit tests of the pure modules): English and the runtime's locale.
  if (typeof document === 'undefined') return { language: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(document.body?.getAttribute(WEBVIEW_L10N_ATTRIBUTE) ?? 'null');
  } catch {
    parsed = undefined;
  }
  const page = parseWebviewL10n(parsed);
  if (page?.bundle) l10n.config({ contents: page.bundle });
  return { language: usableLocale(page?.language ?? document.documentElement.lang) };
}

/** Intl throws on a malformed tag; such a language still translates but formats with the default locale. */
function usableLocale(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

const page = readPageL10n();

/** The editor's language (BCP 47) for Intl formatting; undefined means the runtime default. */
export function pageLanguage(): string | undefined {
  return page.language;
}
