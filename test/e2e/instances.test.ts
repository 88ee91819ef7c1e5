// The Voice Instances view through the real UI: sign in against the simulator, add a voice instance from
// the palette, expand it, and read the months with their totals as the simulator computes them.
import * as assert from 'node:assert/strict';
import { DEMO_INSTANCES, demoInstanceIds, monthViewData } from '../../src/simulator/index.js';
import { VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { session } from './support/session.js';
import { signedInSuite } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';
import { utcMonth } from './support/months.js';

const SIGN_IN_INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const ADDED = DEMO_INSTANCES[1] ?? 'VI-DEMO-02';
const VIEW = 'Voice Instances';

const thisMonth = (): { id: string; label: string } => utcMonth(0);

describe('voice instances view in the editor', function () {
  const suite = signedInSuite();
  let wb: Workbench;

  before(function () {
    wb = suite.wb;
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
    suite.signedIn();
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

  it('pastes a mixed list: the report lists every entry and nothing is added until the valid ones are chosen', async function () {
    this.timeout(90_000);
    // Collapse the expanded instance so the added rows fit in the view.
    await wb.treeRow(ADDED, VIEW).click();
    await wb.treeRow(thisMonth().label, VIEW).waitFor({ state: 'hidden' });
    const list = 'VI-DEMO-03\nVI-DEMO-04, VI/05\nVI-DEMO-01 VI-DEMO-03\n..';
    await wb.runCommand('Voice & SMS: Add Voice Instance…');
    await wb.quickInput.waitOpen();
    // A real paste: the line breaks of the clipboard reach the single-line box as spaces.
    await wb.page.evaluate((t) => navigator.clipboard.writeText(t), list);
    await wb.quickInput.input.focus();
    await wb.page.keyboard.press('ControlOrMeta+V');
    await wb.quickInput.message
      .filter({ hasText: /6 entries: 2 new, 1 already listed, 1 repeated, 2 invalid/ })
      .waitFor({ state: 'visible' });
    await wb.quickInput.input.press('Enter');
    await wb.quickInput.row(/Add the 2 Valid Instances/).waitFor({ state: 'visible' });
    await wb.quickInput.row('VI/05').waitFor({ state: 'visible' });
    const labels = await wb.quickInput.labels();
    assert.ok(
      labels.some((l) => l.includes('Edit the List')),
      labels.join(' | '),
    );
    await wb.screenshot('instances-02-bulk-report');
    assert.equal(await wb.treeRow('VI-DEMO-03', VIEW).count(), 0, 'nothing added before the choice');
    await wb.quickInput.pick(/Add the 2 Valid Instances/);
    await wb.quickInput.waitClosed();
    await wb.treeRow('VI-DEMO-03', VIEW).waitFor({ state: 'visible' });
    await wb.treeRow('VI-DEMO-04', VIEW).waitFor({ state: 'visible' });
    await wb
      .notification(/Voice instances added: 2/)
      .first()
      .waitFor({ state: 'visible' });
    await wb.moveMouseAway();
    await wb.screenshot('instances-03-bulk-added');
  });

  it('takes 500 pasted ids in one go and the view stays responsive (measured)', async function () {
    this.timeout(120_000);
    const ids = demoInstanceIds(500);
    await wb.runCommand('Voice & SMS: Add Voice Instance…');
    await wb.quickInput.waitOpen();
    await wb.quickInput.fill(ids.join('\n'));
    await wb.quickInput.message.filter({ hasText: /500 entries/ }).waitFor({ state: 'visible' });
    const t0 = Date.now();
    await wb.quickInput.input.press('Enter');
    await wb
      .notification(/Voice instances added: 496/)
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    await wb.treeRow('VI-DEMO-05', VIEW).waitFor({ state: 'visible' });
    const added = Date.now() - t0;
    const t1 = Date.now();
    await wb.expandTreeRow(wb.treeRow('VI-DEMO-05', VIEW));
    const month = wb.treeRow(thisMonth().label, VIEW);
    await month.waitFor({ state: 'visible' });
    await wb.page.waitForFunction((el) => /legs/.test(el?.textContent ?? ''), await wb.treeRowDescription(month).elementHandle(), {
      timeout: 15_000,
    });
    const expanded = Date.now() - t1;
    console.log(`      [bench] 500 pasted ids: added and listed in ${added} ms; one instance expanded with its months in ${expanded} ms`);
    await wb.moveMouseAway();
    await wb.screenshot('instances-04-500');
  });
});
