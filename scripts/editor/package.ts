// `npm run package` (after the production build): checks what would go into the VSIX against an
// allow-list, then runs vsce without prompts (CI has no stdin). Dependencies are bundled by esbuild,
// hence --no-dependencies. The VSIX lands at the repo root as <name>-<version>.vsix (git-ignored).
// Its README is the user-facing part of README.md, rewritten by packagedReadme.ts (only shipped screenshots and pages,
// no links to files the VSIX lacks), written next to it as PACKAGED_README for the run and removed afterwards; once
// built, the VSIX is opened and its README checked from inside (every link and image found there).
// Next to the VSIX it writes the MCP Bundle <name>-<version>.mcpb for desktop assistants (mcpBundle.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { writeMcpBundle } from './mcpBundle.js';
import { PACKAGED_README, packagedReadme, SHIPPED_PAGES, unresolvedImages } from './packagedReadme.js';
import { defaultVsixPath, pathWithProjectNode, projectBin, repoRoot } from './paths.js';
import { readmeInVsix } from './vsixReadme.js';
import { HarnessError, onCleanup, runMain, runToEnd } from './processes.js';

const ALLOWED: RegExp[] = [
  /^package\.json$/,
  /^package\.nls(\.[\w-]+)?\.json$/,
  new RegExp(`^${PACKAGED_README.replace(/\./g, '\\.')}$`),
  /^CHANGELOG\.md$/,
  /^LICENSE(\.(txt|md))?$/,
  // The pages the packaged README links (packagedReadme.ts SHIPPED_PAGES), as they are.
  ...SHIPPED_PAGES.map((p) => new RegExp(`^${p.replace(/\./g, '\\.')}$`)),
  /^dist\/.+\.js$/,
  // The panels' stylesheet, built from media/webview.css (esbuild.mjs).
  /^dist\/webview\/webview\.css$/,
  /^media\/.+$/,
  // Translations only: the English bundle is the translators' source, never read at run time (the
  // default language uses the strings in the code), so it stays out of the VSIX.
  /^l10n\/bundle\.l10n\.[\w-]+\.json$/,
];

function requiredFiles(): string[] {
  const manifest = readFileSync(path.join(repoRoot, 'package.json'), 'utf8');
  // dist/mcp.js is the MCP server agents run from the installed folder; it loads dist/core.js beside it, and the core
  // the parts it requires on first use (src/core/lazyParts.ts; dist/spelled.js also the activation bundle's log), and
  // dist/answerThread.js, which it starts its answer thread from (src/core/answerThread/reader.ts).
  const required = [
    'package.json',
    PACKAGED_README,
    'CHANGELOG.md',
    'LICENSE',
    ...SHIPPED_PAGES,
    'dist/extension.js',
    'dist/core.js',
    'dist/undici.js',
    'dist/phone.js',
    'dist/segments.js',
    'dist/spelled.js',
    'dist/answerThread.js',
    'dist/mcp.js',
    // The panels' stylesheet (src/host/webviews/pageAssets.ts).
    'dist/webview/webview.css',
    // The MCP Apps page (src/mcp/apps.ts), which inlines the panels' chart script and stylesheet when a client reads it.
    'dist/mcpApp.js',
    'dist/webview/chart.js',
  ];
  // %key% placeholders in package.json are resolved from package.nls.json at install time.
  if (/"%[\w.-]+%"/.test(manifest)) required.push('package.nls.json');
  return required;
}

runMain('package', async () => {
  const vsce = path.join(projectBin, 'vsce');
  const env = { ...process.env, PATH: pathWithProjectNode() };
  const readmePath = path.join(repoRoot, PACKAGED_README);
  const read = (file: string): string => readFileSync(path.join(repoRoot, file), 'utf8');
  writeFileSync(readmePath, packagedReadme(read('README.md')));
  const removeReadme = (): void => rmSync(readmePath, { force: true });
  const unregister = onCleanup(removeReadme);
  try {
    await packageWith(vsce, env);
  } finally {
    removeReadme();
    unregister();
  }
});

async function packageWith(vsce: string, env: NodeJS.ProcessEnv): Promise<void> {
  const listed = execFileSync(vsce, ['ls', '--no-dependencies', '--readme-path', PACKAGED_README], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
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
  // Every image the installed README shows must be inside the VSIX (or an https URL).
  const broken = unresolvedImages(readFileSync(path.join(repoRoot, PACKAGED_README), 'utf8'), new Set(listed));
  if (broken.length > 0)
    throw new HarnessError(`the packaged README links images the VSIX lacks (npm run readme:images): ${broken.join(', ')}`);
  const out = defaultVsixPath();
  // The project has no public repository yet, so package.json names none (a placeholder would become dead links on
  // the marketplace page). Without this flag vsce 4 warns and, when its output is a terminal, asks "Do you want to
  // continue?", which this run (no stdin) cannot answer: it stops without a VSIX.
  const vsceArgs = ['package', '--no-dependencies', '--no-rewrite-relative-links', '--allow-missing-repository'];
  await runToEnd(vsce, [...vsceArgs, '--readme-path', PACKAGED_README, '--out', out], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    label: 'vsce package',
  });
  const problems = await readmeInVsix(out);
  if (problems.length > 0) throw new HarnessError(`the README inside ${path.basename(out)} is broken:\n  ${problems.join('\n  ')}`);
  const size = statSync(out).size;
  console.log(`[package] ${path.relative(repoRoot, out)}: ${listed.length} files, ${(size / 1024).toFixed(1)} KB`);
  // The budget is a test: a VSIX past it fails the package step, and so npm test.
  const budget = (JSON.parse(readFileSync(path.join(repoRoot, 'bench', 'budgets.json'), 'utf8')) as { vsix: number }).vsix;
  if (size > budget) {
    throw new HarnessError(
      `the VSIX is ${size} bytes, over its budget of ${budget} bytes in bench/budgets.json (${((size - budget) / 1024).toFixed(1)} KiB over): ` +
        'unzip -lv it to see what grew; raise the budget only with a reason in its $comment',
    );
  }
  const bundle = out.replace(/\.vsix$/, '.mcpb');
  const packed = await writeMcpBundle(path.join(repoRoot, 'dist'), bundle);
  console.log(`[package] ${path.relative(repoRoot, bundle)}: ${packed.length} files, ${(statSync(bundle).size / 1024).toFixed(1)} KB`);
}
