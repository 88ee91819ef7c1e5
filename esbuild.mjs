// One build for every bundle: the extension host entry (node/cjs, `vscode` external) and the
// webview entries (browser/iife). `--production` minifies and writes a metafile for size checks.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

// The panel kinds, as src/panels/index.ts lists them (one `export { <kind> } from './<kind>/registration.js';` line
// each): esbuild.mjs runs in plain Node, so it reads the list's lines rather than loading it. test/unit/panels/kinds.test.ts
// holds this reading to the list the type checker sees.
const PANEL_LINE = /^export \{ (\w+) \} from '\.\/(\w+)\/registration\.js';$/gm;
const panelKinds = existsSync('src/panels/index.ts')
  ? [...readFileSync('src/panels/index.ts', 'utf8').matchAll(PANEL_LINE)].map((m) => {
      if (m[1] !== m[2]) throw new Error(`src/panels/index.ts: kind ${m[1]} must be in its own folder, ./${m[1]}/`);
      return m[1];
    })
  : [];

// One bundle per panel kind, its page (src/panels/<kind>/page/main.ts), and per folder of src/webview with a main.ts:
// the shared scripts `elements` (the custom elements for every panel) and `chart` (uPlot, for the kinds that draw
// one), which html.ts scriptsFor places around a panel's own bundle so that each library ships once.
const webviewEntries = [
  ...panelKinds.map((name) => ({ name, file: `src/panels/${name}/page/main.ts` })),
  ...(existsSync('src/webview')
    ? readdirSync('src/webview', { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(`src/webview/${d.name}/main.ts`))
        .map((d) => ({ name: d.name, file: `src/webview/${d.name}/main.ts` }))
    : []),
].sort((a, b) => a.name.localeCompare(b.name));

/**
 * src/panels/parts.ts finds a kind's controller by its name with a require; bundled as it is, that require would wrap
 * every module the controllers import in a lazy initialiser (2.4 KB of dist/features.js). The bundle gets the same
 * function over static imports instead, one per kind of the list.
 * @type {import('esbuild').Plugin}
 */
const panelPartsFromList = {
  name: 'panel-parts-from-list',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]panels[\\/]parts\.ts$/ }, (args) => ({
      contents: [
        ...panelKinds.map((k) => `import { parts as ${k} } from './${k}/controller.js';`),
        `const all = { ${panelKinds.join(', ')} };`,
        'export function panelParts(kind) { return all[kind]; }',
      ].join('\n'),
      resolveDir: dirname(args.path),
      loader: 'ts',
    }));
  },
};

/**
 * The panels carry these bundles inside their page (src/host/webviews/html.ts PageScript): a bundle holding
 * "</script" or "<!--" would end or comment out its own script element there, so such a build fails.
 * @type {import('esbuild').Plugin}
 */
const inlineSafeBundles = {
  name: 'inline-safe-bundles',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length > 0) return;
      // In memory (the bundle budget test) the files are in the result; otherwise they were just written.
      const files = result.outputFiles
        ? result.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => ({ path: f.path, text: f.text }))
        : webviewEntries.map((e) => ({ path: `dist/webview/${e.name}.js`, text: readFileSync(`dist/webview/${e.name}.js`, 'utf8') }));
      const unsafe = files.filter((f) => /<\/script|<!--/i.test(f.text)).map((f) => f.path);
      if (unsafe.length > 0) throw new Error(`${unsafe.join(', ')} hold "</script" or "<!--" and cannot be placed in a page`);
    });
  },
};

/**
 * undici carries its HTTP parser twice, as a SIMD and a plain WebAssembly module (72 KB each, base64), and
 * loads the SIMD one inside a try/catch that falls back to the plain one. Shipping only the plain one costs
 * nothing measurable for answers of a few KB (npm run bench, client rows) and saves 72 KB of core.js.
 * @type {import('esbuild').Plugin}
 */
const plainHttpParserOnly = {
  name: 'plain-http-parser-only',
  setup(build) {
    build.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, (args) => ({ path: args.path, namespace: 'no-simd-parser' }));
    build.onLoad({ filter: /.*/, namespace: 'no-simd-parser' }, () => ({
      contents: "throw new Error('not shipped: undici falls back to the plain llhttp parser')",
      loader: 'js',
    }));
  },
};

/**
 * undici's HTTP/1 and HTTP/2 clients turn a FormData request body into a stream with the fetch API's body code
 * (lib/web/fetch/body.js), which brings WebIDL, fetch's utilities, the FormData parser and data: URLs with it (43 KB).
 * They require it only for a FormData body, and the core's requests carry a string or nothing (src/core/http), so the
 * shipped undici.js leaves it out; a stand-in throws if it is ever asked for.
 * @type {import('esbuild').Plugin}
 */
const noFormDataBodies = {
  name: 'no-form-data-bodies',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/web\/fetch\/body\.js$/ }, (args) =>
      /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h[12]\.js$/.test(args.importer)
        ? { path: args.path, namespace: 'no-form-data-body' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-form-data-body' }, () => ({
      contents: "exports.extractBody = () => { throw new Error('not shipped: a FormData request body (esbuild.mjs noFormDataBodies)'); };",
      loader: 'js',
    }));
  },
};

/**
 * The simulator counts SMS segments with the same library as the core; in the shipped files it takes it
 * from dist/segments.js (the core's lazily loaded copy) instead of carrying a second one with its 23 KB of
 * grapheme tables.
 * @type {import('esbuild').Plugin}
 */
const simulatorSharesSegments = {
  name: 'simulator-shares-segments',
  setup(build) {
    build.onResolve({ filter: /^sms-segments-calculator$/ }, (args) =>
      /[\\/]src[\\/]simulator[\\/]/.test(args.importer) ? { path: './segments.js', external: true } : undefined,
    );
  },
};

/**
 * The MCP server (dist/mcp.js) runs beside the extension's other files and takes the whole core from
 * dist/core.js instead of carrying a second copy: only the protocol SDK and its schema library are its own.
 * With --demo it loads dist/simulator.js the same way (src/mcp/demo.ts), never otherwise.
 * @type {import('esbuild').Plugin}
 */
const mcpSharesCore = {
  name: 'mcp-shares-core',
  setup(build) {
    build.onResolve({ filter: /[\\/](core|simulator)[\\/]index\.js$/ }, (args) =>
      /[\\/]src[\\/]mcp[\\/]/.test(args.importer)
        ? { path: args.path.includes('simulator') ? './simulator.js' : './core.js', external: true }
        : undefined,
    );
  },
};

/**
 * `import * as vscode from 'vscode'` in each of some 30 modules makes esbuild wrap the external `require("vscode")` once
 * per module, and each wrap copies every name of the editor's API (about 280) onto a fresh object: thousands of
 * property definitions before activate() runs. Every module takes one shared namespace instead, made once as the
 * bundle loads (the start-up row of `npm run bench`).
 * @type {import('esbuild').Plugin}
 */
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-namespace' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-namespace' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-namespace' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/**
 * The answer thread (src/core/answerThread/worker.ts, dist/answerThread.js) takes the core from dist/core.js too: its
 * work is the core's own boundary and parser, which would otherwise ship twice.
 * @type {import('esbuild').Plugin}
 */
const threadSharesCore = {
  name: 'thread-shares-core',
  setup(build) {
    build.onResolve({ filter: /^(\.\/work|\.\.\/l10n)\.js$/ }, (args) =>
      /[\\/]src[\\/]core[\\/]answerThread[\\/]worker\.ts$/.test(args.importer) ? { path: './core.js', external: true } : undefined,
    );
  },
};

/**
 * Two size fixes for dist/mcp.js that change no behaviour. zod re-exports every one of its message locales
 * (`z.locales`, 260 KB minified) although only English, imported on its own, is used: the namespace keeps
 * only `en`. And the SDK and ajv-formats each bring their own copy of ajv 8 (the same version, 105 KB each)
 * because the repository's tools hold ajv 6 at the top: ajv-formats takes the SDK's.
 * @type {import('esbuild').Plugin}
 */
const mcpSlim = {
  name: 'mcp-slim',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(args.resolveDir, '../locales/en-only.js'), namespace: 'zod-en-only' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-en-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
    // What the server never runs, left out (each stand-in throws if it ever is): the default ajv validator (the
    // server is given @cfworker/json-schema's, src/mcp/server.ts), the SDK's path for zod 3 schemas (ours are zod 4:
    // zod/v3 and zod-to-json-schema), zod's JSON-Schema-to-zod reader (the server writes schemas, never reads them)
    // and z.compile (an opt-in fast path nobody here asks for; `z` as a namespace keeps every export otherwise).
    const inSdk = (importer) => /[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(importer);
    const inZod = (importer) => /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]/.test(importer);
    const inZodCore = (importer) => /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]/.test(importer);
    build.onResolve({ filter: /ajv-provider\.js$|^zod\/v3$|^zod-to-json-schema$|from-json-schema\.js$|^\.\/compile\.js$/ }, (args) => {
      const stub = args.path.endsWith('from-json-schema.js')
        ? inZod(args.importer)
        : args.path === './compile.js'
          ? inZodCore(args.importer)
          : inSdk(args.importer);
      return stub ? { path: args.path, namespace: 'mcp-unused' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'mcp-unused' }, (args) => ({
      contents:
        `const unused = () => { throw new Error('${args.path} is left out of dist/mcp.js (esbuild.mjs mcpSlim)'); };\n` +
        'export const AjvJsonSchemaValidator = unused, zodToJsonSchema = unused, fromJSONSchema = unused, object = unused;\n' +
        // zod's z.compile (an opt-in fast path the server never asks for): its names, each refusing.
        "export const INVALID = Symbol.for('zod.compile.invalid'), compile = unused, compileFn = unused, withParser = unused;\n" +
        'export class ZodCompileAsyncError extends Error {}\nexport class ZodCompileUnsupportedError extends Error {}\n',
      loader: 'js',
    }));
    build.onResolve({ filter: /^ajv(\/.*)?$/ }, async (args) => {
      if (args.pluginData === 'sdk-ajv' || !/[\\/]node_modules[\\/]ajv-formats[\\/]/.test(args.importer)) return undefined;
      const sdk = join(dirname(fileURLToPath(import.meta.url)), 'node_modules', '@modelcontextprotocol', 'sdk');
      const r = await build.resolve(args.path, { kind: args.kind, resolveDir: sdk, pluginData: 'sdk-ajv' });
      return r.errors.length > 0 ? undefined : { path: r.path };
    });
  },
};

/**
 * @vscode/l10n's node build requires fs and fs/promises as it loads (~2 ms in a fresh process, on the path of the
 * core's first load) for bundles named by file or URL. Every caller here hands it the bundle's contents
 * (src/core/l10n.ts, src/host/platform/pureL10n.ts), which its browser build treats the same way without fs.
 * @type {import('esbuild').Plugin}
 */
const l10nContentsOnly = {
  name: 'l10n-contents-only',
  setup(build) {
    const browserBuild = fileURLToPath(new URL('./node_modules/@vscode/l10n/dist/browser.js', import.meta.url));
    build.onResolve({ filter: /^@vscode\/l10n$/ }, () => ({ path: browserBuild }));
  },
};

/**
 * Parts that load on first use, each a bundle of its own that a lazy `require` of its source becomes: undici, the
 * full phone metadata and the SMS segment counter (470 KB of the core; src/core/lazyParts.ts), so a month view read
 * parses none of them, and the readings of a secret in every spelling (src/shared/redact.ts), so activation does not
 * parse them before a secret is registered. The `require("./x.js")` stays literal in every bundle, so
 * src/shared/mcpServerFiles.ts finds them for the MCP server; so does the `require.resolve("./answerThread.js")` that
 * names the file the core starts its answer thread from (src/core/answerThread/reader.ts).
 * @type {import('esbuild').Plugin}
 */
const lazyParts = {
  name: 'lazy-parts',
  setup(build) {
    const shipped = {
      'core/lazyParts.ts': {
        './http/undici.js': './undici.js',
        './sms/phoneLib.js': './phone.js',
        './sms/segmentsLib.js': './segments.js',
      },
      'shared/redact.ts': { './spelledText.js': './spelled.js' },
      // A file to start a thread from (require.resolve), not one to require.
      'core/answerThread/reader.ts': { './worker.js': './answerThread.js' },
      // The MCP Apps page, required when a client reads a ui:// resource (src/mcp/apps.ts).
      'mcp/apps.ts': { '../mcpApp/page.js': './mcpApp.js' },
    };
    build.onResolve({ filter: /^\.\.?\/(http\/undici|sms\/phoneLib|sms\/segmentsLib|spelledText|worker|mcpApp\/page)\.js$/ }, (args) => {
      const importer = args.importer.replaceAll('\\', '/');
      const parts = Object.entries(shipped).find(([file]) => importer.endsWith(`/src/${file}`))?.[1];
      const path = args.kind === 'require-call' || args.kind === 'require-resolve' ? parts?.[args.path] : undefined;
      return path ? { path, external: true } : undefined;
    });
  },
};

/**
 * The MCP Apps page speaks English only: it has no translation bundle and no editor language (common/l10n.ts would
 * read them from attributes the panels' pages carry), so it formats for `en`, its page's language, and @vscode/l10n's
 * `t` is only its placeholder filling there (`{0}` by position, `{name}` by name), as it is without a bundle.
 * @type {import('esbuild').Plugin}
 */
const englishOnlyL10n = {
  name: 'english-only-l10n',
  setup(build) {
    build.onResolve({ filter: /^@vscode\/l10n$/ }, () => ({ path: 'l10n', namespace: 'english-only-l10n' }));
    build.onResolve({ filter: /^\.\/l10n\.js$/ }, (args) =>
      /[\\/]src[\\/]webview[\\/]common[\\/]/.test(args.importer) ? { path: 'page', namespace: 'english-only-l10n' } : undefined,
    );
    build.onLoad({ filter: /^page$/, namespace: 'english-only-l10n' }, () => ({
      contents: "export const pageLanguage = () => 'en';\n",
      loader: 'js',
    }));
    build.onLoad({ filter: /^l10n$/, namespace: 'english-only-l10n' }, () => ({
      contents:
        'export function t(first, ...rest) {\n' +
        "  const [message, args] = typeof first === 'string' ? [first, typeof rest[0] === 'object' ? rest[0] : rest] : [first.message, first.args ?? {}];\n" +
        '  return message.replace(/{([^}]+)}/g, (m, key) => args[key] ?? m);\n' +
        '}\n',
      loader: 'js',
    }));
  },
};

/**
 * The MCP Apps page's own part (src/webview/mcpApp/app.ts and app.css, dist/mcpApp.js): built for the browser without
 * the chart library or the panels' stylesheet, which src/mcpApp/page.ts reads from the panels' shipped files when a
 * client first asks for the page; dist/mcpApp.js exports the script and styles as text (in place of pageHtml.ts), so
 * the server reads them with the require the MCP files already follow (src/shared/mcpServerFiles.ts).
 * @type {import('esbuild').Plugin}
 */
const mcpAppPage = {
  name: 'mcp-app-page',
  setup(build) {
    build.onResolve({ filter: /^\.\/pageHtml\.js$/ }, (args) =>
      /[\\/]src[\\/]mcpApp[\\/]page\.ts$/.test(args.importer) ? { path: 'page-html', namespace: 'mcp-app-page' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'mcp-app-page' }, async () => {
      const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
      const result = await esbuild.build({
        entryPoints: { page: 'src/webview/mcpApp/app.ts' },
        absWorkingDir: cwd,
        bundle: true,
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
        outdir: 'dist/mcpApp',
        write: false,
        minify: true,
        metafile: true,
        plugins: [englishOnlyL10n],
        logLevel: 'silent',
      });
      const text = (ext) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
      const script = text('.js');
      const styles = text('.css');
      if (/<\/script|<!--/i.test(script) || /<\/style/i.test(styles))
        throw new Error('the MCP Apps page holds "</script", "<!--" or "</style" and cannot be inlined');
      return {
        contents: `export const PAGE_SCRIPT = ${JSON.stringify(script)};\nexport const PAGE_STYLES = ${JSON.stringify(styles)};`,
        loader: 'js',
        watchFiles: Object.keys(result.metafile.inputs).map((f) => join(cwd, f)),
      };
    });
  },
};

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** @type {import('esbuild').BuildOptions[]} */
const configs = [
  {
    // `core` and `simulator` are separate files on purpose: the host requires them lazily
    // (src/host/bundles/coreLoader.ts, src/host/bundles/simulatorLoader.ts), so activation never pays for them; so is
    // `features` (command handlers, quick inputs, exports: src/shell/featuresLoader.ts). The core in turn
    // requires `undici`, `phone` and `segments` on first use, and every bundle that masks secrets `spelled` (lazyParts).
    entryPoints: {
      extension: 'src/extension.ts',
      features: 'src/features.ts',
      core: 'src/core/index.ts',
      simulator: 'src/simulator/index.ts',
      undici: 'src/core/http/undici.ts',
      phone: 'src/core/sms/phoneLib.ts',
      segments: 'src/core/sms/segmentsLib.ts',
      spelled: 'src/shared/spelledText.ts',
      answerThread: 'src/core/answerThread/worker.ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outdir: 'dist',
    external: ['vscode'],
    plugins: [
      oneVscodeNamespace,
      plainHttpParserOnly,
      noFormDataBodies,
      simulatorSharesSegments,
      threadSharesCore,
      lazyParts,
      l10nContentsOnly,
      panelPartsFromList,
    ],
    sourcemap: production ? false : 'linked',
    minify: production,
    metafile: production,
    logLevel: 'warning',
  },
  {
    // Its own entry: `node dist/mcp.js` for agents outside the editor. The extension never loads it.
    entryPoints: { mcp: 'src/mcp/main.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outdir: 'dist',
    plugins: [mcpSharesCore, mcpSlim, lazyParts, l10nContentsOnly],
    define: { VOICESMS_MCP_VERSION: JSON.stringify(version) },
    sourcemap: production ? false : 'linked',
    minify: production,
    metafile: production,
    logLevel: 'warning',
  },
  {
    // The MCP Apps page (src/mcp/apps.ts): loaded by the server only when a client reads a ui:// resource; it reads
    // dist/webview/chart.js and dist/webview/webview.css beside it then (src/mcpApp/page.ts).
    entryPoints: { mcpApp: 'src/mcpApp/page.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outdir: 'dist',
    plugins: [mcpAppPage],
    minify: production,
    metafile: production,
    logLevel: 'warning',
  },
];
if (webviewEntries.length > 0) {
  configs.push({
    entryPoints: Object.fromEntries(webviewEntries.map((e) => [e.name, e.file])),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    outdir: 'dist/webview',
    plugins: [inlineSafeBundles],
    sourcemap: production ? false : 'linked',
    minify: production,
    metafile: production,
    logLevel: 'warning',
  });
}
configs.push({
  // The panels' stylesheet (media/webview.css), minified beside their scripts in the shipped build: every panel's page
  // carries it (src/host/webviews/pageAssets.ts), and so does the MCP Apps page (src/mcpApp/page.ts), from this one file.
  entryPoints: { webview: 'media/webview.css' },
  outdir: 'dist/webview',
  minify: production,
  metafile: production,
  logLevel: 'warning',
});

/** The configs above, for test/unit/shared/bundleBudgets.test.ts (builds them in memory); the kinds and webview entries for test/unit/panels/kinds.test.ts. */
export { configs, panelKinds, webviewEntries };

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (!isMain) {
  // Imported: build nothing.
} else if (watch) {
  for (const c of configs) await (await esbuild.context(c)).watch();
  console.log('[esbuild] watching');
} else {
  const results = await Promise.all(configs.map((c) => esbuild.build(c)));
  if (production) {
    mkdirSync('dist', { recursive: true });
    results.forEach((r, i) => writeFileSync(`dist/meta-${i}.json`, JSON.stringify(r.metafile)));
    for (const r of results) console.log(await esbuild.analyzeMetafile(r.metafile));
  }
}
