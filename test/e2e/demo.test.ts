// The offline demo through the real UI of the installed VSIX: the welcome view's "Try the offline
// demo" button starts the simulator inside the extension host, the welcome view gives way to the
// demo's voice instances, and "Stop Offline Demo" brings the welcome view back (so later suites
// see a signed-out editor again).
import * as assert from 'node:assert/strict';
import { DEMO_INSTANCES } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { paletteOffers, SIGNED_IN_ONLY } from './support/paletteHygiene.js';
import { Workbench } from './support/workbench.js';

const VIEW = 'Voice Instances';
const FIRST = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const SECOND = DEMO_INSTANCES[1] ?? 'VI-DEMO-02';

describe('offline demo in the editor', function () {
  let wb: Workbench;
  let started = false;

  before(async function () {
    wb = await Workbench.open({ waitForActivityItem: VIEW_CONTAINER_TITLE });
  });

  after(async function () {
    // Leave the shared editor signed out whatever happened above.
    if (started) await wb?.runCommand(`${COMMAND_CATEGORY}: Stop Offline Demo`).catch(() => undefined);
    await wb?.close();
  });

  it('"Try the offline demo" replaces the welcome view with the demo voice instances', async function () {
    this.timeout(60_000);
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    const button = wb.welcomeButton(/offline demo/i, VIEW);
    await button.waitFor({ state: 'visible' });
    await button.click();
    started = true;
    await wb.treeRow(FIRST, VIEW).waitFor({ state: 'visible', timeout: 30_000 });
    await wb.treeRow(SECOND, VIEW).waitFor({ state: 'visible' });
    await button.waitFor({ state: 'hidden' });
    await wb.moveMouseAway();
    await wb.screenshot('demo-01-started');
  });

  it('offers the signed-in commands in the palette and hides "Start Offline Demo" while the demo runs', async function () {
    if (!started) this.skip();
    this.timeout(90_000);
    for (const title of SIGNED_IN_ONLY) assert.equal(await paletteOffers(wb, title), true, `"${title}" missing while signed in`);
    assert.equal(await paletteOffers(wb, 'Start Offline Demo'), false, '"Start Offline Demo" offered while the demo runs');
  });

  it('"Stop Offline Demo" brings the welcome view back', async function () {
    if (!started) this.skip();
    this.timeout(60_000);
    await wb.runCommand(`${COMMAND_CATEGORY}: Stop Offline Demo`);
    started = false;
    await wb.welcomeButton(/offline demo/i, VIEW).waitFor({ state: 'visible', timeout: 30_000 });
    await wb.treeRow(FIRST, VIEW).waitFor({ state: 'hidden' });
    await wb.screenshot('demo-02-stopped');
  });
});
