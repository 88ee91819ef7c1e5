// Loads dist/features.js (a separate bundle, like dist/core.js) on the first command, so activation
// parses only the shell.
import * as path from 'node:path';
import * as vscode from 'vscode';

export type FeaturesModule = typeof import('./features.js');

let loaded: FeaturesModule | undefined;

export function loadFeatures(): FeaturesModule {
  if (!loaded) {
    // A computed path, so esbuild leaves this require alone instead of inlining the features.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(path.join(__dirname, 'features.js')) as FeaturesModule;
    loaded.configurePureL10n(vscode.env.language, vscode.l10n.bundle);
  }
  return loaded;
}
