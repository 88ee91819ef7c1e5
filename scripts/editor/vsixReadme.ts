// The README of a built VSIX, read from inside it: `npm run package` checks the VSIX it wrote, and the e2e suite the
// VSIX under test. The zip reader is @anthropic-ai/mcpb's (a devDependency; a VSIX is a zip like a bundle).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { vsixReadmeProblems } from './packagedReadme.js';

/** The built VSIX opened with the zip reader of @anthropic-ai/mcpb (a VSIX is a zip), its README checked from inside. */
export async function readmeInVsix(vsix: string): Promise<string[]> {
  const { unpackExtension } = await import('@anthropic-ai/mcpb');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vstk-vsix-'));
  try {
    if (!(await unpackExtension({ mcpbPath: vsix, outputDir: dir, silent: true }))) return [`cannot unpack ${vsix}`];
    const root = path.join(dir, 'extension');
    const files = new Map<string, string | null>();
    for (const f of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      const full = path.join(root, f);
      if (!statSync(full).isFile()) continue;
      files.set(f.split(path.sep).join('/'), f.endsWith('.md') ? readFileSync(full, 'utf8') : null);
    }
    return vsixReadmeProblems(files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
