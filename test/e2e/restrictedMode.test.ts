// Its own editor: Workspace Trust must be on here, and the shared editor has it off.
// Restricted Mode: in an untrusted folder the extension still works (the demo signs in and lists
// its instances) but the folder's pinned voice instance stays out until the user trusts the folder.
import { DEMO_INSTANCES } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { session } from './support/session.js';
import { Workbench } from './support/workbench.js';

const VIEW = 'Voice Instances';
const PINNED = 'VI-PINNED-BY-FOLDER';
const FIRST = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const LAST = DEMO_INSTANCES.at(-1) ?? 'VI-DEMO-24';

/** Focuses the tree (its focus command, no click) and presses End, so the list draws and scrolls to its last row. */
async function showLastRow(w: Workbench): Promise<void> {
  await w.openViewContainer(VIEW_CONTAINER_TITLE);
  await w.page.keyboard.press('End');
}

/** Retries `f` for up to 30 s: the tree refreshes once trust is granted, a moment after the click. */
async function expect30s(f: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await f();
    } catch (e) {
      if (Date.now() > deadline) throw e;
    }
  }
}

describe('Restricted Mode (untrusted folder)', function () {
  let wb: Workbench | undefined;
  let editor: { workspaceUrl: string; stop(): Promise<void> } | undefined;

  before(async function () {
    this.timeout(180_000);
    editor = await session().startEditor({
      workspaceTrust: true,
      workspaceFiles: { '.vscode/settings.json': JSON.stringify({ 'voiceSms.workspaceInstances': [PINNED] }) },
    });
    wb = await Workbench.open({ url: editor.workspaceUrl, waitForActivityItem: VIEW_CONTAINER_TITLE, timeoutMs: 120_000 });
  });

  after(async function () {
    this.timeout(60_000);
    await wb?.runCommand(`${COMMAND_CATEGORY}: Stop Offline Demo`).catch(() => undefined);
    await wb?.close();
    await editor?.stop();
  });

  it('runs in the untrusted folder and ignores the instance the folder pins', async function () {
    this.timeout(90_000);
    const w = wb!;
    await w.openViewContainer(VIEW_CONTAINER_TITLE);
    const button = w.welcomeButton(/offline demo/i, VIEW);
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    await button.click();
    await w.treeRow(FIRST, VIEW).waitFor({ state: 'visible', timeout: 30_000 });
    // The tree draws only the rows on screen (the demo has two dozen instances): the last row is drawn on End.
    await showLastRow(w);
    await w.treeRow(LAST, VIEW).waitFor({ state: 'visible', timeout: 10_000 });
    await w.treeRow(PINNED, VIEW).waitFor({ state: 'hidden' });
    await w.screenshot('restricted-01-untrusted');
  });

  it('shows the pinned instance once the folder is trusted', async function () {
    this.timeout(90_000);
    const w = wb!;
    await w.runCommand('Workspaces: Manage Workspace Trust');
    await w.page
      .getByRole('button', { name: /^Trust( Folder)?$/ })
      .first()
      .click();
    // The Workspace Trust editor is modal: closed before the tree takes the keyboard.
    await w.runCommand('View: Close All Editors');
    // Listed after the profile's instances, so it is the last row once the folder is trusted.
    await expect30s(async () => {
      await showLastRow(w);
      await w.treeRow(PINNED, VIEW).waitFor({ state: 'visible', timeout: 3_000 });
    });
    await w.screenshot('restricted-02-trusted');
  });
});
