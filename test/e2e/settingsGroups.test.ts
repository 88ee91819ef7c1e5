// The Settings editor shows the extension's settings in the titled groups of package.json
// (`contributes.configuration`, a list), in their order: filtered to the extension, the table of contents lists the
// groups of the User tab in the manifest's order. code-server is a remote window: machine-scoped settings live in its
// Remote tab, so a group of only machine settings (Authentication) is not in the User tab's list.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { until } from './support/wait.js';
import { sharedWindow } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';

const root = path.join(__dirname, '..', '..');
const nls = JSON.parse(readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  publisher: string;
  name: string;
  contributes: { configuration: { title: string; properties: Record<string, { scope?: string }> }[] };
};
/** The titles of the groups with a setting the User tab shows (package.nls.json), in the manifest's order. */
const GROUPS = manifest.contributes.configuration
  .filter((g) => Object.values(g.properties).some((p) => p.scope !== 'machine'))
  .map((g) => nls[/^%(.+)%$/.exec(g.title)?.[1] ?? ''] ?? g.title);

describe('settings in groups', function () {
  let wb: Workbench;

  const window = sharedWindow(() => false);
  before(function () {
    wb = window.wb;
  });

  it('the Settings editor lists the extension settings in its groups, in order', async function () {
    this.timeout(90_000);
    await wb.runCommand('Preferences: Open User Settings');
    const editor = wb.page.locator('.settings-editor');
    await editor.waitFor({ state: 'visible' });
    await editor.locator('.settings-header .suggest-input-container .monaco-editor').first().click();
    await wb.page.keyboard.press('ControlOrMeta+A');
    await wb.page.keyboard.type(`@ext:${manifest.publisher}.${manifest.name}`, { delay: 20 });
    const toc = editor.locator('.settings-toc-container .monaco-list-row');
    let shown: string[] = [];
    await until(
      `the group titles ${GROUPS.join(', ')}`,
      async () => {
        shown = (await toc.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
        return GROUPS.every((g) => shown.some((t) => t.startsWith(g)));
      },
      30_000,
    ).catch((e: unknown) => {
      throw new Error(`${e instanceof Error ? e.message : String(e)}; contents seen: ${shown.join(' | ')}`);
    });
    assert.ok(GROUPS.length >= 4, GROUPS.join(', '));
    assert.deepEqual(
      shown.map((t) => GROUPS.find((g) => t.startsWith(g))).filter((g) => g !== undefined),
      GROUPS,
      'the groups in the manifest order',
    );
    await wb.screenshot('settings-01-groups');
    await wb.runCommand('View: Close Editor');
  });
});
