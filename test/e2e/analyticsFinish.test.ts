// Two profiles and an export through the real UI: sign in to profile A (runner's simulator, VI-DEMO-01)
// and profile B (a second simulator started here, VI-DEMO-02), switch back to A from the palette and
// see the Voice Instances view reload with A's instance only, then export last month from the month
// row's context menu as CSV to a file typed into code-server's save dialog, and check the file.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { DEMO_INSTANCES, monthViewData, start, type Simulator } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { session } from './support/session.js';
import { Workbench } from './support/workbench.js';
import { utcMonth } from './support/months.js';

const VIEW = 'Voice Instances';
const PROFILE_A = 'E2E switch A';
const PROFILE_B = 'E2E switch B';
const INSTANCE_A = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const INSTANCE_B = DEMO_INSTANCES[1] ?? 'VI-DEMO-02';

const lastMonth = (): { id: string; label: string } => utcMonth(-1);

describe('switch profile and export a month (two simulators)', function () {
  let wb: Workbench;
  let second: Simulator | undefined;
  let ready = false;

  before(async function () {
    second = await start();
    wb = await Workbench.open({ waitForActivityItem: VIEW_CONTAINER_TITLE });
  });

  after(async function () {
    await wb?.close();
    await second?.close();
  });

  beforeEach(function () {
    if (!ready && !this.currentTest?.title.startsWith('signs in')) this.skip();
  });

  it('signs in to two profiles, each on its own simulator with its own instance', async function () {
    this.timeout(120_000);
    const sim = await session().simulator();
    assert.ok(second);
    assert.notEqual(sim.baseUrl, second.url, 'two different simulators');
    assert.ok(
      await wb.signInWithPalette({
        name: PROFILE_A,
        baseUrl: sim.baseUrl,
        accessKeyId: sim.accessKeyId,
        secretAccessKey: sim.secretAccessKey,
        voiceInstanceId: INSTANCE_A,
      }),
    );
    await wb.signedInNotice(PROFILE_A, 20_000);
    const beforeB = second.requests.length;
    assert.ok(await wb.signInWithPalette({ name: PROFILE_B, baseUrl: second.url, ...second.credentials, voiceInstanceId: INSTANCE_B }));
    await wb.signedInNotice(PROFILE_B, 20_000);
    assert.ok(second.requests.length > beforeB, 'profile B verified against the second simulator');

    // B is active now: its instance only.
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    await wb.treeRow(INSTANCE_B, VIEW).waitFor({ state: 'visible' });
    await wb.treeRow(INSTANCE_A, VIEW).waitFor({ state: 'hidden' });
    ready = true;
  });

  it("Switch Profile from the palette reloads the view with the other profile's instance", async function () {
    await wb.clearNotifications();
    await wb.runCommand(`${COMMAND_CATEGORY}: Switch Profile…`);
    const qi = wb.quickInput;
    await qi.waitOpen();
    // The active profile is marked; the other one is offered.
    await qi
      .row(PROFILE_B)
      .filter({ hasText: /active/ })
      .waitFor({ state: 'visible' });
    await wb.screenshot('switch-profile-01-pick');
    await qi.pick(PROFILE_A);
    await qi.waitClosed();

    await wb.treeRow(INSTANCE_A, VIEW).waitFor({ state: 'visible' });
    await wb.treeRow(INSTANCE_B, VIEW).waitFor({ state: 'hidden' });
    await wb.screenshot('switch-profile-02-switched');
  });

  it("exports last month as CSV from the month row's context menu to a file", async function () {
    this.timeout(90_000);
    const month = lastMonth();
    await wb.expandTreeRow(wb.treeRow(INSTANCE_A, VIEW));
    const row = wb.treeRow(month.label, VIEW);
    await row.waitFor({ state: 'visible' });
    // Loaded (totals shown), so the export is of real numbers.
    await wb.page.waitForFunction((el) => /legs/.test(el?.textContent ?? ''), await wb.treeRowDescription(row).elementHandle(), {
      timeout: 15_000,
    });

    await wb.clearNotifications();
    await wb.contextMenu(row, 'Export Month…');
    const qi = wb.quickInput;
    await qi.pick(/^CSV/);
    await qi.row('Save to file…').waitFor({ state: 'visible' });
    await wb.screenshot('export-01-target');
    await qi.pick('Save to file…');
    const target = path.join(session().workspace, `e2e-export-${INSTANCE_A}-${month.id}.csv`);
    await wb.saveDialog(target, () => wb.screenshot('export-02-save-dialog'));
    await wb
      .notification(/^Saved /)
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });
    await wb.screenshot('export-03-saved');

    const lines = (await readFile(target, 'utf8')).split('\r\n').filter((l) => l !== '');
    const data = monthViewData(INSTANCE_A, month.id, Date.now());
    const counted = data.days.filter((d) => d.dateId <= data.currentDateID);
    assert.equal(lines[0], 'instance,date,call_legs,call_legs_in,call_legs_out,calls_unique,duration_min,future');
    assert.equal(lines.length, data.days.length + 2, 'header, one row per day, totals');
    [...data.days].reverse().forEach((d, i) => {
      assert.equal(
        lines[i + 1],
        `${INSTANCE_A},${d.dateId},${d.call_legs},${d.call_legs_in},${d.call_legs_out},${d.calls_unique},${d.duration_min},false`,
      );
    });
    const legs = counted.reduce((s, d) => s + d.call_legs, 0);
    const minutes = counted.reduce((s, d) => s + d.duration_min, 0);
    assert.match(lines.at(-1) ?? '', new RegExp(`^${INSTANCE_A},total,${legs},\\d+,\\d+,\\d+,${minutes},$`));
  });
});
