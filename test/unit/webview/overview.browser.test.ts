// The account overview page in Chromium (the real bundle, the real CSP): rows arriving one by one with the count,
// Cancel, a failed row that retries on click and on Enter, sorting by every column by click and keyboard with
// aria-sort, the filter, the totals row, a row opening its month, the sort and filter kept in the page's state,
// and axe-core (WCAG 2.1 AA) in the dark, light and high-contrast themes in every state (an instance that stands out
// against the others among them). The peers' mark, the 12-month cell's count and the rows on screen:
// overviewPeers.browser.test.ts (one file each: a file's tests share one minute).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OVERVIEW_SORT_KEYS, type OverviewToWebview } from '../../../src/panels/overview/protocol.js';
import type { OverviewRow } from '../../../src/shared/overview/overview.js';
import { audit, describeFindings, FAILING_IMPACTS, type Finding } from './support/axe.js';
import type { PanelPage } from './support/harness.js';
import { panelHarness } from './support/panels.js';
import type { ThemeName } from './support/themes.js';

const MONTH = '202503';
/** March at its 14th: each change compares March 1–14 with February 1–14. */
const MARCH_1_14 = { monthId: '202503', previousMonthId: '202502', lastDay: 14, previousLastDay: 14, wholeMonths: false };
/** "Mar 1 – 14 vs Feb 1 – 14" as the page's language (en) writes the ranges (spaces compared as spaces: Node's and
 * Chromium's ICU differ in which space surrounds the dash). */
const range = (m: number): string =>
  new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).formatRange(
    new Date(Date.UTC(2025, m, 1)),
    new Date(Date.UTC(2025, m, 14)),
  );
const COMPARED = `${range(2)} vs ${range(1)}`.replace(/\s/gu, ' ');
const spaced = (s: string | null): string | undefined => s?.replace(/\s/gu, ' ');
const withPanel = panelHarness();

function row(i: number, callLegs: number, status: OverviewRow['status'] = 'ok'): OverviewRow {
  const instanceId = `VI-DEMO-${String(i).padStart(2, '0')}`;
  if (status === 'pending') return { instanceId, status, trend: new Array(12).fill(null) };
  if (status === 'failed')
    return { instanceId, status, error: 'The service reported an error: instance suspended', trend: new Array(12).fill(null) };
  return {
    instanceId,
    status,
    figures: {
      callLegs,
      callLegsIn: callLegs - i,
      callLegsOut: i,
      callsUnique: Math.floor(callLegs / 2),
      durationMin: callLegs * 3,
      activeDays: 20 + (i % 5),
    },
    previousCallLegs: callLegs + 10 - i * 3,
    changePct: Math.round(((callLegs - (callLegs + 10 - i * 3)) / (callLegs + 10 - i * 3)) * 1000) / 10,
    compared: MARCH_1_14,
    trend: [null, null, null, null, 5, 7, 6, 9, null, 8, callLegs + 10 - i * 3, callLegs],
    // March at its 14th is in progress: each row's call legs projected by month end (every other one on the wide rule).
    projection: {
      callLegs: callLegs * 2 + i,
      low: callLegs * 2 - 5,
      high: callLegs * 2 + 20,
      basis: i % 2 ? 'weekdays' : 'monthSoFar',
      backtestMonths: i % 2 ? 12 : 0,
    },
  };
}

/**
 * How far a row's change lies from the other rows' (what "Against the others" sorts by), worked out here from the
 * rule's statement: the instances that stand out first (|0.6745 · (x − median) / MAD| > 3.5, 10 points or more from
 * the median), then by the score's size. For changes whose MAD is not 0.
 */
function peerDistance(all: readonly OverviewRow[], r: OverviewRow): number {
  const others = all.filter((o) => o !== r).map((o) => o.changePct!);
  const middle = (xs: number[]): number => {
    const s = [...xs].sort((a, b) => a - b);
    return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
  };
  const m = middle(others);
  const z = (0.6745 * (r.changePct! - m)) / middle(others.map((v) => Math.abs(v - m)));
  return (Math.abs(z) > 3.5 && Math.abs(r.changePct! - m) >= 10 ? 1000 : 0) + Math.abs(z);
}

const LEGS = [120, 80, 300, 45, 210, 95];
const ROWS = LEGS.map((n, i) => row(i + 1, n));

async function start(p: PanelPage, rows: OverviewRow[], loading: boolean): Promise<void> {
  await p.send({ type: 'overview', monthId: MONTH, rows, loading, cancelled: false } satisfies OverviewToWebview);
}

/** What the page asked of the host, without its reports of the rows on screen (they come whenever rows move). */
async function asked(p: PanelPage): Promise<Array<Record<string, unknown>>> {
  return (await p.posted()).filter((m) => m.type !== 'visibleRows');
}

async function ids(p: PanelPage): Promise<string[]> {
  return p.page.locator('tbody tr.overview-row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.instanceId ?? ''));
}

void describe('account overview page', () => {
  void it('rows arrive with a count; Cancel asks the host; done shows the total; totals sum the loaded rows', async () => {
    await withPanel('overview', async (p) => {
      await p.waitForPosted(1);
      await start(
        p,
        ROWS.map((r) => ({ instanceId: r.instanceId, status: 'pending' as const, trend: new Array<number | null>(12).fill(null) })),
        true,
      );
      assert.equal(await p.page.locator('.overview-progress').textContent(), '0 of 6');
      for (let i = 0; i < 3; i++) await p.send({ type: 'overviewRow', monthId: MONTH, index: i, row: ROWS[i]! });
      assert.equal(await p.page.locator('.overview-progress').textContent(), '3 of 6');
      await p.page.getByRole('button', { name: 'Cancel' }).click();
      assert.deepEqual((await asked(p)).at(-1), { type: 'cancel' });
      await p.send({ type: 'overviewDone', monthId: MONTH, cancelled: true });
      assert.equal(await p.page.locator('.overview-progress').textContent(), 'Cancelled: 3 of 6 loaded');
      assert.equal(await p.page.getByRole('button', { name: 'Cancel' }).isVisible(), false);
      const total = await p.page.locator('tfoot tr').textContent();
      assert.match(total ?? '', /Total \(3 instances\)/);
      assert.match(total ?? '', new RegExp(String(LEGS[0]! + LEGS[1]! + LEGS[2]!)));
      // The page says which days the changes compare: the same days of both months.
      assert.equal(spaced(await p.page.locator('.overview-compared').textContent()), `Change: call legs, ${COMPARED}.`);
      assert.equal(spaced(await p.page.locator('tbody tr.overview-row td.change').first().getAttribute('title')), `Call legs, ${COMPARED}`);
      assert.deepEqual(await p.violations(), []);
    });
  });

  void it('sorts by every column by click and by keyboard (aria-sort), filters by id, and keeps both in its state', async () => {
    await withPanel('overview', async (p) => {
      await p.waitForPosted(1);
      await start(p, ROWS, false);
      for (const key of OVERVIEW_SORT_KEYS) {
        const header = p.page.locator(`button.sort-button[data-sort-key="${key}"]`);
        await header.click();
        const th = p.page.locator('thead th').filter({ has: header });
        const first = await th.getAttribute('aria-sort');
        assert.ok(first === 'ascending' || first === 'descending', `${key}: ${first}`);
        await header.focus();
        await p.page.keyboard.press('Enter');
        assert.notEqual(await th.getAttribute('aria-sort'), first, `${key}: Enter reversed the order`);
      }
      await p.page.locator('button.sort-button[data-sort-key="callLegs"]').click(); // descending first for numbers
      assert.deepEqual(await ids(p), ['VI-DEMO-03', 'VI-DEMO-05', 'VI-DEMO-01', 'VI-DEMO-06', 'VI-DEMO-02', 'VI-DEMO-04']);
      await p.page.locator('#overview-filter').fill('DEMO-0');
      assert.equal((await ids(p)).length, 6);
      await p.page.locator('#overview-filter').fill('demo-05');
      assert.deepEqual(await ids(p), ['VI-DEMO-05']);
      assert.match((await p.page.locator('.overview-progress').textContent()) ?? '', /1 shown/);
      // The totals follow the filter, as Export writes them.
      const totals = (await p.page.locator('tfoot tr').textContent()) ?? '';
      assert.match(totals, /^Total \(1 instance shown\)/);
      assert.match(totals, new RegExp(String(LEGS[4])));
      const state = (await p.states()).at(-1) as { monthId: string; sortKey?: string; sortDir?: string; filter?: string };
      assert.deepEqual(state, { monthId: MONTH, sortKey: 'callLegs', sortDir: 'descending', filter: 'demo-05' });
      // Export takes what is shown: the filtered rows in their sorted order.
      await p.page.getByRole('button', { name: 'Export…' }).click();
      assert.deepEqual((await asked(p)).at(-1), { type: 'export', instanceIds: ['VI-DEMO-05'] });
      await p.page.locator('#overview-filter').fill('');
      await p.page.getByRole('button', { name: 'Export…' }).click();
      assert.deepEqual((await asked(p)).at(-1), {
        type: 'export',
        instanceIds: ['VI-DEMO-03', 'VI-DEMO-05', 'VI-DEMO-01', 'VI-DEMO-06', 'VI-DEMO-02', 'VI-DEMO-04'],
      });
    });
  });

  void it('each column sorts the rows by what it shows, both ways (not by call legs, nor one column for all)', async () => {
    // Every column an independent permutation of distinct values, so sorting by the wrong column gives another order.
    const perm = (values: number[], order: number[]): number[] => order.map((k) => values[k]!);
    const legs = [50, 10, 40, 20, 60, 30];
    const cols = {
      callLegsIn: perm([1, 2, 3, 4, 5, 6], [3, 5, 0, 4, 1, 2]),
      callLegsOut: perm([1, 2, 3, 4, 5, 6], [1, 4, 5, 0, 2, 3]),
      callsUnique: perm([7, 8, 9, 10, 11, 12], [5, 0, 3, 1, 4, 2]),
      durationMin: perm([100, 200, 300, 400, 500, 600], [2, 3, 1, 5, 0, 4]),
      activeDays: perm([10, 11, 12, 13, 14, 15], [4, 2, 0, 3, 5, 1]),
      change: perm([-30, -10, 0, 5, 12, 40], [0, 4, 2, 5, 3, 1]),
      trend: perm([3, 6, 9, 12, 15, 18], [1, 3, 5, 2, 0, 4]),
      projected: perm([70, 80, 90, 100, 110, 120], [2, 0, 5, 1, 3, 4]),
    };
    const rows: OverviewRow[] = legs.map((callLegs, i) => ({
      instanceId: `VI-SORT-${'FCEADB'[i]!}`,
      status: 'ok',
      figures: {
        callLegs,
        callLegsIn: cols.callLegsIn[i]!,
        callLegsOut: cols.callLegsOut[i]!,
        callsUnique: cols.callsUnique[i]!,
        durationMin: cols.durationMin[i]!,
        activeDays: cols.activeDays[i]!,
      },
      previousCallLegs: 100,
      changePct: cols.change[i]!,
      // The sparkline's value is its months' mean; one gap that must not count as zero.
      trend: [...new Array<number>(10).fill(cols.trend[i]!), null, cols.trend[i]!],
      projection: {
        callLegs: cols.projected[i]!,
        low: cols.projected[i]! - 5,
        high: cols.projected[i]! + 9,
        basis: 'weekdays',
        backtestMonths: 12,
      },
    }));
    const shown: Record<(typeof OVERVIEW_SORT_KEYS)[number], (r: OverviewRow) => number | string> = {
      instance: (r) => r.instanceId,
      callLegs: (r) => r.figures!.callLegs,
      callLegsIn: (r) => r.figures!.callLegsIn,
      callLegsOut: (r) => r.figures!.callLegsOut,
      callsUnique: (r) => r.figures!.callsUnique,
      durationMin: (r) => r.figures!.durationMin,
      activeDays: (r) => r.figures!.activeDays,
      change: (r) => r.changePct!,
      projected: (r) => r.projection!.callLegs,
      trend: (r) => r.trend.at(-1)!,
      peers: (r) => peerDistance(rows, r),
    };
    const expected = (key: (typeof OVERVIEW_SORT_KEYS)[number], dir: string | null): string[] => {
      const sorted = [...rows].sort((a, b) => {
        const x = shown[key](a);
        const y = shown[key](b);
        return x < y ? -1 : x > y ? 1 : 0;
      });
      return (dir === 'descending' ? sorted.reverse() : sorted).map((r) => r.instanceId);
    };
    await withPanel('overview', async (p) => {
      await p.waitForPosted(1);
      await start(p, rows, false);
      for (const key of OVERVIEW_SORT_KEYS) {
        const header = p.page.locator(`button.sort-button[data-sort-key="${key}"]`);
        const th = p.page.locator('thead th').filter({ has: header });
        for (let click = 0; click < 2; click++) {
          await header.click();
          const dir = await th.getAttribute('aria-sort');
          assert.deepEqual(await ids(p), expected(key, dir), `${key} ${dir}`);
        }
      }
    });
  });

  void it('a restored page starts with its sort and filter', async () => {
    await withPanel('overview', { state: { monthId: MONTH, sortKey: 'instance', sortDir: 'descending', filter: 'DEMO-0' } }, async (p) => {
      await p.waitForPosted(1);
      await start(p, ROWS, false);
      assert.deepEqual(await ids(p), ['VI-DEMO-06', 'VI-DEMO-05', 'VI-DEMO-04', 'VI-DEMO-03', 'VI-DEMO-02', 'VI-DEMO-01']);
      assert.equal(await p.page.locator('#overview-filter').inputValue(), 'DEMO-0');
    });
  });

  void it('a loaded row opens its month (click, Enter); a failed row says why and retries (click, Enter, its button)', async () => {
    await withPanel('overview', async (p) => {
      await p.waitForPosted(1);
      const rows = [ROWS[0]!, row(2, 0, 'failed'), ROWS[2]!];
      await start(p, rows, false);
      await p.page.locator('tr[data-instance-id="VI-DEMO-01"] td.num').first().click();
      assert.deepEqual((await asked(p)).at(-1), { type: 'openInstance', instanceId: 'VI-DEMO-01' });
      const failed = p.page.locator('tr[data-instance-id="VI-DEMO-02"]');
      assert.match((await failed.textContent()) ?? '', /instance suspended/);
      await failed.locator('.badge').click();
      assert.deepEqual((await asked(p)).at(-1), { type: 'retryRow', instanceId: 'VI-DEMO-02' });
      await failed.getByRole('button', { name: 'Retry VI-DEMO-02' }).click();
      assert.deepEqual((await asked(p)).slice(-1), [{ type: 'retryRow', instanceId: 'VI-DEMO-02' }]);
      // Keyboard: the table has one tab stop; arrows move; Enter acts on the row.
      await p.page.locator('tr[data-instance-id="VI-DEMO-01"]').focus();
      await p.page.keyboard.press('ArrowDown');
      await p.page.keyboard.press('Enter');
      assert.deepEqual((await asked(p)).at(-1), { type: 'retryRow', instanceId: 'VI-DEMO-02' });
      await p.page.keyboard.press('ArrowDown');
      await p.page.keyboard.press('Enter');
      assert.deepEqual((await asked(p)).at(-1), { type: 'openInstance', instanceId: 'VI-DEMO-03' });
      // The retried row goes pending, then arrives; the focus stays on it.
      await p.page.locator('tr[data-instance-id="VI-DEMO-02"]').focus();
      await p.send({ type: 'overviewRow', monthId: MONTH, index: 1, row: row(2, 0, 'pending') });
      await p.send({ type: 'overviewRow', monthId: MONTH, index: 1, row: row(2, 77) });
      assert.equal(await p.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.instanceId), 'VI-DEMO-02');
      assert.deepEqual(await p.violations(), []);
    });
  });

  for (const theme of ['dark', 'light', 'hc'] as ThemeName[]) {
    void it(`axe in the ${theme} theme: loading rows, a failed row, sorted and filtered, focused row, error`, async (t) => {
      await withPanel('overview', { theme }, async (p) => {
        await p.waitForPosted(1);
        const findings: Finding[] = [];
        const pending = ROWS.map((r) => ({ instanceId: r.instanceId, status: 'pending' as const, trend: new Array(12).fill(null) }));
        await start(p, pending, true);
        await p.send({ type: 'overviewRow', monthId: MONTH, index: 0, row: ROWS[0]! });
        await p.send({ type: 'overviewRow', monthId: MONTH, index: 1, row: row(2, 0, 'failed') });
        findings.push(...(await audit(p.page, 'loading with a failed row')).findings);
        // With an instance that stands out: its mark and the note are audited too.
        await start(p, [ROWS[0]!, row(2, 0, 'failed'), ...ROWS.slice(2), { ...row(7, 500), changePct: 240 }], false);
        assert.equal(await p.page.locator('td.peers-col .peer-mark').count(), 1);
        await p.page.locator('button.sort-button[data-sort-key="change"]').click();
        await p.page.locator('#overview-filter').fill('DEMO');
        await p.page.locator('tr[data-instance-id="VI-DEMO-03"]').focus();
        await p.page.keyboard.press('ArrowDown');
        findings.push(...(await audit(p.page, 'sorted, filtered, a focused row')).findings);
        await p.send({ type: 'error', monthId: MONTH, error: { message: 'You are not signed in.', kind: 'auth' } });
        findings.push(...(await audit(p.page, 'error')).findings);
        const failing = findings.filter((f) => FAILING_IMPACTS.has(f.impact));
        const listed = findings.filter((f) => !FAILING_IMPACTS.has(f.impact));
        if (listed.length > 0) t.diagnostic(`moderate/minor findings:\n${describeFindings(listed)}`);
        assert.equal(failing.length, 0, describeFindings(failing));
        assert.deepEqual(await p.violations(), []);
      });
    });
  }
});
