// Builds the shipped layout of the MCP server (dist/core.js and the parts it loads lazily + dist/simulator.js +
// dist/mcp.js + the Apps page dist/mcpApp.js with the panel files it inlines, dist/webview/chart.js and webview.css,
// from esbuild.mjs's own configs) into a temp folder, and connects the protocol SDK's own Client to it over stdio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';

export const root = join(__dirname, '..', '..', '..');

/** Builds the server's files into a new temp folder; resolves with the folder. */
async function build(): Promise<string> {
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

let sharedBuild: Promise<string> | undefined;

/**
 * The built server beside its core, as in the installed extension. The unit runner runs a process's files one after
 * another (scripts/test/unit.ts), and the build is the same for all of them: a process builds it once, on first
 * asking, and removes the folder when it exits. No test writes into it (one that needs to change a file copies it).
 * `dispose` is kept for the callers' symmetry; the folder outlives it on purpose.
 */
export async function buildServer(): Promise<{ mcpJs: string; dispose(): void }> {
  sharedBuild ??= build().then((out) => {
    process.once('exit', () => rmSync(out, { recursive: true, force: true }));
    return out;
  });
  return { mcpJs: join(await sharedBuild, 'mcp.js'), dispose: () => undefined };
}

export interface Connected {
  client: Client;
  stderr: () => string;
  /** What the next elicitation answers; undefined: the client declares no elicitation support. */
  elicitations: Array<{ message: string }>;
  close(): Promise<void>;
}

export async function connect(
  mcpJs: string,
  env: Record<string, string>,
  options: { args?: string[]; answer?: (message: string) => ElicitResult } = {},
): Promise<Connected> {
  // The hourly send count goes to a folder of this server's own unless the test names one (never the user's),
  // removed when the client closes.
  const stateHome = mkdtempSync(join(tmpdir(), 'vstk-mcp-state-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [mcpJs, ...(options.args ?? [])],
    // Only what the server needs: nothing of this test process's own environment leaks in.
    env: { PATH: process.env['PATH'] ?? '', XDG_STATE_HOME: stateHome, ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const client = new Client({ name: 'vstk-test', version: '1.0.0' }, { capabilities: options.answer ? { elicitation: { form: {} } } : {} });
  const elicitations: Array<{ message: string }> = [];
  if (options.answer) {
    const answer = options.answer;
    client.setRequestHandler(ElicitRequestSchema, (req) => {
      const message = 'message' in req.params ? req.params.message : '';
      elicitations.push({ message });
      return answer(message);
    });
  }
  await client.connect(transport);
  const close = async (): Promise<void> => {
    await client.close();
    rmSync(stateHome, { recursive: true, force: true });
  };
  return { client, stderr: () => err, elicitations, close };
}

/** All text of a tool result, for "this never appears anywhere" checks. */
export function everything(result: unknown): string {
  return JSON.stringify(result);
}

export function textOf(result: { content?: unknown }): string {
  const parts = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('\n');
}
