// Live updates in the real page bundles in Chromium (issue 40): a newer load of the month on show (`monthUpdate`)
// changes the month view in place — the same elements, scroll position and focus, the chart's canvas kept — marks the
// changed figures for a moment (a fade, or under reduced motion a still tint) and says what changed in a polite live
// region. Expectations come from the fixtures' numbers, not from the page's code.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ActivitiesToWebview } from '../../../src/panels/activities/protocol.js';
import type { DayStatsData, JsonValue, MonthViewData } from '../../../src/shared/protocol.js';
import type { MonthViewToWebview } from '../../../src/panels/monthView/protocol.js';
import { ACTIVITIES_RESULT, ACTIVITIES_XML, day, februaryComparison, februaryView, marchView, meta, totalsOf } from './support/fixtures.js';
import type { PanelPage } from './support/harness.js';
import { panelHarness } from './support/panels.js';

const withPanel = panelHarness();
const INSTANCE = 'VI-DEMO-01';
const TODAY = '20250314';

/** March with today's counters grown (the 14th: 12/9/21/14/47 in the fixture). */
function marchLater(today: [number, number, number, number, number]): MonthViewData {
  const view = marchView();
  const days: DayStatsData[] = view.days.map((d) => (d.dateId === TODAY ? day(TODAY, today) : d));
  return { ...view, days, totals: totalsOf(days) };
}

async function showMarch(p: PanelPage): Promise<void> {
  await p.waitForPosted(1);
  await p.send({
    type: 'monthData',
    instanceId: INSTANCE,
    monthId: '202503',
    view: marchView(),
    meta: meta(),
  } satisfies MonthViewToWebview);
  await p.send({
    type: 'comparison',
    instanceId: INSTANCE,
    monthId: '202503',
    ...februaryComparison(),
  } satisfies MonthViewToWebview);
  await p.page.waitForFunction(() => performance.getEntriesByName('voiceSms.painted').length === 1, undefined, { timeout: 10_000 });
}

function update(view: MonthViewData, monthId = '202503'): MonthViewToWebview {
  return { type: 'monthUpdate', instanceId: INSTANCE, monthId, view, meta: { ...meta(), elapsedMs: 87 } };
}

/** A projection of March (as the host sends it after the month) with `legs` call legs by month end. */
function projection(legs: number): MonthViewToWebview {
  const range = (projected: number) => ({ projected, low: projected - 50, high: projected + 70 });
  return {
    type: 'projection',
    instanceId: INSTANCE,
    monthId: '202503',
    projection: {
      totals: {
        callLegs: range(legs),
        callLegsIn: range(2000),
        callLegsOut: range(2321),
        callsUnique: range(3000),
        durationMin: range(9000),
      },
      days: Array.from({ length: 17 }, (_, i) => ({ dateId: `202503${String(15 + i)}`, callLegs: 100 + i })),
      basisText: 'remaining days from the median of each weekday',
    },
  };
}

// Written as page source: functions compiled for the test would carry the compiler's helpers into the page.
const KEPT = `{
  table: 'table.days',
  todayRow: 'tr[data-date-id="${TODAY}"]',
  legsCard: '.card[data-metric="callLegs"] .card-value',
  canvas: '.chart-box canvas',
  footer: 'footer.meta',
}`;

/** Keeps references to elements on show, to tell later whether they are still the same nodes. */
async function remember(p: PanelPage): Promise<void> {
  await p.page.evaluate(`window.__kept = Object.fromEntries(Object.entries(${KEPT}).map(([k, s]) => [k, document.querySelector(s)]))`);
}

async function stillSame(p: PanelPage): Promise<Record<string, boolean>> {
  return p.page.evaluate(
    `Object.fromEntries(Object.entries(${KEPT}).map(([k, s]) => [k, window.__kept[k] !== null && window.__kept[k] === document.querySelector(s)]))`,
  );
}

function cells(p: PanelPage, dateId: string): Promise<string[]> {
  return p.page.locator(`tr[data-date-id="${dateId}"] > *`).allTextContents();
}

void describe('month view: a newer load of the month on show', () => {
  void it('changes in place: same elements, scroll and focus kept, today and the totals changed and marked, said politely', async () => {
    await withPanel('monthView', { height: 500 }, async (p) => {
      await showMarch(p);
      const page = p.page;
      await remember(p);
      // Scrolled down to the table, a day row focused (the keyboard's place in the table).
      const row = page.locator('tr[data-date-id="20250310"]');
      await row.focus();
      await page.evaluate(() => window.scrollTo(0, 600));
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.ok(scrolled > 0, 'the page scrolls at this height');

      const later = marchLater([14, 10, 24, 16, 52]);
      await p.send(update(later));

      assert.deepEqual(await stillSame(p), { table: true, todayRow: true, legsCard: true, canvas: true, footer: true });
      assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'no scroll jump');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-date-id')), '20250310', 'focus kept');
      assert.equal(await page.locator('.state-loading').count(), 0, 'no loading state in between');

      assert.deepEqual(await cells(p, TODAY), ['Fri 14', '14', '10', '24', '16', '52', '']);
      const t = later.totals;
      assert.equal(await page.locator('.card[data-metric="callLegs"] .card-value').textContent(), t.callLegs.toLocaleString('en-US'));
      assert.deepEqual((await page.locator('table.days tfoot tr > *').allTextContents()).slice(1, 6), [
        String(t.callLegsIn),
        String(t.callLegsOut),
        String(t.callLegs),
        String(t.callsUnique),
        t.durationMin.toLocaleString('en-US'),
      ]);
      assert.equal(await page.locator('.response-time').textContent(), '87 ms', 'the response details are the newer ones');

      // Marked: today's five figures, the five totals of the footer row, the five cards' values and their deltas.
      assert.equal(await page.locator(`tr[data-date-id="${TODAY}"] td.is-updated`).count(), 5);
      assert.equal(await page.locator('tbody tr:not([data-date-id="20250314"]) .is-updated').count(), 0, 'no other day marked');
      assert.equal(await page.locator('tfoot td.is-updated').count(), 5);
      assert.equal(await page.locator('.card-value.is-updated').count(), 5);
      assert.equal(await page.locator('footer .is-updated').count(), 0, 'the response time is not a figure to mark');

      // Said once, politely, outside the panel's body; the parts changed in place are not read out cell by cell.
      const region = page.locator('[role="status"][aria-live="polite"][aria-atomic="true"]');
      assert.equal(await region.count(), 1);
      const said = (await region.textContent()) ?? '';
      assert.match(
        said,
        /^Month updated: Call legs [\d,]+ \(\+3\), Inbound legs [\d,]+ \(\+2\), Outbound legs [\d,]+ \(\+1\), Unique calls [\d,]+ \(\+2\), Minutes [\d,]+ \(\+5\)\./,
      );
      assert.match(said, /Friday, March 14, 2025: 24 call legs\.$/);
      assert.equal(await page.locator('.body [aria-live="off"]').count(), 4, 'totals, warnings, table and details quiet');

      // Reduced motion (the harness's default): a still tint, no animation.
      const style = (): Promise<{ animation: string; background: string }> =>
        page
          .locator(`tr[data-date-id="${TODAY}"] td.is-updated`)
          .first()
          .evaluate((el) => {
            const s = getComputedStyle(el);
            return { animation: s.animationName, background: s.backgroundColor };
          });
      const still = await style();
      assert.equal(still.animation, 'none');
      assert.notEqual(still.background, 'rgba(0, 0, 0, 0)', 'the tint shows');
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      assert.equal((await style()).animation, 'vstk-updated', 'without the preference, the tint fades in and out');

      // The marks last a moment.
      await page.waitForFunction(() => document.querySelectorAll('.is-updated').length === 0, undefined, { timeout: 5_000 });
      assert.equal(await page.evaluate(() => window.scrollY), scrolled);
      assert.deepEqual(await p.violations(), []);
    });
  });

  void it('with a projection on show, the update changes the day table, not the projection; a newer projection replaces it', async () => {
    await withPanel('monthView', async (p) => {
      await showMarch(p);
      const page = p.page;
      await p.send(projection(4321));
      await page.locator('section.projection').waitFor();
      await remember(p);
      const later = marchLater([14, 10, 24, 16, 52]);
      await p.send(update(later));

      assert.deepEqual(await stillSame(p), { table: true, todayRow: true, legsCard: true, canvas: true, footer: true });
      assert.equal(await page.locator(`tr[data-date-id="${TODAY}"]`).count(), 1, "one row for today: the day table's");
      assert.deepEqual(await cells(p, TODAY), ['Fri 14', '14', '10', '24', '16', '52', '']);
      assert.equal(await page.locator('table tbody tr[data-date-id]').count(), 31, 'one day table');
      // The projection stays as it was until the host sends the projection of the newer load.
      const projected = page.locator('section.projection td[data-metric="callLegs"]');
      assert.match((await projected.textContent()) ?? '', /^4,321/);
      assert.equal(await page.locator('section.projection .is-updated').count(), 0, 'not marked: not a figure that was read');
      await p.send(projection(4400));
      await page.waitForFunction(() =>
        /^4,400/.test(document.querySelector('section.projection td[data-metric="callLegs"]')?.textContent ?? ''),
      );
      assert.equal(await page.locator('section.projection').count(), 1);
      assert.equal((await stillSame(p)).table, true);
      assert.deepEqual(await p.violations(), []);
    });
  });

  void it('the same figures again mark and say nothing; another month is ignored; a day gone missing changes its row', async () => {
    await withPanel('monthView', async (p) => {
      await showMarch(p);
      const page = p.page;
      await remember(p);
      await p.send(update(marchView()));
      assert.equal(await page.locator('.is-updated').count(), 0);
      assert.equal(await page.locator('[role="status"][aria-live="polite"]').textContent(), '');
      assert.equal((await stillSame(p)).table, true);

      const other = { ...februaryView(), days: februaryView().days.map((d) => ({ ...d, callLegs: 999 })) };
      await p.send(update(other, '202502'));
      assert.equal(await page.locator('h1.title').textContent(), 'March 2025', 'an update of a month not on show is not shown');
      assert.equal(await page.locator('table.days tbody tr').count(), 31);

      // A day the service no longer sends becomes a missing day, in its own row; its warning is added.
      const fewer = marchView();
      const days = fewer.days.filter((d) => d.dateId !== '20250301');
      await p.send(update({ ...fewer, days, missingDays: [...fewer.missingDays, '20250301'], totals: totalsOf(days) }));
      assert.equal((await stillSame(p)).table, true);
      assert.deepEqual(await cells(p, '20250301'), ['Sat 1', '—', '—', '—', '—', '—', 'missing']);
      assert.equal(await page.locator('tr[data-date-id="20250301"] td.is-updated').count(), 6, 'its five figures and its note');
      assert.equal(await page.locator('.warnings li').count(), 5);
      assert.deepEqual(await p.violations(), []);
    });
  });
});

/** The fixture's reading with `more` activities after its three, and the summary's count to match. */
function readingWith(...more: Record<string, string>[]): JsonValue {
  const r = structuredClone(ACTIVITIES_RESULT) as { activities: { activity: Record<string, string>[] }; summary: { count: string } };
  r.activities.activity.push(...more);
  r.summary.count = String(3 + more.length);
  return r;
}

function reading(type: 'activitiesData' | 'activitiesUpdate', result: JsonValue): ActivitiesToWebview {
  return { type, instanceId: INSTANCE, dateId: TODAY, result, rawXml: ACTIVITIES_XML, meta: meta() };
}

void describe('day activities: today read again', () => {
  void it('marks what is new since the last reading, keeps the rest in place, and says how many are new', async () => {
    await withPanel('activities', { height: 300 }, async (p) => {
      await p.waitForPosted(1);
      await p.send(reading('activitiesData', ACTIVITIES_RESULT));
      const page = p.page;
      assert.equal(await page.locator('.is-new, .badge-new').count(), 0, 'a first reading marks nothing');
      await page.evaluate(
        `window.__row = document.querySelector('table.records tbody tr'); window.__table = document.querySelector('table.records')`,
      );
      const summary = page.locator('summary').first();
      await summary.focus();
      await page.evaluate(() => window.scrollTo(0, 120));
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.ok(scrolled > 0, 'the page scrolls at this height');

      const call = { time: '18:02:44', direction: 'in', from: '+4915100000000', durationSec: '12' };
      await p.send(reading('activitiesUpdate', readingWith(call)));

      const rows = page.locator('table.records tbody tr');
      assert.equal(await rows.count(), 4);
      assert.deepEqual(await rows.nth(3).locator('td').allTextContents(), ['4new', '18:02:44', 'in', '+4915100000000', '12']);
      assert.equal(await page.locator('tr.is-new').count(), 1, 'only the new call');
      assert.equal(await rows.nth(3).getAttribute('class'), 'is-new is-updated', 'new, and marked for a moment');
      assert.equal(await page.locator('.badge-new').count(), 1);
      assert.equal(await page.evaluate(`window.__table === document.querySelector('table.records')`), true, 'the table on show is kept');
      assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'no scroll jump');
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'SUMMARY', 'focus kept');
      assert.equal(await page.locator('.state-loading').count(), 0);
      assert.equal(
        await page.locator('[role="status"][aria-live="polite"][aria-atomic="true"]').textContent(),
        '1 new entry since the last reading.',
      );

      // The next reading with nothing new: the mark and badge go, nothing is said anew.
      await p.send(reading('activitiesUpdate', readingWith(call)));
      assert.equal(await page.locator('.is-new, .badge-new').count(), 0);
      // Two more at once, one of them the same as an earlier call (counted as often as it occurs).
      const again = { ...call, time: '18:30:00' };
      await p.send(reading('activitiesUpdate', readingWith(call, again, call)));
      assert.equal(await page.locator('tr.is-new').count(), 2);
      assert.equal(await page.locator('[role="status"]').textContent(), '2 new entries since the last reading.');
      assert.deepEqual(await p.violations(), []);
    });
  });
});
