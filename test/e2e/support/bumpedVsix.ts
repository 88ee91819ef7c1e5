// A copy of the VSIX under test with a higher version (patch + 1), for the update test: unpacked with the zip
// reader of @anthropic-ai/mcpb (a devDependency; a VSIX is a zip like a bundle), package.json's version raised,
// and packed again by vsce. Nothing else changes, so the update is the same build under a new folder name.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathWithProjectNode, projectBin } from '../../../scripts/editor/paths.js';
import { runToEnd } from '../../../scripts/editor/processes.js';

export async function bumpedVsix(vsix: string, dir: string): Promise<{ file: string; version: string }> {
  const { unpackExtension } = await import('@anthropic-ai/mcpb');
  const unpacked = path.join(dir, 'unpacked');
  if (!(await unpackExtension({ mcpbPath: vsix, outputDir: unpacked, silent: true }))) throw new Error(`cannot unpack ${vsix}`);
  const root = path.join(unpacked, 'extension');
  const manifestFile = path.join(root, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string };
  const [major, minor, patch] = manifest.version.split('.').map(Number) as [number, number, number];
  manifest.version = `${major}.${minor}.${patch + 1}`;
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  const file = path.join(dir, `bumped-${manifest.version}.vsix`);
  await runToEnd(
    path.join(projectBin, 'vsce'),
    ['package', '--no-dependencies', '--no-rewrite-relative-links', '--allow-missing-repository', '--skip-license', '--out', file],
    {
      cwd: root,
      env: { ...process.env, PATH: pathWithProjectNode() },
      quiet: true,
      label: 'vsce package (bumped version)',
    },
  );
  return { file, version: manifest.version };
}
