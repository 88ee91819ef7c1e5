// Fixed locations and versions shared by every editor script. What the harness downloads lives in a per-user cache
// (userCacheDir), what a run creates under `.cache/` (git-ignored) or a temp dir, never elsewhere in the user's HOME.
import * as os from 'node:os';
import * as path from 'node:path';
import { readFileSync } from 'node:fs';

export const repoRoot = path.resolve(__dirname, '..', '..');
/** This checkout's own: run notes of live editors, the desktop profile. */
export const cacheDir = path.join(repoRoot, '.cache');
/**
 * Shared by every checkout of this user, as Playwright and @vscode/test-electron keep their downloads: a fresh clone
 * on a machine that ran the suite before installs nothing again. VSTK_CACHE_DIR moves it; else XDG_CACHE_HOME or ~/.cache.
 */
export const userCacheDir =
  process.env.VSTK_CACHE_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'voice-sms-toolkit');

/** code-server 4.139.1 is VS Code 1.139.1 served to a browser; pinned so runs are reproducible. */
export const CODE_SERVER_VERSION = '4.139.1';
/** Its native modules are built for the project's Node major (24), hence the name. */
export const codeServerPrefix = path.join(userCacheDir, `code-server-${CODE_SERVER_VERSION}-node24`);
export const codeServerPackageDir = path.join(codeServerPrefix, 'node_modules', 'code-server');
/** The server's real entry point; started with our Node 24 rather than through its shebang. */
export const codeServerEntry = path.join(codeServerPackageDir, 'out', 'node', 'entry.js');

/** The project's Node 24 (npm package `node`); code-server refuses any other major. */
export const projectBin = path.join(repoRoot, 'node_modules', '.bin');
export const nodeBin = path.join(projectBin, 'node');

/**
 * Debian's headless shell of Chromium 156 (package chromium-headless-shell): the same engine as the browser without its
 * window layer. It draws a workbench with about a third less CPU than the full browser run headless (measured on a
 * 2-core machine: 14.6 s against 20.6 s of browser CPU per workbench opened), and every page the tests drive is headless.
 */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium-headless-shell';

export const testResultsDir = path.join(repoRoot, 'test-results');
export const e2eResultsDir = path.join(testResultsDir, 'e2e');
export const screenshotsDocDir = path.join(repoRoot, 'docs', 'screenshots');
export const integrationOutDir = path.join(repoRoot, 'out', 'test', 'integration');

interface ExtensionManifest {
  publisher: string;
  name: string;
  version: string;
}

export function readManifest(): ExtensionManifest {
  return JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as ExtensionManifest;
}

export function extensionId(): string {
  const m = readManifest();
  return `${m.publisher}.${m.name}`;
}

/** The file `vsce package` writes by default, at the repository root (ignored by git). */
export function defaultVsixPath(): string {
  const m = readManifest();
  return path.join(repoRoot, `${m.name}-${m.version}.vsix`);
}

/** PATH with the project's Node 24 first, so every child (npm, node-gyp, shebangs) uses it. */
export function pathWithProjectNode(current = process.env.PATH ?? ''): string {
  return [projectBin, ...current.split(path.delimiter).filter((p) => p && p !== projectBin)].join(path.delimiter);
}
