// Import rules checked by `npm run lint` (dependency-cruiser): no circle among the modules of src,
// type-only imports included, so every module can be read, tested and loaded after what it uses.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle (type-only imports too) ties modules that cannot be understood or loaded one at a time.',
      from: {},
      to: { circular: true },
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
