// Builds the webview bundles (the shared chart script and the three panels) the way esbuild.mjs does (browser, iife, es2022), into a
// private folder so a test run never races another build writing dist/.
import * as esbuild from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO = resolve(__dirname, '../../../..');

export async function buildWebviewBundles(): Promise<string> {
  const outdir = mkdtempSync(join(tmpdir(), 'vstk-webview-'));
  await esbuild.build({
    absWorkingDir: REPO,
    entryPoints: {
      elements: 'src/webview/elements/main.ts',
      chart: 'src/webview/chart/main.ts',
      monthView: 'src/webview/monthView/main.ts',
      trend: 'src/webview/trend/main.ts',
      activities: 'src/webview/activities/main.ts',
      overview: 'src/webview/overview/main.ts',
    },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    outdir,
    logLevel: 'warning',
  });
  return outdir;
}
