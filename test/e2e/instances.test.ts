// The Voice Instances view through the real UI: sign in against the simulator, add a voice instance from
// the palette, expand it, and read the months with their totals as the simulator computes them.
import * as assert from 'node:assert/strict';
import { DEMO_INSTANCES, monthViewData } from '../../src/simulator/index.js';
import { VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { session } from './support/session.js';
import { Workbench } from './support/workbench.js';
import { utcMonth } from './support/months.js';

const SIGN_IN_INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const ADDED = DEMO_INSTANCES[1] ?? 'VI-DEMO-02';
const VIEW = 'Voice Instances';

const thisMonth = (): { id: string; label: string } => utcMonth(0);

describe('voice instances view in the editor', function () {
  let wb: Workbench;
  let signedIn = false;

  before(async function () {
    wb = await Workbench.open({ waitForActivityItem: VIEW_CONTAINER_TITLE });
  });

  after(async function () {
    await wb?.close();
  });

  beforeEach(function () {
    if (!signedIn && !this.currentTest?.title.startsWith('signs in')) this.skip();
  });

  it('signs in against the simulator', async function () {
    const sim = await session().simulator();
    const ok = await wb.signInWithPalette({
      name: 'E2E instances',
      baseUrl: sim.baseUrl,
      accessKeyId: sim.accessKeyId,
      secretAccessKey: sim.secretAccessKey,
      voiceInstanceId: SIGN_IN_INSTANCE,
    });
    assert.ok(ok, 'signing in through the palette failed');
    signedIn = true;
  });

  it('adds a voice instance from the palette and shows it in the view', async function () {
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    await wb.runCommand('Voice & SMS: Add Voice Instance…');
    await wb.quickInput.waitOpen();
    await wb.quickInput.submit(ADDED);
    await wb.quickInput.waitClosed();
    await wb.treeRow(ADDED, VIEW).waitFor({ state: 'visible' });
  });

  it('expands the instance: months newest first, described with the simulator totals', async function () {
    const row = wb.treeRow(ADDED, VIEW);
    await wb.expandTreeRow(row);
    const { id, label } = thisMonth();
    const month = wb.treeRow(label, VIEW);
    await month.waitFor({ state: 'visible' });
    const data = monthViewData(ADDED, id, Date.now());
    const counted = data.days.filter((d) => d.dateId <= data.currentDateID);
    const legs = counted.reduce((s, d) => s + d.call_legs, 0);
    const minutes = counted.reduce((s, d) => s + d.duration_min, 0);
    const description = wb.treeRowDescription(month);
    await wb.page.waitForFunction((el) => /legs/.test(el?.textContent ?? ''), await description.elementHandle(), { timeout: 15_000 });
    const text = (await description.textContent()) ?? '';
    assert.ok(
      text.replace(/[,.\u202f\u00a0]/g, '').startsWith(`${legs} legs · ${minutes} min`),
      `"${text}" vs ${legs} legs / ${minutes} min`,
    );
    await wb.moveMouseAway();
    await wb.screenshot('instances-01-months');
  });
});
