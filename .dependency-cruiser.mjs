// Import rules checked by `npm run lint` (dependency-cruiser): no circle among the modules of src, type-only
// imports included, so every module can be read, tested and loaded after what it uses. One line may be crossed by
// types alone: the lazy features bundle's entry (src/host/features.ts), whose loader types what it loads
// from the entry itself; a circle that closes only through that type-only import is the bundle line, not a tie.
/** @type {import('dependency-cruiser').IConfiguration} */
const BUNDLE_ENTRY = '^src/host/features\\.ts$';

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle (type-only imports too) ties modules that cannot be understood or loaded one at a time.',
      from: {},
      to: { circular: true, viaOnly: { pathNot: BUNDLE_ENTRY } },
    },
    {
      name: 'bundle-line-types-only',
      severity: 'error',
      comment:
        'dist/features.js loads on first use: nothing in the activation bundle may import its entry at run time (a type-only import is how its loader is typed).',
      from: { pathNot: BUNDLE_ENTRY },
      to: { path: BUNDLE_ENTRY, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-room-circles',
      severity: 'error',
      scope: 'folder',
      comment:
        'The rooms of src/host form a ladder: a room may use the rooms below it, never one that uses it back (docs/development.md, Layout).',
      from: { path: '^src/host/[^/]+$' },
      to: { path: '^src/host/[^/]+$', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: they are what ties a loader to the bundle it loads.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
