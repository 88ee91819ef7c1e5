// Which program runs the MCP server for an agent: a Node.js 20.18.1 or newer on PATH (its path as found on
// PATH, not resolved through links, so a package manager's upgrade keeps it valid), else the editor's own
// runtime: process.execPath, with ELECTRON_RUN_AS_NODE=1 when that is the Electron binary of desktop VS Code
// (in code-server and VS Code Server the extension host is Node.js itself). undici 7 needs 20.18.1.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { McpRuntime } from '../../shared/mcpSetup.js';

const MIN_NODE: readonly [number, number, number] = [20, 18, 1];

/** "v22.3.0" → true when at least MIN_NODE. */
export function nodeVersionOk(version: string): boolean {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  if (!m) return false;
  const v = [Number(m[1]), Number(m[2]), Number(m[3])];
  for (let i = 0; i < 3; i++) if (v[i] !== MIN_NODE[i]) return v[i]! > MIN_NODE[i]!;
  return true;
}

function versionOf(file: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(file, ['--version'], { timeout: 5000, windowsHide: true }, (err, out) => resolve(err ? '' : String(out)));
  });
}

/** The first `node` on PATH that is recent enough, or undefined. */
export async function nodeOnPath(pathVar = process.env['PATH'] ?? ''): Promise<string | undefined> {
  const names = process.platform === 'win32' ? ['node.exe'] : ['node'];
  for (const dir of pathVar.split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue;
    for (const name of names) {
      const file = path.join(dir, name);
      const st = await fs.stat(file).catch(() => undefined);
      if (!st?.isFile()) continue;
      if (nodeVersionOk(await versionOf(file))) return file;
    }
  }
  return undefined;
}

/** The runtime and arguments a client starts `launcher` with. */
export async function mcpRuntime(launcher: string): Promise<McpRuntime> {
  const found = await nodeOnPath();
  if (found) return { command: found, args: [launcher], env: {}, source: 'path' };
  const electron = typeof process.versions['electron'] === 'string';
  return { command: process.execPath, args: [launcher], env: electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}, source: 'editor' };
}
