// "Copy Request as cURL" through the real UI, then the copied text run with sh against the simulator:
// from the palette (its quick pick: Month view / Day activities / Balance) and from a month row's
// context menu. Each copied text must answer 200 with the data the simulator serves (the month's days,
// the balance the Account view shows) and must not contain a credential.
// Then the balance row's "Show Raw Answer (XML)". Screenshots: test-results/e2e/curl-*.png, raw-answer-*.png.
import * as assert from 'node:assert/strict';
import { DEMO_ACCOUNT, DEMO_INSTANCES, monthViewData } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { runCopiedCurl } from './support/curl.js';
import type { SimulatorInfo } from './support/session.js';
import { simulatorSuite } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';
import { utcMonth } from './support/months.js';

const PROFILE = 'E2E curl';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const VIEWS = { instances: 'Voice Instances', account: 'Account' };

const month = utcMonth;

/** The text of the first `<name>` element (XML text, no entities in these values). */
function xmlText(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
}

/** dateID -> [call_legs, in, out, unique, minutes] from a month-view answer. */
function monthDays(xml: string): Map<string, number[]> {
  const days = new Map<string, number[]>();
  for (const m of xml.matchAll(/<date dateID="(\d{8})">([\s\S]*?)<\/date>/g)) {
    const body = m[2] ?? '';
    days.set(
      m[1] ?? '',
      ['call_legs', 'call_legs_in', 'call_legs_out', 'calls_unique', 'duration_min'].map((n) => Number(xmlText(body, n))),
    );
  }
  return days;
}

/** The copied text may name the variables but never carry their values (nor Basic's base64 of them). */
function assertNoSecret(text: string, sim: SimulatorInfo): void {
  assert.ok(!text.includes(sim.secretAccessKey), 'the copied command contains the secret access key');
  assert.ok(!text.includes(sim.accessKeyId), 'the copied command contains the access key id');
  const basic = Buffer.from(`${sim.accessKeyId}:${sim.secretAccessKey}`).toString('base64');
  assert.ok(!text.includes(basic), 'the copied command contains the Basic credentials');
  assert.match(text, /\$VOICESMS_SECRET_ACCESS_KEY/);
  assert.match(text, /\$VOICESMS_ACCESS_KEY_ID/);
}

describe('Copy Request as cURL, then run the copied text', function () {
  this.timeout(90_000);
  const suite = simulatorSuite(PROFILE);
  let wb: Workbench, sim: SimulatorInfo;
  before(() => ({ wb, sim } = suite));

  /**
   * Runs the palette command and waits for its "Which request?" quick pick. (runCommand would wait
   * for the palette to close, but the command's own pick reuses the same widget.)
   */
  async function openPick(): Promise<void> {
    const qi = await wb.palette(`${COMMAND_CATEGORY}: Copy Request as cURL`);
    await qi.row(`${COMMAND_CATEGORY}: Copy Request as cURL`).waitFor({ state: 'visible' });
    await qi.input.press('Enter');
    await qi.title.filter({ hasText: 'Copy as cURL' }).waitFor({ state: 'visible' });
  }

  /** Picks `item` in the command's quick pick. */
  async function copyFromPalette(item: RegExp): Promise<void> {
    await openPick();
    await wb.quickInput.pick(item);
    await wb.quickInput.waitClosed();
  }

  /** Runs the copied month-view request and compares every day with the simulator's own numbers. */
  async function checkMonthAnswer(text: string, monthId: string): Promise<void> {
    assert.match(text, new RegExp(`/v1/vvoice/${INSTANCE}/calls/${monthId}`));
    assertNoSecret(text, sim);
    const answer = await runCopiedCurl(text, sim);
    assert.equal(answer.status, 200, answer.body);
    assert.equal(xmlText(answer.body, 'code'), '200');
    const expected = monthViewData(INSTANCE, monthId, Date.now());
    assert.equal(xmlText(answer.body, 'currentDateID'), expected.currentDateID);
    const days = monthDays(answer.body);
    assert.equal(days.size, expected.days.length, 'one date per calendar day');
    for (const d of expected.days) {
      assert.deepEqual(
        days.get(d.dateId),
        [d.call_legs, d.call_legs_in, d.call_legs_out, d.calls_unique, d.duration_min],
        `day ${d.dateId}`,
      );
    }
  }

  /** Waits for the "Copied cURL for …" toast and lets it finish fading in, for a readable screenshot. */
  async function copiedNote(pattern: string): Promise<void> {
    await wb.toastShown(wb.notification(new RegExp(`Copied cURL for ${pattern}`)));
  }

  it('the palette offers the requests of the active profile', async function () {
    await openPick();
    const qi = wb.quickInput;
    await qi.row(/^Balance/).waitFor({ state: 'visible' });
    const labels = await qi.labels();
    for (const label of ['Month view', 'Day activities', 'Balance'])
      assert.ok(labels.includes(label), `"${label}" in ${labels.join(' | ')}`);
    assert.match((await qi.row(/^Balance/).textContent()) ?? '', new RegExp(DEMO_ACCOUNT));
    assert.match((await qi.row(/^Month view/).textContent()) ?? '', new RegExp(`${INSTANCE} · ${month(0).id}`));
    await wb.screenshot('curl-01-pick');
    await qi.cancel();
  });

  it('palette → Balance: the copied command answers 200 with the balance the Account view shows', async function () {
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    const balanceRow = wb.treeRow(/^Balance$/, VIEWS.account);
    await balanceRow.waitFor({ state: 'visible' });
    await wb.page.waitForFunction(
      (el) => /\d\.\d{2} [A-Z]{3}$/.test(el?.textContent?.trim() ?? ''),
      await wb.treeRowDescription(balanceRow).elementHandle(),
      { timeout: 15_000 },
    );
    const shown = ((await wb.treeRowDescription(balanceRow).textContent()) ?? '').trim();

    await copyFromPalette(/^Balance/);
    await copiedNote(`the balance of ${DEMO_ACCOUNT}`);
    await wb.screenshot('curl-02-balance-copied');

    const text = await wb.readClipboard();
    assert.match(text, new RegExp(`/v1/account/${DEMO_ACCOUNT}/balance`));
    assertNoSecret(text, sim);
    const answer = await runCopiedCurl(text, sim);
    assert.equal(answer.status, 200, answer.body);
    assert.equal(xmlText(answer.body, 'code'), '200');
    assert.equal(xmlText(answer.body, 'accountId'), DEMO_ACCOUNT);
    const amount = xmlText(answer.body, 'amount') ?? '';
    assert.match(amount, /^-?\d+\.\d{2}$/);
    // The view formats with thousands separators; compare the digits.
    assert.equal(
      shown.replace(/,/g, ''),
      `${amount} ${xmlText(answer.body, 'currency') ?? ''}`,
      'the copied request answers what the Account view shows',
    );
    await wb.clearNotifications();
  });

  it("palette → Month view: the copied command answers 200 with this month's days", async function () {
    const current = month(0);
    await copyFromPalette(/^Month view/);
    await copiedNote(`the month view of ${INSTANCE} \\(${current.id}\\)`);
    await checkMonthAnswer(await wb.readClipboard(), current.id);
    await wb.clearNotifications();
  });

  it("a month row's context menu copies that month's request; it answers 200 with that month's days", async function () {
    const last = month(-1);
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    await wb.expandTreeRow(wb.treeRow(INSTANCE, VIEWS.instances));
    const row = wb.treeRow(last.label, VIEWS.instances);
    await row.waitFor({ state: 'visible' });
    await wb.contextMenu(row, 'Copy Request as cURL');
    await copiedNote(`the month view of ${INSTANCE} \\(${last.id}\\)`);
    await wb.screenshot('curl-03-month-row-copied');
    await checkMonthAnswer(await wb.readClipboard(), last.id);
    await wb.clearNotifications();
  });

  it("the balance row's context menu shows the raw answer: a read-only XML editor with the service's XML", async function () {
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    const balanceRow = wb.treeRow(/^Balance$/, VIEWS.account);
    await balanceRow.waitFor({ state: 'visible' });
    await wb.contextMenu(balanceRow, 'Show Raw Answer (XML)');
    const tab = wb.page.locator('.tabs-container .tab', { hasText: `balance-${DEMO_ACCOUNT}.xml` });
    await tab.first().waitFor({ state: 'visible', timeout: 15_000 });
    const editor = wb.page.locator('.editor-instance .view-lines').first();
    await editor.filter({ hasText: DEMO_ACCOUNT }).waitFor({ state: 'visible', timeout: 15_000 });
    const text = (await editor.textContent()) ?? '';
    assert.ok(!text.includes(sim.secretAccessKey) && !text.includes(sim.accessKeyId), 'no credential in the raw answer');
    await wb.page.locator('[id="status.editor.mode"]').filter({ hasText: 'XML' }).waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('raw-answer-01-balance');
  });
});
