// The core's messages go through @vscode/l10n. dist/core.js is a bundle of its own, with its own
// copy of @vscode/l10n, so the host hands it the editor's bundle when it loads the core
// (src/host/core.ts); without one (plain Node, tests, English) messages stay as written.
import * as l10n from '@vscode/l10n';

export function configureCoreL10n(bundle: Record<string, string> | undefined): void {
  if (bundle) l10n.config({ contents: bundle });
}
