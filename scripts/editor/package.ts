// `npm run package` (after the production build): checks what would go into the VSIX against an
// allow-list, then runs vsce without prompts (CI has no stdin). Dependencies are bundled by esbuild,
// hence --no-dependencies. The VSIX lands at the repo root as <name>-<version>.vsix (git-ignored).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { defaultVsixPath, pathWithProjectNode, projectBin, repoRoot } from './paths.js';
import { HarnessError, runMain, runToEnd } from './processes.js';

const ALLOWED: RegExp[] = [
  /^package\.json$/,
  /^package\.nls(\.[\w-]+)?\.json$/,
  /^README\.md$/,
  /^CHANGELOG\.md$/,
  /^LICENSE(\.(txt|md))?$/,
  /^dist\/.+\.js$/,
  /^media\/.+$/,
  /^l10n\/bundle\.l10n(\.[\w-]+)?\.json$/,
];

function requiredFiles(): string[] {
  const manifest = readFileSync(path.join(repoRoot, 'package.json'), 'utf8');
  const required = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/extension.js'];
  // %key% placeholders in package.json are resolved from package.nls.json at install time.
  if (/"%[\w.-]+%"/.test(manifest)) required.push('package.nls.json');
  // The "l10n" folder holds the strings bundle the translations are made from.
  if (/"l10n":\s*"\.\/l10n"/.test(manifest)) required.push('l10n/bundle.l10n.json');
  return required;
}

runMain('package', async () => {
  const vsce = path.join(projectBin, 'vsce');
  const env = { ...process.env, PATH: pathWithProjectNode() };
  const listed = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: repoRoot, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const unexpected = listed.filter((f) => !ALLOWED.some((re) => re.test(f)));
  const missing = requiredFiles().filter((f) => !listed.includes(f));
  if (unexpected.length > 0 || missing.length > 0) {
    throw new HarnessError(
      'the VSIX contents are wrong (.vscodeignore / build):\n' +
        (unexpected.length ? `  unexpected: ${unexpected.join(', ')}\n` : '') +
        (missing.length ? `  missing: ${missing.join(', ')}\n` : ''),
    );
  }
  const out = defaultVsixPath();
  await runToEnd(vsce, ['package', '--no-dependencies', '--no-rewrite-relative-links', '--out', out], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    label: 'vsce package',
  });
  console.log(`[package] ${path.relative(repoRoot, out)}: ${listed.length} files, ${(statSync(out).size / 1024).toFixed(1)} KB`);
});
