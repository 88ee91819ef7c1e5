// Connects the protocol SDK's own Client over stdio to the MCP server as it ships, built by serverBuild.ts (once a
// unit run, or once a process for a file run on its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { buildServerFiles, SERVER_BUILD_ENV } from './serverBuild.js';

export { root } from './serverBuild.js';

let sharedBuild: Promise<string> | undefined;

/**
 * The built server beside its core, as in the installed extension. The build is the same for every test: the unit
 * runner (scripts/test/unit.ts) makes it once for the run and names it in SERVER_BUILD_ENV; a file run on its own
 * builds it once per process, on first asking, and removes the folder when it exits. No test writes into it (one
 * that needs to change a file copies it). `dispose` is kept for the callers' symmetry; the folder outlives it.
 */
export async function buildServer(): Promise<{ mcpJs: string; dispose(): void }> {
  const given = process.env[SERVER_BUILD_ENV];
  sharedBuild ??= given
    ? Promise.resolve(given)
    : buildServerFiles().then((out) => {
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
