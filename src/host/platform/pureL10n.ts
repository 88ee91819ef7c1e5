// The host modules kept free of `vscode` (so plain-Node unit tests can import them) translate
// through @vscode/l10n instead of vscode.l10n. The extension hands it the editor's language and
// bundle once, when the panels are set up during activation; until then, and in tests, they speak
// English. The strings are found by `npm run l10n:export` like any vscode.l10n.t call.
import * as l10n from '@vscode/l10n';

let locale = 'en';
let configuredBundle: Record<string, string> | undefined;

export function configurePureL10n(editorLanguage: string, bundle: Record<string, string> | undefined): void {
  try {
    locale = Intl.getCanonicalLocales(editorLanguage)[0] ?? 'en';
  } catch {
    // A tag Intl rejects still gets its translations; only dates and numbers fall back to English.
    locale = 'en';
  }
  configuredBundle = bundle;
  if (bundle) l10n.config({ contents: bundle });
}

/** The editor's strings bundle (undefined in English), for separately bundled modules such as the core. */
export function hostL10nBundle(): Record<string, string> | undefined {
  return configuredBundle;
}

/** The editor's language for Intl formatting in vscode-free modules. */
export function hostLocale(): string {
  return locale;
}
