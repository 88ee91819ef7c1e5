// The shipped layout: dist/core.js is a bundle of its own, with its own copy of @vscode/l10n, and the
// host's loadCore() must hand it the editor's strings. This builds both sides the way esbuild.mjs
// does (node/cjs, core.js next to the host code) into a temporary folder, configures the host's
// l10n as activate() does, and checks that a real validation error from the loaded core comes out
// translated, and stays English when the editor has no bundle.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..', '..');

interface HostSide {
  configurePureL10n(language: string, bundle: Record<string, string> | undefined): void;
  loadCore(): { normalizeE164(input: string, region?: string): string };
}

const BUNDLE = { 'Invalid {0}: {1}': 'Ungültig {0}: {1}', 'is too short for {0}': 'ist zu kurz für {0}' };

let dir: string;

/** Builds a fresh pair (host side + core.js) so each case starts with unconfigured l10n copies. */
async function build(name: string): Promise<HostSide> {
  const out = join(dir, name);
  // The shipped @vscode/l10n: esbuild.mjs takes its build without fs (every caller passes the bundle's contents).
  const { configs } = (await import(join(root, 'esbuild.mjs'))) as { configs: esbuild.BuildOptions[] };
  const plugins = (configs[0]?.plugins ?? []).filter((p) => p.name === 'l10n-contents-only');
  assert.equal(plugins.length, 1, 'esbuild.mjs has the l10n-contents-only plugin');
  const common = { absWorkingDir: root, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'silent', plugins } as const;
  await esbuild.build({ ...common, entryPoints: ['src/core/index.ts'], outfile: join(out, 'core.js') });
  await esbuild.build({
    ...common,
    stdin: {
      contents: "export { loadCore } from './src/host/bundles/coreLoader.ts';\nexport { configurePureL10n } from './src/host/platform/pureL10n.ts';\n",
      resolveDir: root,
      loader: 'ts',
    },
    outfile: join(out, 'host.js'),
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(out, 'host.js')) as HostSide;
}

function phoneError(host: HostSide): string {
  try {
    host.loadCore().normalizeE164('12', 'DE');
  } catch (e) {
    return (e as Error).message;
  }
  return '(no error)';
}

void describe('the separately bundled core', () => {
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'vstk-core-l10n-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  void it('gets the editor\'s bundle from loadCore()', async () => {
    const host = await build('translated');
    host.configurePureL10n('de', BUNDLE);
    assert.equal(phoneError(host), 'Ungültig to: ist zu kurz für DE (+49)');
  });

  void it('speaks English when the editor has no bundle', async () => {
    const host = await build('english');
    host.configurePureL10n('en', undefined);
    assert.equal(phoneError(host), 'Invalid to: is too short for DE (+49)');
  });
});
