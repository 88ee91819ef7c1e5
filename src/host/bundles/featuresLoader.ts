// Loads dist/features.js (a separate bundle, like dist/core.js) on the first command, so activation
// parses only the shell. Typed by featuresContract.ts, not by the bundle itself (see there why).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FeaturesContract } from './featuresContract.js';

let loaded: FeaturesContract | undefined;

export function loadFeatures(): FeaturesContract {
  if (!loaded) {
    // A computed path, so esbuild leaves this require alone instead of inlining the features.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(path.join(__dirname, 'features.js')) as FeaturesContract;
    loaded.configurePureL10n(vscode.env.language, vscode.l10n.bundle);
  }
  return loaded;
}
