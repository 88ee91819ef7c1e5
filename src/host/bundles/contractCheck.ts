// Compile-time only (nothing imports this file, no bundle contains it): dist/features.js keeps the
// contracts its loaders type it by. An export that drifts from them fails `npm run typecheck` here.
import type * as bundle from './features.js';
import type { CommandsContract } from './commandsContract.js';
import type { FeaturesContract } from './featuresContract.js';

type Holds<T extends true> = T;
export type FeaturesBundleKeepsContract = Holds<typeof bundle extends FeaturesContract & CommandsContract ? true : false>;
