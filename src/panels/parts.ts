// The features bundle's half of a kind, found by its name: the `parts` its controller.ts exports (controller,
// saved-state check, chart). esbuild bundles every src/panels/*/controller.ts for this require, and the shell
// (activation) never loads this file, so no controller is parsed before a panel opens.
import type { PanelKindName, PanelParts } from './kinds.js';

export function panelParts<K extends PanelKindName>(kind: K): PanelParts[K] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`./${kind}/controller.ts`) as { parts: PanelParts[K] }).parts;
}
