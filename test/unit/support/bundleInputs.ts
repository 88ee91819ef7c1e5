// The sources an entry point pulls in when bundled as esbuild.mjs bundles the extension (node, cjs, `vscode`
// external), built in memory with the project's esbuild: the bundle tests check what stays out of a bundle.
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..', '..');

/** The bundled source files of `entryPoint`, as paths relative to the repository (e.g. src/extension.ts). */
export async function bundleInputs(entryPoint: string): Promise<string[]> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entryPoint],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}
