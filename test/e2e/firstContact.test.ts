// What a new user sees right after installing the VSIX: the activity-bar container, the welcome
// view with its sign-in and demo buttons, the commands in the palette, and the log.
import * as assert from 'node:assert/strict';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { paletteOffers, SIGNED_IN_ONLY } from './support/paletteHygiene.js';
import { Workbench } from './support/workbench.js';

describe('first contact with the installed VSIX', function () {
  let wb: Workbench;

  before(async function () {
    wb = await Workbench.open({ waitForActivityItem: VIEW_CONTAINER_TITLE });
  });

  after(async function () {
    await wb?.close();
  });

  it(`shows the "${VIEW_CONTAINER_TITLE}" container in the activity bar`, async function () {
    const item = wb.activityBarItem(VIEW_CONTAINER_TITLE);
    await item.waitFor({ state: 'visible' });
    await item.hover();
    await wb.page
      .locator('.monaco-hover, .workbench-hover')
      .filter({ hasText: VIEW_CONTAINER_TITLE })
      .first()
      .waitFor({ state: 'visible' })
      .catch(() => undefined);
    await wb.screenshot('01-activity-bar', { keepHover: true });
  });

  it('opens the welcome view with Sign In and demo buttons when clicked', async function () {
    await wb.clickViewContainer(VIEW_CONTAINER_TITLE);
    await wb
      .welcomeButton(/sign in/i)
      .first()
      .waitFor({ state: 'visible' });
    await wb.welcomeButton(/demo/i).first().waitFor({ state: 'visible' });
    for (const view of ['Voice Instances', 'Account', 'Sent SMS']) {
      await wb.viewPane(view).waitFor({ state: 'visible' });
    }
    await wb.screenshot('02-welcome-view');
  });

  it(`finds the "${COMMAND_CATEGORY}" commands in the command palette`, async function () {
    const qi = await wb.palette(`${COMMAND_CATEGORY}:`);
    await qi.row(`${COMMAND_CATEGORY}: Show Log`).waitFor({ state: 'visible' });
    const labels = await qi.labels();
    const ours = labels.filter((l) => l.startsWith(`${COMMAND_CATEGORY}: `));
    assert.ok(ours.length >= 5, `expected the palette to list our commands, got: ${labels.join(' | ')}`);
    assert.ok(
      ours.some((l) => /sign in/i.test(l)),
      `no sign-in command among: ${ours.join(' | ')}`,
    );
    await wb.screenshot('03-command-palette');
    await qi.cancel();
  });

  it('hides the commands that need a signed-in profile from the palette while signed out', async function () {
    this.timeout(90_000);
    for (const title of SIGNED_IN_ONLY) assert.equal(await paletteOffers(wb, title), false, `"${title}" offered while signed out`);
    assert.equal(await paletteOffers(wb, 'Start Offline Demo'), true);
  });

  it(`"${COMMAND_CATEGORY}: Show Log" opens the extension's output channel`, async function () {
    await wb.runCommand(`${COMMAND_CATEGORY}: Show Log`);
    const picker = wb.outputChannelPicker();
    await picker.waitFor({ state: 'visible' });
    // The picker's value is the channel on screen; a wrong channel or none fails here.
    await wb.page.waitForFunction((el) => (el as HTMLSelectElement).value.startsWith('Voice & SMS'), await picker.elementHandle(), {
      timeout: 10_000,
    });
    await wb.screenshot('04-show-log');
  });
});
