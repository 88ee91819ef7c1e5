// The account overview page in Chromium (the real bundle, the real CSP), on what issue 51's "instances against their
// peers" added: an instance whose change stands out against the other instances' is marked in its "Against the
// others" cell with why (tooltip) and named in the note under the table (text a screen reader reaches), or the note
// says none stands out; sorting by that column (click, Enter) puts it first and is said in a status line; the
// 12-month cell says how many months it shows until it has twelve; and the page tells the host which rows are on
// screen (the host fills only their 12-month cells), again when scrolling or the filter changes them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OverviewToWebview } from '../../../src/panels/overview/protocol.js';
import type { OverviewRow } from '../../../src/shared/overview/overview.js';
import type { PanelPage } from './support/harness.js';
import { panelHarness } from './support/panels.js';

const MONTH = '202503';
const MARCH_1_14 = { monthId: '202503', previousMonthId: '202502', lastDay: 14, previousLastDay: 14, wholeMonths: false };
const withPanel = panelHarness();
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A loaded row: `callLegs` this month, a change of `changePct`, seven of its twelve months in hand. */
function row(i: number, callLegs: number, changePct: number | null = 0): OverviewRow {
  return {
    instanceId: `VI-DEMO-${String(i).padStart(2, '0')}`,
    status: 'ok',
    figures: {
      callLegs,
      callLegsIn: callLegs - i,
      callLegsOut: i,
      callsUnique: Math.floor(callLegs / 2),
      durationMin: callLegs * 3,
      activeDays: 20,
    },
    previousCallLegs: 100,
    changePct,
    compared: MARCH_1_14,
    trend: [null, null, null, null, 5, 7, 6, 9, null, 8, 100, callLegs],
  };
}

async function start(p: PanelPage, rows: OverviewRow[], loading: boolean): Promise<void> {
  await p.send({ type: 'overview', monthId: MONTH, rows, loading, cancelled: false } satisfies OverviewToWebview);
}

async function ids(p: PanelPage): Promise<string[]> {
  return p.page.locator('tbody tr.overview-row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.instanceId ?? ''));
}

void describe('account overview page: instances against their peers, the 12-month cell, the rows on screen', () => {
  void it('an instance whose change stands out is marked with why, named under the table, and sorted first', async () => {
    // Eight instances within a few points of +5 %, one at +240 %.
    const calm = [4, 6, 5, 3, 7, 5.5, 4.5, 6.5].map((changePct, i) => row(i + 1, 100 + i, changePct));
    const big = row(9, 340, 240);
    const reason = "+240 % against the others' median +5.3 % (MAD 1 point, 8 instances)";
    await withPanel('overview', async (p) => {
      await p.waitForPosted(1);
      await start(p, calm, false);
      assert.match(
        (await p.page.locator('.overview-peers').textContent()) ?? '',
        /^Against the others: none stand out \(8 instances with a change; /,
      );
      assert.equal(await p.page.locator('td.peers-col .peer-mark').count(), 0);
      await start(p, [...calm, big], false);
      const cell = p.page.locator('tr[data-instance-id="VI-DEMO-09"] td.peers-col');
      assert.equal(await cell.locator('.peer-mark').textContent(), 'stands out, higher');
      assert.match((await cell.getAttribute('title')) ?? '', new RegExp(`^Stands out: ${escape(reason)}; modified z-score \\+\\d`));
      assert.equal(await p.page.locator('td.peers-col .peer-mark').count(), 1, 'only the one that stands out');
      // Another row: its score, usual, and why in its tooltip.
      const usual = p.page.locator('tr[data-instance-id="VI-DEMO-01"] td.peers-col');
      assert.match(
        (await usual.getAttribute('title')) ?? '',
        /^Usual: \+4 % against the others' median \+[\d.]+ % \(MAD [\d.]+ points?, 8 instances\); modified z-score [-+−][\d.]+$/,
      );
      // The note names it with the same reason, in text a screen reader reaches.
      const note = p.page.locator('.overview-peers');
      assert.match(
        (await note.locator('p').textContent()) ?? '',
        /^Against the others \(modified z-score beyond 3\.5, at least 10 points from the others' median\), these stand out:$/,
      );
      assert.equal(await note.locator('li').textContent(), `VI-DEMO-09: ${reason}`);
      // Sorting by it (click): the instance that stands out first, said in the status line; Enter reverses it.
      const header = p.page.locator('button.sort-button[data-sort-key="peers"]');
      const th = p.page.locator('thead th').filter({ has: header });
      await header.click();
      assert.equal(await th.getAttribute('aria-sort'), 'descending');
      assert.equal((await ids(p))[0], 'VI-DEMO-09');
      assert.match(
        (await p.page
          .getByRole('status')
          .filter({ hasText: /^Sorted by/ })
          .textContent()) ?? '',
        /^Sorted by Against the others, descending$/,
      );
      await header.focus();
      await p.page.keyboard.press('Enter');
      assert.equal(await th.getAttribute('aria-sort'), 'ascending');
      assert.equal((await ids(p)).at(-1), 'VI-DEMO-09');
      assert.deepEqual(((await p.states()).at(-1) as { sortKey?: string }).sortKey, 'peers');
      // Rows without a change are not compared, and say so.
      await p.send({ type: 'overviewRow', monthId: MONTH, index: 0, row: { ...calm[0]!, changePct: null } });
      assert.equal(
        await p.page.locator('tr[data-instance-id="VI-DEMO-01"] td.peers-col').getAttribute('title'),
        'Not compared: no change, or fewer than 3 other instances with one',
      );
      assert.match((await note.locator('li').textContent()) ?? '', /MAD [\d.]+ points?, 7 instances\)$/);
      assert.deepEqual(await p.violations(), []);
    });
  });

  void it('the 12-month cell says how many months it shows until it has twelve', async () => {
    await withPanel('overview', async (p) => {
      await p.waitForPosted(1);
      await start(p, [row(1, 120), row(2, 80)], false);
      const cell = p.page.locator('tr[data-instance-id="VI-DEMO-01"] td.trend-cell');
      assert.equal(await cell.locator('.trend-count').textContent(), '7 of 12 months');
      assert.equal(await cell.locator('svg').getAttribute('aria-label'), 'Call legs of the last 12 months; 7 of them shown');
      // The host filled the months not in hand: the line is whole and says nothing more.
      const whole = { ...row(1, 120), trend: [3, 4, 5, 6, 5, 7, 6, 9, 8, 8, 130, 120] };
      await p.send({ type: 'overviewRow', monthId: MONTH, index: 0, row: whole });
      assert.equal(await cell.locator('.trend-count').count(), 0);
      assert.equal(await cell.locator('svg polyline').count(), 1, 'one unbroken line');
      assert.equal(await cell.locator('svg').getAttribute('aria-label'), 'Call legs of the last 12 months; 12 of them shown');
    });
  });

  void it('tells the host which rows are on screen, and again when scrolling shows others', async () => {
    const many = Array.from({ length: 60 }, (_, i) => row(i + 1, 100 + i));
    await withPanel('overview', { height: 500 }, async (p) => {
      await p.waitForPosted(1);
      await start(p, many, false);
      const reports = async (): Promise<string[][]> =>
        (await p.posted()).filter((m) => m.type === 'visibleRows').map((m) => m.instanceIds as string[]);
      await p.page.waitForFunction(() =>
        (window as unknown as { __vstk: { posted: { type: string }[] } }).__vstk.posted.some((m) => m.type === 'visibleRows'),
      );
      const first = (await reports()).at(-1)!;
      assert.ok(first.includes('VI-DEMO-01') && !first.includes('VI-DEMO-60'), first.join(', '));
      assert.ok(first.length > 2 && first.length < 30, `${first.length} rows on screen`);
      const count = (await reports()).length;
      await p.page.locator('tr[data-instance-id="VI-DEMO-60"]').scrollIntoViewIfNeeded();
      await p.page.waitForFunction(
        (n) =>
          (window as unknown as { __vstk: { posted: { type: string }[] } }).__vstk.posted.filter((m) => m.type === 'visibleRows').length >
          n,
        count,
      );
      const scrolled = (await reports()).at(-1)!;
      assert.ok(scrolled.includes('VI-DEMO-60') && !scrolled.includes('VI-DEMO-01'), scrolled.join(', '));
      // A filter that hides rows: they are no longer on screen.
      await p.page.locator('#overview-filter').fill('DEMO-60');
      await p.page.waitForFunction(() => {
        const last = (window as unknown as { __vstk: { posted: { type: string; instanceIds?: string[] }[] } }).__vstk.posted
          .filter((m) => m.type === 'visibleRows')
          .at(-1);
        return last?.instanceIds?.join() === 'VI-DEMO-60';
      });
    });
  });
});
