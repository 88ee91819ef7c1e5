// Every panel kind's descriptor, by name, in the order the registry's find() looks through them. The type makes
// this table list exactly the kinds of panelParts.ts; test/unit/host/webviews/panelKinds.test.ts checks that each
// has its page, view type and activation event.
import type { PanelKind, PanelKindName } from '../panelKind.js';
import { activities } from './activities.js';
import { monthView } from './monthView.js';
import { overview } from './overview.js';
import { trend } from './trend.js';

export const KINDS: { readonly [K in PanelKindName]: PanelKind<K> } = { monthView, trend, activities, overview };
export const KIND_NAMES = Object.keys(KINDS) as PanelKindName[];
