// A panel kind is one folder, src/panels/<kind>/, and one line of the list src/panels/index.ts; the type checker
// holds the registry to that list. What it cannot see is checked here: the folder's files, the list as esbuild.mjs
// reads it (the pages it builds), the kind's parts in the features bundle, and the activation event VS Code needs,
// statically, to restore its panels after a reload.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadPanelKinds } from '../../../scripts/loadWithoutEditor.js';
import { panelParts } from '../../../src/panels/parts.js';
import type { PanelKindName } from '../../../src/panels/kinds.js';

const root = join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { activationEvents: string[] };
/** Scripts every page shares rather than pages of their own (html.ts scriptsFor). */
const SHARED_SCRIPTS = ['chart', 'elements'];
const KINDS = loadPanelKinds();
const kinds = (Object.keys(KINDS) as PanelKindName[]).sort();

void describe('panel kinds: each is one folder and one line of src/panels/index.ts', () => {
  void it('has its folder: registration, controller, protocol and page', () => {
    for (const kind of kinds) {
      for (const file of ['registration.ts', 'controller.ts', 'protocol.ts', 'page/main.ts']) {
        assert.ok(existsSync(join(root, 'src/panels', kind, file)), `src/panels/${kind}/${file} is missing`);
      }
      // The page is browser code bundled as an ES module, as src/webview's is.
      const pagePkg = JSON.parse(readFileSync(join(root, 'src/panels', kind, 'page/package.json'), 'utf8')) as { type?: string };
      assert.equal(pagePkg.type, 'module', `src/panels/${kind}/page/package.json: { "type": "module" }`);
    }
  });

  void it('is found by the features bundle: its controller.ts exports its parts', () => {
    for (const kind of kinds) {
      const parts = panelParts(kind);
      assert.equal(typeof parts.Controller, 'function', kind);
      assert.equal(typeof parts.parseState, 'function', kind);
      assert.equal(typeof parts.chart, 'boolean', kind);
      assert.equal(parts.parseState('not a state'), undefined, `${kind}: a malformed saved state is refused`);
    }
  });

  void it('has a page: esbuild.mjs reads the same list and builds one entry per kind besides the shared scripts', async () => {
    const { panelKinds, webviewEntries } = (await import(join(root, 'esbuild.mjs'))) as {
      panelKinds: string[];
      webviewEntries: { name: string; file: string }[];
    };
    assert.deepEqual([...panelKinds].sort(), kinds, 'esbuild.mjs reads src/panels/index.ts line by line: keep one export line per kind');
    for (const shared of SHARED_SCRIPTS)
      assert.ok(
        webviewEntries.some((e) => e.name === shared),
        `shared script ${shared} is not built`,
      );
    assert.deepEqual(
      webviewEntries
        .filter((e) => !SHARED_SCRIPTS.includes(e.name))
        .map((e) => [e.name, e.file])
        .sort(),
      kinds.map((k) => [k, `src/panels/${k}/page/main.ts`]),
      'src/panels/<kind>/page/main.ts per kind, and no other page',
    );
  });

  void it('has its own view type, and package.json restores exactly the panels of the kinds', () => {
    const viewTypes = kinds.map((k) => KINDS[k].viewType);
    assert.equal(new Set(viewTypes).size, viewTypes.length, 'two kinds share a view type');
    for (const v of viewTypes) assert.match(v, /^voiceSms\.\w+$/);
    const restored = pkg.activationEvents.filter((e) => e.startsWith('onWebviewPanel:')).sort();
    assert.deepEqual(
      restored,
      viewTypes.map((v) => `onWebviewPanel:${v}`).sort(),
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
