// Bundles the integration suite for the extension host: test/integration/index.ts (exports run())
// and every test/integration/**/*.test.ts -> out/test/integration/**.js. `vscode` comes from the
// host and mocha is required from node_modules at run time (both external).
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..');
const srcDir = path.join(root, 'test', 'integration');
const outDir = path.join(root, 'out', 'test', 'integration');

async function main(): Promise<void> {
  const entries = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => path.join(srcDir, f));
  rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: entries,
    outbase: srcDir,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
    // A suite that builds a client of its own starts the answer thread from the built dist/answerThread.js (the
    // integration run builds dist first), as the extension does.
    plugins: [
      {
        name: 'answer-thread-from-dist',
        setup(build) {
          build.onResolve({ filter: /^\.\/worker\.js$/ }, (args) =>
            args.kind === 'require-resolve' && /answerThread[\\/]reader\.ts$/.test(args.importer)
              ? { path: path.join(root, 'dist', 'answerThread.js'), external: true }
              : undefined,
          );
        },
      },
    ],
    // Inline maps keep failure stack traces pointing at the .ts sources inside any host.
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  console.log(`[build-tests] ${entries.length} file(s) -> ${path.relative(root, outDir)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
