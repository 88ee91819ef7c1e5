// The core's messages go through @vscode/l10n. dist/core.js is a bundle of its own, with its own
// copy of @vscode/l10n, so the host hands it the editor's bundle when it loads the core
// (src/host/bundles/coreLoader.ts); without one (plain Node, tests, English) messages stay as written.
//
// Call sites import '@vscode/l10n' themselves and call `l10n.t(...)` rather than a `t` re-exported
// from here: `npm run l10n:export` (vscode-l10n-dev) only finds calls whose `l10n`/`t` comes
// straight from 'vscode' or '@vscode/l10n', so a local re-export would hide every message from the
// bundle. esbuild still puts a single copy of @vscode/l10n into dist/core.js.
import * as l10n from '@vscode/l10n';

let configured: Record<string, string> | undefined;

export function configureCoreL10n(bundle: Record<string, string> | undefined): void {
  if (!bundle) return;
  configured = bundle;
  l10n.config({ contents: bundle });
}

/** The bundle the core was given, for a thread of its own that speaks the same language (answerThread/). */
export function coreL10nBundle(): Record<string, string> | undefined {
  return configured;
}
