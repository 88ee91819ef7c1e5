// Loads dist/core.js (a separate bundle) on first use. Activation never pays for the XML parser; the first
// network feature does, once. undici and the phone-number tables wait for their own first use (core/lazyParts.ts).
import * as path from 'node:path';
import { hostL10nBundle } from '../platform/pureL10n.js';

export type CoreModule = typeof import('../../core/index.js');

let loaded: CoreModule | undefined;

export function loadCore(): CoreModule {
  if (!loaded) {
    // A computed path, so esbuild leaves this require alone instead of inlining the core.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(path.join(__dirname, 'core.js')) as CoreModule;
    // dist/core.js has its own copy of @vscode/l10n, so it gets the editor's bundle here, once. The
    // bundle comes through pureL10n.ts (set first thing in activate()), which keeps this file free
    // of `vscode` and so loadable by plain-Node tests.
    loaded.configureCoreL10n(hostL10nBundle());
  }
  return loaded;
}
