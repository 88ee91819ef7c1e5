// The MCP server's shipped layout (dist/core.js and the parts it loads lazily + dist/simulator.js + dist/mcp.js + the
// Apps page dist/mcpApp.js with the panel files it inlines, dist/webview/chart.js and webview.css), built from
// esbuild.mjs's own configs into a temp folder. Apart from harness.ts (the protocol SDK's client): the unit runner
// loads it to build once a run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

/** Names the folder of a build made once for the whole unit run (scripts/test/unit.ts); harness.ts uses it when set. */
export const SERVER_BUILD_ENV = 'VSTK_MCP_SERVER_BUILD';

/** The repository's root. */
export const root = join(__dirname, '..', '..', '..');

/** Builds the server's files into a new temp folder; resolves with the folder. */
export async function buildServerFiles(): Promise<string> {
  const { configs } = (await import(join(root, 'esbuild.mjs'))) as { configs: esbuild.BuildOptions[] };
  const out = mkdtempSync(join(tmpdir(), 'vstk-mcp-'));
  const nodeConfigs = configs.filter((c) => c.platform === 'node');
  const mcp = nodeConfigs.find((c) => 'mcp' in (c.entryPoints as Record<string, string>));
  const main = nodeConfigs.find((c) => 'core' in (c.entryPoints as Record<string, string>));
  const page = nodeConfigs.find((c) => 'mcpApp' in (c.entryPoints as Record<string, string>));
  const panels = configs.find((c) => 'chart' in (c.entryPoints as Record<string, string>));
  const styles = configs.find((c) => 'webview' in (c.entryPoints as Record<string, string>));
  if (!mcp || !main || !page || !panels || !styles) throw new Error('esbuild.mjs has no mcp, core, mcpApp, chart or webview.css entry');
  // Everything but the editor's own bundles: the core with the parts it requires lazily (undici, phone,
  // segments), the simulator that --demo loads beside it, and the Apps page read with a ui:// resource.
  const { extension: _extension, features: _features, ...shared } = main.entryPoints as Record<string, string>;
  const coreOnly = { ...main, entryPoints: shared };
  for (const c of [coreOnly, mcp, page]) {
    await esbuild.build({ ...c, absWorkingDir: root, outdir: out, sourcemap: false, metafile: false, logLevel: 'silent' });
  }
  // The panel files the Apps page inlines, under webview/ as in dist/ (the chart alone of the panels' bundles).
  const chart = { ...panels, entryPoints: { chart: (panels.entryPoints as Record<string, string>)['chart']! }, plugins: [] };
  for (const c of [chart, styles]) {
    await esbuild.build({ ...c, absWorkingDir: root, outdir: join(out, 'webview'), sourcemap: false, metafile: false, logLevel: 'silent' });
  }
  return out;
}
