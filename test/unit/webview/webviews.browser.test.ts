// The three webview bundles in headless Chromium, on a page built by the host's own HTML function
// (same CSP, nonce), with a recording acquireVsCodeApi shim standing in for the editor.
// One browser for the whole file (Chromium is heavy); each test gets a fresh page.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { ActivitiesToWebview } from '../../../src/panels/activities/protocol.js';
import type { JsonValue } from '../../../src/shared/protocol.js';
import type { MonthViewToWebview } from '../../../src/panels/monthView/protocol.js';
import type { TrendToWebview } from '../../../src/panels/trend/protocol.js';
import { REPO } from './support/build.js';
import {
  ACTIVITIES_RESULT,
  ACTIVITIES_XML,
  februaryComparison,
  februaryView,
  marchView,
  MALICIOUS,
  meta,
  trendMonths,
} from './support/fixtures.js';
import type { PanelPage } from './support/harness.js';
import { panelHarness } from './support/panels.js';

const SHOTS = join(REPO, 'test-results', 'webview');
const INSTANCE = 'VI-DEMO-01';

before(() => {
  mkdirSync(SHOTS, { recursive: true });
});
const withPanel = panelHarness();

async function assertNoViolations(p: PanelPage): Promise<void> {
  assert.deepEqual(await p.violations(), [], 'no CSP violations, console errors or page errors');
  assert.equal(await p.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined, 'no injected script ran');
}

/** Plays the host's side of a successful load of March (and the February comparison). */
async function showMarch(p: PanelPage, withComparison = true): Promise<void> {
  await p.waitForPosted(1);
  await p.send({ type: 'loading', instanceId: INSTANCE, monthId: '202503' } satisfies MonthViewToWebview);
  await p.send({
    type: 'monthData',
    instanceId: INSTANCE,
    monthId: '202503',
    view: marchView(),
    meta: meta(),
  } satisfies MonthViewToWebview);
  if (withComparison) {
    await p.send({
      type: 'comparison',
      instanceId: INSTANCE,
      monthId: '202503',
      ...februaryComparison(),
    } satisfies MonthViewToWebview);
  }
}

/** What the host posts for March once it has it (and the February comparison): what a page can carry. */
function marchWithComparison(): MonthViewToWebview[] {
  return [
    { type: 'monthData', instanceId: INSTANCE, monthId: '202503', view: marchView(), meta: meta() },
    { type: 'comparison', instanceId: INSTANCE, monthId: '202503', ...februaryComparison() },
  ];
}

function cellTexts(p: PanelPage, dateId: string): Promise<string[]> {
  return p.page.locator(`tr[data-date-id="${dateId}"] > *`).allTextContents();
}

void describe('month view webview', () => {
  void it('posts ready first and nothing else before the host answers', async () => {
    await withPanel('monthView', async (p) => {
      const posted = await p.waitForPosted(1);
      await p.page.waitForTimeout(150);
      assert.deepEqual(await p.posted(), [{ type: 'ready', fresh: true }]);
      assert.deepEqual(posted[0], { type: 'ready', fresh: true });
      // Said by the page's boot script (html.ts), whose API and kept messages the bundle took over.
      assert.equal(await p.page.evaluate(() => typeof (window as unknown as Record<string, unknown>).voiceSmsBoot), 'object');
      await assertNoViolations(p);
    });
  });

  void it('shows what the host sent before its bundle had loaded (the boot script kept it)', async () => {
    await withPanel('monthView', { holdBundles: true }, async (p) => {
      assert.deepEqual(await p.waitForPosted(1), [{ type: 'ready', fresh: true }], 'the boot script said ready before the bundles arrived');
      assert.equal(await p.page.locator('header.toolbar').count(), 0, 'said before the bundle had run');
      await showMarch(p);
      p.releaseBundles();
      await p.page.locator('table.days tbody tr').nth(30).waitFor({ state: 'attached', timeout: 10_000 });
      assert.equal(
        await p.page.locator('.card[data-metric="callLegs"] .card-delta').getAttribute('class'),
        'card-delta up',
        'the comparison kept too',
      );
      assert.deepEqual(await p.posted(), [{ type: 'ready', fresh: true }], 'ready said once');
      await assertNoViolations(p);
    });
  });

  void it('paints the month its page carries before any message, and says so in ready (the host then posts only what follows)', async () => {
    const march = marchWithComparison();
    await withPanel('monthView', { firstMessages: march }, async (p) => {
      assert.deepEqual(await p.waitForPosted(1), [{ type: 'ready', fresh: true }], 'ready is still said first, fresh');
      await p.page.locator('table.days tbody tr').nth(30).waitFor({ state: 'attached', timeout: 10_000 });
      assert.equal(await p.page.locator('h1.title').textContent(), 'March 2025');
      assert.equal(await p.page.locator('.card[data-metric="callLegs"] .card-delta').getAttribute('class'), 'card-delta up');
      await p.page.waitForFunction(() => performance.getEntriesByName('voiceSms.painted').length === 1, undefined, { timeout: 10_000 });
      assert.match((await p.page.locator('footer').textContent()) ?? '', /<img src=x onerror=/, 'service text shown as text');
      // What the host posts next is drawn (the gate holds back its copy of the carried month: readyGate.ts).
      await p.send({ type: 'loading', instanceId: INSTANCE, monthId: '202504' } satisfies MonthViewToWebview);
      assert.equal(await p.page.locator('h1.title').textContent(), 'April 2025');
      await p.send(march[0]);
      assert.equal(await p.page.locator('h1.title').textContent(), 'March 2025');
      assert.equal(await p.page.locator('table.days tbody tr').count(), 31);
      await assertNoViolations(p);
    });
  });

  void it("draws its chart once when it opens, and again only when the panel's size changes", async () => {
    const march = marchWithComparison();
    // Counts how often the chart's canvas is sized (uPlot sizes it, which clears it, before every full redraw).
    const initScript = `(() => {
      const d = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'width');
      window.__chartSized = 0;
      Object.defineProperty(HTMLCanvasElement.prototype, 'width', {
        configurable: true,
        get() { return d.get.call(this); },
        set(v) { if (this.closest('.chart-box, .uplot')) window.__chartSized++; d.set.call(this, v); },
      });
    })();`;
    const sized = (p: PanelPage): Promise<number> => p.page.evaluate(() => (window as unknown as { __chartSized: number }).__chartSized);
    const frames = (p: PanelPage): Promise<unknown> =>
      p.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
    await withPanel('monthView', { firstMessages: march, initScript, width: 1100 }, async (p) => {
      await p.page.waitForFunction(() => performance.getEntriesByName('voiceSms.painted').length === 1, undefined, { timeout: 10_000 });
      await frames(p);
      const canvas = p.page.locator('canvas[role="img"]');
      const width = Number(await canvas.getAttribute('width'));
      assert.ok(width > 0, 'the chart is drawn');
      assert.equal(await sized(p), 1, 'sized (and drawn) once, not again when the resize observer first reports the same size');
      await p.page.setViewportSize({ width: 700, height: 900 });
      await p.page.waitForFunction((w) => Number(document.querySelector('canvas[role="img"]')?.getAttribute('width')) < w, width, {
        timeout: 5_000,
      });
      assert.equal(await sized(p), 2, 'a narrower panel redraws the chart at its new size');
      await assertNoViolations(p);
    });
  });

  void it('waits for the host instead of what it carries once it has shown something (hidden and shown again, or restored)', async () => {
    const march: MonthViewToWebview = { type: 'monthData', instanceId: INSTANCE, monthId: '202503', view: marchView(), meta: meta() };
    await withPanel('monthView', { state: { instanceId: INSTANCE, monthId: '202501' }, firstMessages: [march] }, async (p) => {
      assert.deepEqual(await p.waitForPosted(1), [{ type: 'ready' }]);
      assert.equal(await p.page.locator('h1.title').textContent(), 'January 2025', 'the saved month, not the carried one');
      assert.equal(await p.page.locator('table.days').count(), 0);
      await p.send(march);
      assert.equal(await p.page.locator('table.days tbody tr').count(), 31, "the host's message is shown, not skipped");
      await assertNoViolations(p);
    });
  });

  void it('shows every day with its numbers, totals, future rows, warnings and service details as text', async () => {
    await withPanel('monthView', async (p) => {
      await showMarch(p);
      const page = p.page;
      assert.equal(await page.locator('h1.title').textContent(), 'March 2025');
      assert.equal(await page.locator('table.days tbody tr').count(), 31, 'one row per calendar day');
      assert.equal(await page.locator('table.days thead th[scope="col"]').count(), 7);

      // Day label, inbound, outbound, legs, unique, minutes, notes
      assert.deepEqual(await cellTexts(p, '20250301'), ['Sat 1', '20', '18', '38', '25', '96', '']);
      assert.deepEqual(await cellTexts(p, '20250302'), ['Sun 2', '0', '0', '0', '0', '0', ''], 'zero traffic shows zeros, not "future"');
      assert.deepEqual(await cellTexts(p, '20250305'), ['Wed 5', '18', '20', '40', '26', '101', 'legs ≠ in + out']);
      assert.deepEqual(await cellTexts(p, '20250309'), ['Sun 9', '—', '—', '—', '—', '—', 'missing']);
      // Unusual for a Tuesday once February's Tuesdays are known (the comparison), with why in the badge's tooltip.
      assert.deepEqual(await cellTexts(p, '20250311'), ['Tue 11', '210', '190', '400', '260', '1,450', 'unusually high']);
      assert.equal(
        await p.page.locator('tr[data-date-id="20250311"] .badge-unusual').getAttribute('title'),
        '2025-03-11: Tuesday: 400 call legs; Tuesdays usually 32–50 (median 41, 5 Tuesdays before)',
      );
      assert.equal(await p.page.locator('.badge-unusual').count(), 1, 'no other day is unusual for its weekday');
      assert.deepEqual(await cellTexts(p, '20250314'), ['Fri 14', '12', '9', '21', '14', '47', '']);
      assert.deepEqual(await cellTexts(p, '20250315'), ['Sat 15', '—', '—', '—', '—', '—', 'future']);

      const future = page.locator('table.days tbody tr.is-future');
      assert.equal(await future.count(), 17, 'the 15th to the 31st are future');
      assert.equal(await page.locator('table.days tbody tr.is-future .badge-future').count(), 17);
      assert.equal(
        await page
          .locator('tr[data-date-id="20250302"]')
          .getAttribute('class')
          .then((c) => c?.includes('is-future')),
        false,
      );

      const t = marchView().totals;
      assert.deepEqual(await page.locator('table.days tfoot tr > *').allTextContents(), [
        'Total · 13 days',
        String(t.callLegsIn),
        String(t.callLegsOut),
        String(t.callLegs),
        String(t.callsUnique),
        t.durationMin.toLocaleString('en-US'),
        '',
      ]);
      assert.equal(await page.locator('.card[data-metric="callLegs"] .card-value').textContent(), t.callLegs.toLocaleString('en-US'));

      const warnings = await page.locator('.warnings li > span').allTextContents();
      assert.deepEqual(warnings, [
        '2025-03-05: call legs 40 ≠ inbound 18 + outbound 20.',
        '2025-03-09: the service sent no entry for this day.',
        '2025-03-11: Tuesday: 400 call legs; Tuesdays usually 32–50 (median 41, 5 Tuesdays before)',
        'Ignored a second entry for 2025-03-12.',
      ]);

      assert.equal(await page.locator('.service-provider').textContent(), MALICIOUS, 'the provider string is shown verbatim, as text');
      assert.equal(await page.locator('.service-id').textContent(), '007');
      assert.equal(await page.locator('.service-version').textContent(), '2.10');
      assert.equal(await page.locator('.response-time').textContent(), '142 ms');
      assert.equal(await page.locator('.server-time').textContent(), '2025-03-14 10:22:01:123 +0000');
      assert.equal(await page.locator('img, b').count(), 0, 'no element was created from service data');
      assert.match((await page.locator('.subtitle').textContent()) ?? '', /VI-DEMO-01 · month to date, 14 of 31 days/);
      await assertNoViolations(p);
    });
  });

  void it('shows the comparison with the same days of the previous month as signed deltas and percentages', async () => {
    await withPanel('monthView', async (p) => {
      await showMarch(p);
      const now = marchView().totals;
      // March is at its 14th: February's first 14 days, counted here from the fixture's days.
      const feb = februaryView().days.slice(0, 14);
      const prev = { callLegs: feb.reduce((n, d) => n + d.callLegs, 0), durationMin: feb.reduce((n, d) => n + d.durationMin, 0) };
      assert.ok(now.callLegs > prev.callLegs && now.durationMin > prev.durationMin, 'fixture: legs and minutes rose');
      const pct = (a: number, b: number): string =>
        Math.abs(((a - b) / b) * 100)
          .toFixed(1)
          .replace(/\.0$/, '');
      // The range as the page's language writes it (en: "Feb 1 – 14"); spaces compared as spaces (Node's and
      // Chromium's ICU put different ones round the dash).
      const spaced = (t: string | null): string | undefined => t?.replace(/\s/gu, ' ');
      const feb1to14 = 'Feb 1 – 14';
      assert.equal(
        spaced(await p.page.locator('.card[data-metric="callLegs"] .card-delta').textContent()),
        `▲ +${(now.callLegs - prev.callLegs).toLocaleString('en')} (+${pct(now.callLegs, prev.callLegs)}%) vs ${feb1to14}`,
      );
      assert.equal(
        spaced(await p.page.locator('.card[data-metric="durationMin"] .card-delta').textContent()),
        `▲ +${(now.durationMin - prev.durationMin).toLocaleString('en')} (+${pct(now.durationMin, prev.durationMin)}%) vs ${feb1to14}`,
      );
      assert.equal(spaced(await p.page.locator('.cards-note').textContent()), 'Changes compare Mar 1 – 14 with Feb 1 – 14.');
      await assertNoViolations(p);
    });
  });

  void it('shows the projection as a row of totals with ranges and its basis, and the days to come as a projected series', async () => {
    await withPanel('monthView', async (p) => {
      await showMarch(p);
      const range = (projected: number) => ({ projected, low: projected - 50, high: projected + 70 });
      const days = Array.from({ length: 17 }, (_, i) => ({ dateId: `202503${String(15 + i)}`, callLegs: 100 + i }));
      await p.send({
        type: 'projection',
        instanceId: INSTANCE,
        monthId: '202503',
        projection: {
          totals: {
            callLegs: range(4321),
            callLegsIn: range(2000),
            callLegsOut: range(2321),
            callsUnique: range(3000),
            durationMin: range(9000),
          },
          days,
          basisText: 'remaining days from the median of each weekday',
        },
      } satisfies MonthViewToWebview);
      const section = p.page.locator('section.projection');
      await section.waitFor();
      assert.equal(await section.locator('h2').textContent(), 'Projected by month end');
      assert.equal((await section.locator('td[data-metric="callLegs"]').textContent())?.replace(/\s/gu, ' '), '4,321range 4,271–4,391');
      assert.equal(await section.locator('caption').textContent(), 'Projected month-end totals with their range: a projection, not data.');
      assert.equal(await section.locator('.projection-basis').textContent(), 'Basis: remaining days from the median of each weekday.');
      // The chart says it shows a projection (its canvas is what a screen reader names), and its legend has the key.
      await p.page.waitForFunction(() =>
        /projected call legs as dashed outlines/.test(document.querySelector('canvas')?.getAttribute('aria-label') ?? ''),
      );
      assert.ok((await p.page.locator('.chart-legend').textContent())?.includes('Projected call legs'));
      await assertNoViolations(p);
    });
  });

  void it('compares a finished month with the whole month before', async () => {
    await withPanel('monthView', async (p) => {
      const feb = februaryView();
      await p.send({ type: 'monthData', instanceId: INSTANCE, monthId: '202502', view: feb, meta: meta() });
      await p.send({
        type: 'comparison',
        instanceId: INSTANCE,
        monthId: '202502',
        previousMonthId: '202501',
        totals: { ...feb.totals, callLegs: feb.totals.callLegs * 2 },
        compared: { monthId: '202502', previousMonthId: '202501', lastDay: 28, previousLastDay: 31, wholeMonths: true },
        previousDays: [],
      });
      assert.equal(
        await p.page.locator('.card[data-metric="callLegs"] .card-delta').textContent(),
        `▼ −${feb.totals.callLegs.toLocaleString('en')} (−50%) vs Jan`,
      );
      assert.equal(await p.page.locator('.cards-note').textContent(), 'Changes compare with January 2025.');
    });
  });

  void it('navigates with previous/next, saving the month in the webview state', async () => {
    await withPanel('monthView', async (p) => {
      await showMarch(p, false);
      const page = p.page;
      assert.equal(await page.getByRole('button', { name: 'Next month' }).getAttribute('disabled'), '', 'no month after the current one');
      await page.getByRole('button', { name: 'Previous month' }).click();
      let posted = await p.waitForPosted(2);
      assert.deepEqual(posted[1], { type: 'navigate', monthId: '202502' });
      assert.deepEqual((await p.states()).at(-1), { instanceId: INSTANCE, monthId: '202502' });
      assert.equal(await page.locator('h1.title').textContent(), 'February 2025');

      await p.send({ type: 'loading', instanceId: INSTANCE, monthId: '202502' });
      await p.send({ type: 'monthData', instanceId: INSTANCE, monthId: '202502', view: februaryView(), meta: meta() });
      assert.equal(await page.locator('table.days tbody tr').count(), 28);
      await page.getByRole('button', { name: 'Next month' }).click();
      posted = await p.waitForPosted(3);
      assert.deepEqual(posted[2], { type: 'navigate', monthId: '202503' });
      assert.deepEqual((await p.states()).at(-1), { instanceId: INSTANCE, monthId: '202503' });
      await assertNoViolations(p);
    });
  });

  void it('opens a day from a row click, from the keyboard and from the chart', async () => {
    await withPanel('monthView', async (p) => {
      await showMarch(p, false);
      const page = p.page;
      await page.locator('tr[data-date-id="20250303"]').click();
      assert.deepEqual((await p.waitForPosted(2))[1], { type: 'openDay', dateId: '20250303' });

      await page.locator('tr[data-date-id="20250310"]').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      assert.deepEqual((await p.waitForPosted(3))[2], { type: 'openDay', dateId: '20250311' });
      assert.equal(await page.locator('table.days tbody tr[tabindex="0"]').count(), 1, 'one tab stop for the whole table');

      await page.locator('.chart-box canvas').scrollIntoViewIfNeeded();
      const box = await page.locator('.chart-box canvas').boundingBox();
      assert.ok(box);
      // Hovering a column shows that day's title and values in the hover card, hidden from screen readers.
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
      const tip = page.locator('.chart-tip');
      await tip.waitFor({ state: 'visible' });
      assert.equal(await tip.getAttribute('aria-hidden'), 'true');
      const card = (await tip.textContent()) ?? '';
      assert.match(card, /March \d+, 2025.*Inbound legs: (\d+|—).*Outbound legs: (\d+|—).*Unique calls: (\d+|—).*Minutes: (\d+|—)/);
      const hoveredDay = Number(/March (\d+),/.exec(card)?.[1]);
      assert.deepEqual(await page.locator('.chart-legend li').allTextContents(), [
        'Inbound legs',
        'Outbound legs',
        'Unique calls',
        'Minutes',
      ]);
      await page.mouse.move(box.x - 20, box.y - 20);
      await tip.waitFor({ state: 'hidden' });
      await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
      const posted = await p.waitForPosted(4);
      // The click opens the day the hover card named.
      assert.deepEqual(posted[3], { type: 'openDay', dateId: `202503${String(hoveredDay).padStart(2, '0')}` });
      await assertNoViolations(p);
    });
  });

  void it('shows errors with a Retry button and posts the Export / Copy as cURL / Copy as Code commands', async () => {
    await withPanel('monthView', async (p) => {
      await p.waitForPosted(1);
      await p.send({
        type: 'error',
        instanceId: INSTANCE,
        monthId: '202503',
        error: { kind: 'network', message: `Could not connect to <b>127.0.0.1</b>: refused` },
      });
      const page = p.page;
      assert.equal(await page.locator('.state-error .error-message').textContent(), 'Could not connect to <b>127.0.0.1</b>: refused');
      assert.equal(await page.locator('.state-error .error-kind').textContent(), 'Network problem');
      await page.getByRole('button', { name: 'Retry' }).click();
      assert.deepEqual((await p.waitForPosted(2))[1], { type: 'retry' });
      assert.equal(await page.locator('.state-loading').count(), 1, 'retry shows the loading state');

      await page.getByRole('button', { name: 'Export…' }).click();
      await page.getByRole('button', { name: 'Copy as cURL' }).click();
      await page.getByRole('button', { name: 'Copy as Code…' }).click();
      await page.getByRole('button', { name: 'Show raw answer' }).click();
      const posted = await p.waitForPosted(6);
      assert.deepEqual(posted.slice(2), [
        { type: 'command', command: 'exportMonth' },
        { type: 'command', command: 'copyAsCurl' },
        { type: 'command', command: 'copyAsCode' },
        { type: 'command', command: 'showRawAnswer' },
      ]);
      await assertNoViolations(p);
    });
  });

  void it('restores the saved month after a reload, before the host answers', async () => {
    await withPanel('monthView', { state: { instanceId: INSTANCE, monthId: '202501' } }, async (p) => {
      assert.deepEqual(await p.waitForPosted(1), [{ type: 'ready' }]);
      assert.equal(await p.page.locator('h1.title').textContent(), 'January 2025');
      assert.match((await p.page.locator('.subtitle').textContent()) ?? '', /VI-DEMO-01/);
      await assertNoViolations(p);
    });
  });

  for (const theme of ['dark', 'light', 'hc'] as const) {
    void it(`renders legibly in the ${theme} theme (screenshot)`, async () => {
      await withPanel('monthView', { theme, height: 1000 }, async (p) => {
        await showMarch(p);
        await p.page.locator('.chart-box canvas').waitFor();
        await p.page.waitForTimeout(100);
        await p.page.screenshot({ path: join(SHOTS, `month-view-${theme}.png`), fullPage: true });
        // The theme's colours reach the page (not the stylesheet's fallbacks).
        const bg = await p.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        assert.equal(bg, { dark: 'rgb(31, 31, 31)', light: 'rgb(255, 255, 255)', hc: 'rgb(0, 0, 0)' }[theme]);
        await assertNoViolations(p);
      });
    });
  }
});

void describe('trend webview', () => {
  void it('shows twelve months, keeps a failed month visible, and opens a month from a row, the keyboard or the chart', async () => {
    await withPanel('trend', async (p) => {
      assert.deepEqual(await p.waitForPosted(1), [{ type: 'ready', fresh: true }]);
      await p.send({ type: 'loading', instanceId: INSTANCE, monthId: '202503' } satisfies TrendToWebview);
      await p.send({
        type: 'trendData',
        instanceId: INSTANCE,
        monthId: '202503',
        months: trendMonths(),
        meta: meta(),
      } satisfies TrendToWebview);
      const page = p.page;
      assert.deepEqual(await p.states().then((s) => s.at(-1)), { instanceId: INSTANCE, monthId: '202503' });
      const rows = page.locator('tbody tr.month-row');
      assert.equal(await rows.count(), 12);
      assert.deepEqual(await rows.locator('th').allTextContents(), [
        'April 2024',
        'May 2024',
        'June 2024',
        'July 2024',
        'August 2024',
        'September 2024',
        'October 2024',
        'November 2024',
        'December 2024',
        'January 2025',
        'February 2025',
        'March 2025',
      ]);
      assert.deepEqual(await page.locator('tr[data-month-id="202503"] > *').allTextContents(), [
        'March 2025',
        '740',
        '525',
        '1,265',
        '730',
        '3,120',
        '30',
        '',
      ]);
      const failed = page.locator('tr[data-month-id="202410"]');
      assert.match((await failed.getAttribute('class')) ?? '', /is-failed/);
      assert.equal(
        await failed.locator('.error-cell').textContent(),
        'failed The service did not answer within 30 s (headers). <i>Try again</i>',
      );
      assert.equal(await page.locator('i').count(), 0);
      assert.match((await page.locator('.subtitle').textContent()) ?? '', /April 2024 – March 2025/);

      await page.locator('tr[data-month-id="202412"]').click();
      assert.deepEqual((await p.waitForPosted(2))[1], { type: 'openMonth', monthId: '202412' });
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      assert.deepEqual((await p.waitForPosted(3))[2], { type: 'openMonth', monthId: '202411' });

      const canvas = page.locator('.chart-box canvas');
      await canvas.scrollIntoViewIfNeeded();
      const box = await canvas.boundingBox();
      assert.ok(box);
      await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.7);
      const posted = await p.waitForPosted(4);
      assert.equal(posted[3]?.type, 'openMonth');
      assert.ok(trendMonths().some((m) => m.monthId === posted[3]?.monthId));

      await page.screenshot({ path: join(SHOTS, 'trend-dark.png'), fullPage: true });
      await assertNoViolations(p);
    });
  });

  void it('shows an error with Retry when no month could be loaded', async () => {
    await withPanel('trend', async (p) => {
      await p.waitForPosted(1);
      await p.send({
        type: 'error',
        instanceId: INSTANCE,
        monthId: '202503',
        error: { kind: 'auth', message: 'Check the access key id and secret of profile "Demo".' },
      } satisfies TrendToWebview);
      assert.equal(await p.page.locator('.error-message').textContent(), 'Check the access key id and secret of profile "Demo".');
      await p.page.getByRole('button', { name: 'Retry' }).click();
      assert.deepEqual((await p.waitForPosted(2))[1], { type: 'retry' });
      await assertNoViolations(p);
    });
  });
});

void describe('activities webview', () => {
  void it('renders an unknown payload faithfully: like records as a table, the rest as a tree, all as text', async () => {
    await withPanel('activities', async (p) => {
      assert.deepEqual(await p.waitForPosted(1), [{ type: 'ready', fresh: true }]);
      await p.send({
        type: 'activitiesData',
        instanceId: INSTANCE,
        dateId: '20250311',
        result: ACTIVITIES_RESULT,
        rawXml: ACTIVITIES_XML,
        meta: meta(),
      } satisfies ActivitiesToWebview);
      const page = p.page;
      assert.deepEqual(await p.states().then((s) => s.at(-1)), { instanceId: INSTANCE, dateId: '20250311', showRaw: false });
      assert.deepEqual(await page.locator('.result-panel > .tree > li > details > summary .key').allTextContents(), [
        'activities',
        'summary',
      ]);
      const table = page.locator('table.records');
      assert.equal(await table.count(), 1);
      assert.deepEqual(await table.locator('thead th').allTextContents(), ['#', 'time', 'direction', 'from', 'durationSec']);
      assert.deepEqual(await table.locator('tbody tr').nth(1).locator('td').allTextContents(), [
        '2',
        '09:15:40',
        'out',
        '<script>window.__pwned=1</script>',
        '0',
      ]);
      assert.equal(await page.locator('.result-panel script').count(), 0);
      // Scalars of the tree, including an empty one, as sent.
      const summary = page.locator('.result-panel > .tree > li').filter({ has: page.locator('summary .key', { hasText: 'summary' }) });
      assert.deepEqual(await summary.locator('li').allTextContents(), ['count3', 'regioneu-1', 'flags(empty)']);
      assert.match((await page.locator('.subtitle').textContent()) ?? '', /VI-DEMO-01 · Tuesday, March 11, 2025/);

      assert.equal(await page.locator('pre.raw-xml').count(), 0, 'raw XML hidden until asked for');
      await page.getByRole('button', { name: 'Show raw XML' }).click();
      assert.equal(await page.locator('pre.raw-xml').textContent(), ACTIVITIES_XML);
      assert.equal(await page.getByRole('button', { name: 'Hide raw XML' }).getAttribute('aria-pressed'), 'true');
      assert.deepEqual(await p.states().then((s) => s.at(-1)), { instanceId: INSTANCE, dateId: '20250311', showRaw: true });
      await page.screenshot({ path: join(SHOTS, 'activities-dark.png'), fullPage: true });

      await page.getByRole('button', { name: 'Copy as cURL' }).click();
      assert.deepEqual((await p.waitForPosted(2))[1], { type: 'command', command: 'copyAsCurl' });
      await page.getByRole('button', { name: 'Copy as Code…' }).click();
      assert.deepEqual((await p.waitForPosted(3))[2], { type: 'command', command: 'copyAsCode' });
      await assertNoViolations(p);
    });
  });

  void it('shows a top-level list of like records as a table, an empty result as a note, and keeps the raw toggle after reload', async () => {
    await withPanel(
      'activities',
      {
        theme: 'light',
        state: { instanceId: INSTANCE, dateId: '20250311', showRaw: true },
      },
      async (p) => {
        await p.waitForPosted(1);
        const list: JsonValue = [
          { id: 'a1', kind: 'call' },
          { kind: 'sms', id: 'a2' },
        ];
        await p.send({
          type: 'activitiesData',
          instanceId: INSTANCE,
          dateId: '20250311',
          result: list,
          rawXml: '<result/>',
          meta: meta(),
        } satisfies ActivitiesToWebview);
        const page = p.page;
        assert.deepEqual(await page.locator('.result-panel > .records-wrap table thead th').allTextContents(), ['#', 'id', 'kind']);
        assert.deepEqual(await page.locator('.result-panel tbody tr').nth(1).locator('td').allTextContents(), ['2', 'a2', 'sms']);
        assert.equal(await page.locator('pre.raw-xml').textContent(), '<result/>', 'raw XML shown as restored');
        await page.screenshot({ path: join(SHOTS, 'activities-light.png'), fullPage: true });

        await p.send({
          type: 'activitiesData',
          instanceId: INSTANCE,
          dateId: '20250311',
          result: '',
          rawXml: '<result/>',
          meta: meta(),
        } satisfies ActivitiesToWebview);
        assert.equal(await page.locator('.empty-note').textContent(), 'The service returned no activities for this day.');
        await assertNoViolations(p);
      },
    );
  });
});
