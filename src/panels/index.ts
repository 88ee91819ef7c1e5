// Every panel kind, one line each: its folder's registration (docs/development.md, "Adding a panel kind"). The rest
// derives from this list: the kind names and types (kinds.ts), the registry, the pages esbuild builds, the tests.
export { activities } from './activities/registration.js';
export { monthView } from './monthView/registration.js';
export { overview } from './overview/registration.js';
export { trend } from './trend/registration.js';
