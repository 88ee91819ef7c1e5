// A panel kind is named once (src/host/webviews/panelParts.ts) and the type checker makes kinds/index.ts list it;
// what the checker cannot see is checked here: its descriptor file, its page (a webview entry of esbuild.mjs), its
// view type and the activation event VS Code needs, statically, to restore its panels after a reload.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { panelParts } from '../../../../src/host/webviews/panelParts.js';
import { VIEW_TYPES } from '../../../../src/shared/protocol.js';

const root = join(__dirname, '..', '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { activationEvents: string[] };
/** Scripts every page shares rather than pages of their own (html.ts scriptsFor). */
const SHARED_SCRIPTS = ['chart', 'elements'];
const kinds = Object.keys(panelParts).sort();

void describe('panel kinds: each is complete wherever it must be listed', () => {
  void it('has a descriptor file in kinds/ that uses its own view type', () => {
    for (const kind of kinds) {
      const file = join(root, 'src/host/webviews/kinds', `${kind}.ts`);
      assert.ok(existsSync(file), `src/host/webviews/kinds/${kind}.ts is missing`);
      assert.ok(readFileSync(file, 'utf8').includes(`VIEW_TYPES.${kind}`), `kinds/${kind}.ts does not use VIEW_TYPES.${kind}`);
    }
  });

  void it('has a page: esbuild.mjs builds one entry per kind besides the shared scripts', async () => {
    const { webviewEntries } = (await import(join(root, 'esbuild.mjs'))) as { webviewEntries: { name: string }[] };
    const names = webviewEntries.map((e) => e.name);
    for (const shared of SHARED_SCRIPTS) assert.ok(names.includes(shared), `shared script ${shared} is not built`);
    assert.deepEqual(
      names.filter((n) => !SHARED_SCRIPTS.includes(n)).sort(),
      kinds,
      'src/webview/<kind>/main.ts per kind, and no other page',
    );
  });

  void it('has a view type, and package.json restores exactly the panels of the kinds', () => {
    assert.deepEqual(Object.keys(VIEW_TYPES).sort(), kinds, 'VIEW_TYPES in src/shared/protocol.ts');
    const restored = pkg.activationEvents.filter((e) => e.startsWith('onWebviewPanel:')).sort();
    assert.deepEqual(
      restored,
      Object.values(VIEW_TYPES)
        .map((v) => `onWebviewPanel:${v}`)
        .sort(),
      'activationEvents in package.json: npm run panels:manifest writes them',
    );
  });

  void it('keeps onStartupFinished beside them, the one other activation event (awake in every window)', () => {
    assert.deepEqual(
      pkg.activationEvents.filter((e) => !e.startsWith('onWebviewPanel:')),
      ['onStartupFinished'],
    );
  });
});
