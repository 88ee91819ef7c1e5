// Loads dist/features.js (a separate bundle, like dist/core.js) on the first command, so activation
// parses only the shell. Typed by the bundle's own entry (a type-only import: the bundle line may be crossed
// by types, never at run time, and only from the shell: .dependency-cruiser.mjs bundle-entry-types-only and
// bundle-entry-from-shell), so no export is written twice.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type * as FeaturesBundle from '../features.js';

/** What dist/features.js exports, as its entry (src/features.ts) declares it. */
export type Features = typeof FeaturesBundle;

let loaded: Features | undefined;

export function loadFeatures(): Features {
  if (!loaded) {
    // A computed path, so esbuild leaves this require alone instead of inlining the features.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(path.join(__dirname, 'features.js')) as Features;
    loaded.configurePureL10n(vscode.env.language, vscode.l10n.bundle);
  }
  return loaded;
}
