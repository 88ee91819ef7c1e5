// The panel kinds as the list in index.ts gives them: by name, with the types each name carries. A kind's name is its
// folder (src/panels/<name>/) and its page's bundle (dist/webview/<name>.js).
import * as KINDS from './index.js';
import type { ControllerOf, PanelKind, StateOf } from './kind.js';

export { KINDS };
export type PanelKindName = keyof typeof KINDS;
export const KIND_NAMES = Object.keys(KINDS) as PanelKindName[];

type PartsOf<T> = T extends PanelKind<infer P> ? P : never;
/** Each kind's `parts` (its controller.ts), by name. */
export type PanelParts = { [K in PanelKindName]: PartsOf<(typeof KINDS)[K]> };
export type PanelStates = { [K in PanelKindName]: StateOf<PanelParts[K]> };
export type PanelControllers = { [K in PanelKindName]: ControllerOf<PanelParts[K]> };
// The host's panel service (src/host/webviews/panelService.ts) learns the kinds' states and controllers from here.
declare module '../host/webviews/panelService.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the host's empty map
  interface PanelStatesByKind extends PanelStates {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the host's empty map
  interface PanelControllersByKind extends PanelControllers {}
}
/** A kind's registration, typed by its name. */
export type PanelKindOf<K extends PanelKindName> = PanelKind<PanelParts[K]>;
