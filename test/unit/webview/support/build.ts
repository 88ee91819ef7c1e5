// Builds the webview bundles (the shared scripts and every panel kind's page) the way esbuild.mjs does (browser, iife, es2022), into a
// private folder so a test run never races another build writing dist/.
import * as esbuild from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO = resolve(__dirname, '../../../..');

export async function buildWebviewBundles(): Promise<string> {
  // The same entries as the shipped build: every panel kind's page (src/panels/index.ts) and the shared scripts.
  const { webviewEntries } = (await import(join(REPO, 'esbuild.mjs'))) as { webviewEntries: { name: string; file: string }[] };
  const outdir = mkdtempSync(join(tmpdir(), 'vstk-webview-'));
  await esbuild.build({
    absWorkingDir: REPO,
    entryPoints: Object.fromEntries(webviewEntries.map((e) => [e.name, e.file])),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    outdir,
    logLevel: 'warning',
  });
  return outdir;
}
