// Loads dist/core.js (a separate bundle) on first use. Activation never pays for undici, the XML
// parser or the phone-number tables; the first network feature does, once.
import * as path from 'node:path';

export type CoreModule = typeof import('../core/index.js');

let loaded: CoreModule | undefined;

export function loadCore(): CoreModule {
  // A computed path, so esbuild leaves this require alone instead of inlining the core.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require(path.join(__dirname, 'core.js')) as CoreModule;
  return loaded;
}
