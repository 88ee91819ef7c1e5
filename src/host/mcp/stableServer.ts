// The MCP server agents run, copied out of the extension's folder into its global storage, so the path a
// snippet names survives extension updates (the editor deletes the old extension folder after an update):
//   <globalStorage>/mcp-server/mcp.js            the launcher the snippets name; it only requires the copy below
//   <globalStorage>/mcp-server/<version>-<hash>/ dist/mcp.js and the bundles it requires, never changed once written
//   <globalStorage>/mcp-server/package.json      {"type":"commonjs"}, whatever package.json lies above
// Each copy is written to a temp folder and renamed into place, and the launcher is replaced by a rename, so an
// agent starting the server meanwhile gets the old copy or the new one, never half of each. The copy a running
// server may still load its core from (the launcher's previous target) is kept; older ones are removed.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { MCP_ENTRY, mcpServerFiles } from '../../shared/mcpServerFiles.js';

export const STABLE_DIR = 'mcp-server';

export interface StableServer {
  /** Absolute path of the launcher, the path agents' configurations name. */
  launcher: string;
  /** The copy's folder name, <version>-<hash of the files>. */
  copy: string;
}

function launcherText(copy: string, version: string): string {
  return [
    `// Voice & SMS Toolkit ${version}: the MCP server, copied here by the extension so that this path survives its updates.`,
    '// Rewritten by the extension when it updates; do not edit.',
    `require('./${copy}/${MCP_ENTRY}');`,
    '',
  ].join('\n');
}

/** The copy the launcher names now, if any. */
async function currentTarget(launcher: string): Promise<string | undefined> {
  try {
    return /require\('\.\/([\w.-]+)\//.exec(await fs.readFile(launcher, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(tmp, text);
  await fs.rename(tmp, file);
}

/** Copies the server of `distDir` (the installed extension's dist/) under `storageDir` when it is not there yet. */
export async function installStableServer(distDir: string, storageDir: string, version: string): Promise<StableServer> {
  const root = path.join(storageDir, STABLE_DIR);
  await fs.mkdir(root, { recursive: true });
  // Follows mcp.js's requires, reading each file once (about 1 MB in all, on Set Up or after an update).
  const texts = new Map<string, Buffer>();
  const files = mcpServerFiles((name) => {
    const data = readFileSync(path.join(distDir, name));
    texts.set(name, data);
    return data.toString('utf8');
  });
  const hash = createHash('sha256');
  for (const name of files) hash.update(name).update(texts.get(name)!);
  const copy = `${version}-${hash.digest('hex').slice(0, 12)}`;
  const target = path.join(root, copy);
  const exists = await fs.stat(path.join(target, MCP_ENTRY)).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const tmp = path.join(root, `.tmp-${randomBytes(6).toString('hex')}`);
    await fs.mkdir(tmp);
    for (const name of files) {
      // webview/ holds the panel files the Apps page inlines (mcpServerFiles.ts).
      await fs.mkdir(path.dirname(path.join(tmp, name)), { recursive: true });
      await fs.writeFile(path.join(tmp, name), texts.get(name)!);
    }
    try {
      await fs.rename(tmp, target);
    } catch (e) {
      // Another window wrote the same copy first: theirs is identical.
      await fs.rm(tmp, { recursive: true, force: true });
      if (!(await fs.stat(path.join(target, MCP_ENTRY)).catch(() => undefined))) throw e;
    }
  }
  await writeAtomically(path.join(root, 'package.json'), '{ "type": "commonjs", "private": true }\n');
  const launcher = path.join(root, MCP_ENTRY);
  const previous = await currentTarget(launcher);
  if (previous !== copy) await writeAtomically(launcher, launcherText(copy, version));
  await prune(root, new Set([copy, ...(previous ? [previous] : [])]));
  return { launcher, copy };
}

/** Removes copies nothing names any more, and temp folders an interrupted copy left (an hour old: not another window's). */
async function prune(root: string, keep: Set<string>): Promise<void> {
  const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isDirectory() || keep.has(e.name)) continue;
    if (e.name.startsWith('.tmp-')) {
      const age = Date.now() - ((await fs.stat(path.join(root, e.name)).catch(() => undefined))?.mtimeMs ?? Date.now());
      if (age < 3_600_000) continue;
    }
    await fs.rm(path.join(root, e.name), { recursive: true, force: true }).catch(() => undefined);
  }
}
