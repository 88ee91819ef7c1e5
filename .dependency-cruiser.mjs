// Import rules checked by `npm run lint` (dependency-cruiser). No circle among the modules of src, type-only imports
// included, and no exception: every module can be read, tested and loaded after what it uses. src has a floor line:
// the shell (src/shell/, with src/extension.ts its door) is what every window loads at start-up and the only code
// that loads the features bundle; the feature rooms below it (src/panels, src/host, ...) never import it, not even
// for a type, so the bundle's entry (src/features.ts, beside extension.ts) sits between the two and closes no circle.
/** @type {import('dependency-cruiser').IConfiguration} */
const SHELL = '^src/shell/';
const BUNDLE_ENTRY = '^src/features\\.ts$';
// A panel kind's page (src/panels/<kind>/page/) and the shared browser code (src/webview/) run in the webview.
const PAGE = '^src/panels/[^/]+/page/';

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle (type-only imports too) ties modules that cannot be understood or loaded one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shell-above-features',
      severity: 'error',
      comment:
        'The shell (src/shell) stands above the features: nothing but the shell and src/extension.ts imports it, types included (the features reach the panels, the watch and the demo through the interfaces of services.ts).',
      from: { pathNot: [SHELL, '^src/extension\\.ts$'] },
      to: { path: SHELL },
    },
    {
      name: 'bundle-entry-types-only',
      severity: 'error',
      comment:
        'dist/features.js loads on first use: only the shell names its entry, and only for types (the loader requires the built file by path).',
      from: {},
      to: { path: BUNDLE_ENTRY, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'bundle-entry-from-shell',
      severity: 'error',
      comment: 'Only the shell knows the features bundle exists.',
      from: { pathNot: SHELL },
      to: { path: BUNDLE_ENTRY },
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
    {
      name: 'panels-above-host-rooms',
      severity: 'error',
      comment:
        "The panel kinds (src/panels) stand on the host rooms (webviews/: the controllers' base, the page writer, the data sources, the panel service): no host room imports them back, not even for a type. The shell (above) registers them, the features bundle's entry names their pages, and the kinds' states and controllers reach the panel service by declaration merging (src/panels/kinds.ts).",
      from: { path: '^src/host/' },
      to: { path: '^src/panels/' },
    },
    {
      name: 'page-is-browser-code',
      severity: 'error',
      comment:
        "A webview page runs in the browser: it uses the shared browser code (src/webview), src/shared and a kind's protocol, never the host, the core or the tools.",
      from: { path: [PAGE, '^src/webview/'] },
      to: { path: '^src/', pathNot: ['^src/webview/', '^src/shared/', '^src/panels/[^/]+/(page/|protocol\\.ts$)'] },
    },
    {
      name: 'page-only-bundled',
      severity: 'error',
      comment: 'A page reaches the host only as messages (its protocol.ts): no host module imports it.',
      from: { pathNot: [PAGE, '^src/webview/'] },
      to: { path: [PAGE, '^src/webview/'] },
    },
    {
      name: 'protocol-is-data',
      severity: 'error',
      comment: "A kind's protocol.ts is shared by its page and its host side: it uses src/shared and other kinds' protocols only.",
      from: { path: '^src/panels/[^/]+/protocol\\.ts$' },
      to: { pathNot: ['^src/shared/', '^src/panels/[^/]+/protocol\\.ts$'] },
    },
    {
      name: 'no-kind-circles',
      severity: 'error',
      scope: 'folder',
      comment: 'A panel kind may open another (its registration) or reuse its protocol, never one that uses it back.',
      from: { path: '^src/panels/[^/]+$' },
      to: { path: '^src/panels/[^/]+$', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a circle of types is a circle all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
