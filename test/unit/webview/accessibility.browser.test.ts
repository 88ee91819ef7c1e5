// Every panel, in the dark, light and high-contrast themes, audited by axe-core at WCAG 2.1 A/AA plus
// best practices in each state a user meets. One page per panel and theme (Chromium pages are the
// expensive part); the states are played into it one after another, as the host would send them.
// Serious and critical findings fail; moderate and minor ones are listed in the test's output.
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import type { ActivitiesToWebview } from '../../../src/panels/activities/protocol.js';
import type { MonthViewToWebview } from '../../../src/panels/monthView/protocol.js';
import type { TrendToWebview } from '../../../src/panels/trend/protocol.js';
import { audit, describeFindings, FAILING_IMPACTS, type Finding } from './support/axe.js';
import {
  ACTIVITIES_RESULT,
  ACTIVITIES_XML,
  februaryComparison,
  marchView,
  meta,
  quietMonthView,
  quietTrendMonths,
  trendMonths,
} from './support/fixtures.js';
import type { PanelPage } from './support/harness.js';
import { panelHarness } from './support/panels.js';
import type { ThemeName } from './support/themes.js';

const INSTANCE = 'VI-DEMO-01';
const THEMES: ThemeName[] = ['dark', 'light', 'hc'];
// The rules this file exists for; if axe stopped running them (a tag renamed, a rule retired) the audit would pass vacuously.
const MUST_RUN = ['color-contrast', 'heading-order', 'page-has-heading-one', 'aria-allowed-attr', 'region', 'html-has-lang'];

const withPanel = panelHarness();

/** Runs `steps` (state name → what brings the page there), auditing after each; then judges all findings. */
async function auditStates(t: TestContext, p: PanelPage, steps: [state: string, reach: () => Promise<void>][]): Promise<void> {
  const findings: Finding[] = [];
  const rulesRun = new Set<string>();
  for (const [state, reach] of steps) {
    await reach();
    const a = await audit(p.page, state);
    findings.push(...a.findings);
    for (const r of a.rulesRun) rulesRun.add(r);
  }
  const listed = findings.filter((f) => !FAILING_IMPACTS.has(f.impact));
  if (listed.length > 0) t.diagnostic(`moderate/minor accessibility findings:\n${describeFindings(listed)}`);
  const failing = findings.filter((f) => FAILING_IMPACTS.has(f.impact));
  assert.equal(failing.length, 0, `serious or critical accessibility violations:\n${describeFindings(failing)}`);
  assert.deepEqual(
    MUST_RUN.filter((r) => !rulesRun.has(r)),
    [],
    'the audit ran the rules it is for',
  );
  assert.deepEqual(await p.violations(), [], 'no CSP violations, console errors or page errors');
}

const error = { kind: 'network', message: 'Could not connect to 127.0.0.1: refused' } as const;

void describe('accessibility (axe-core, WCAG 2.1 AA + best practices)', () => {
  for (const theme of THEMES) {
    void it(`month view, ${theme} theme: waiting, loading, flagged data, a focused and a hovered row, future days, a quiet month, error with Retry`, async (t) => {
      await withPanel('monthView', { theme }, async (p) => {
        const send = (m: MonthViewToWebview): Promise<void> => p.send(m);
        await auditStates(t, p, [
          [
            'waiting',
            async () => {
              await p.waitForPosted(1);
            },
          ],
          ['loading', () => send({ type: 'loading', instanceId: INSTANCE, monthId: '202503' })],
          [
            'data with every flag and the comparison',
            async () => {
              await send({ type: 'monthData', instanceId: INSTANCE, monthId: '202503', view: marchView(), meta: meta() });
              await send({
                type: 'comparison',
                instanceId: INSTANCE,
                monthId: '202503',
                ...februaryComparison(),
              });
              await p.page.locator('.chart-box canvas').waitFor();
            },
          ],
          [
            'the projection (a row of totals with ranges, the basis, the projected series)',
            async () => {
              const range = (projected: number) => ({ projected, low: projected - 40, high: projected + 60 });
              await send({
                type: 'projection',
                instanceId: INSTANCE,
                monthId: '202503',
                projection: {
                  totals: {
                    callLegs: range(900),
                    callLegsIn: range(500),
                    callLegsOut: range(400),
                    callsUnique: range(700),
                    durationMin: range(2700),
                  },
                  days: Array.from({ length: 17 }, (_, i) => ({ dateId: `202503${String(15 + i)}`, callLegs: 30 + i })),
                  basisText: 'remaining days from the median of each weekday over the 8 weeks before (at least 8 of each weekday)',
                },
              });
              await p.page.locator('section.projection').waitFor();
            },
          ],
          [
            'the flagged day focused from the keyboard',
            async () => {
              await p.page.locator('tr[data-date-id="20250305"]').focus();
            },
          ],
          [
            'a future day under the mouse',
            async () => {
              await p.page.locator('tr[data-date-id="20250320"]').hover();
            },
          ],
          // axe cannot measure text over a pattern (it reports it for review only), so the future
          // days' hatching is set aside to measure their text against the panel it is drawn over.
          [
            'future days measured without their hatching',
            async () => {
              await p.page.mouse.move(0, 0);
              await p.page.locator('tr.is-future').evaluateAll((rows) =>
                rows.forEach((r) => {
                  (r as HTMLElement).style.backgroundImage = 'none';
                }),
              );
            },
          ],
          [
            'a month without traffic',
            () => send({ type: 'monthData', instanceId: INSTANCE, monthId: '202501', view: quietMonthView(), meta: meta() }),
          ],
          ['error with Retry', () => send({ type: 'error', instanceId: INSTANCE, monthId: '202503', error })],
        ]);
      });
    });

    void it(`trend, ${theme} theme: loading, twelve months with a failed one (focused, hovered), a quiet year, error with Retry`, async (t) => {
      await withPanel('trend', { theme }, async (p) => {
        const send = (m: TrendToWebview): Promise<void> => p.send(m);
        await auditStates(t, p, [
          [
            'loading',
            async () => {
              await p.waitForPosted(1);
              await send({ type: 'loading', instanceId: INSTANCE, monthId: '202503' });
            },
          ],
          [
            'twelve months, one failed',
            async () => {
              await send({ type: 'trendData', instanceId: INSTANCE, monthId: '202503', months: trendMonths(), meta: meta() });
              await p.page.locator('.chart-box canvas').waitFor();
            },
          ],
          [
            'the failed month focused from the keyboard',
            async () => {
              await p.page.locator('tr[data-month-id="202410"]').focus();
            },
          ],
          [
            'the failed month under the mouse',
            async () => {
              await p.page.locator('tr[data-month-id="202410"]').hover();
            },
          ],
          [
            'a year without traffic',
            () => send({ type: 'trendData', instanceId: INSTANCE, monthId: '202503', months: quietTrendMonths(), meta: meta() }),
          ],
          [
            'error with Retry',
            () =>
              send({
                type: 'error',
                instanceId: INSTANCE,
                monthId: '202503',
                error: { kind: 'auth', message: 'Check the access key id and secret of profile "Demo".' },
              }),
          ],
        ]);
      });
    });

    void it(`day activities, ${theme} theme: loading, records and tree with raw XML, no activities, error with Retry`, async (t) => {
      await withPanel('activities', { theme }, async (p) => {
        const send = (m: ActivitiesToWebview): Promise<void> => p.send(m);
        await auditStates(t, p, [
          [
            'loading',
            async () => {
              await p.waitForPosted(1);
              await send({ type: 'loading', instanceId: INSTANCE, dateId: '20250311' });
            },
          ],
          [
            'records and tree',
            () =>
              send({
                type: 'activitiesData',
                instanceId: INSTANCE,
                dateId: '20250311',
                result: ACTIVITIES_RESULT,
                rawXml: ACTIVITIES_XML,
                meta: meta(),
              }),
          ],
          [
            'raw XML shown',
            async () => {
              await p.page.getByRole('button', { name: 'Show raw XML' }).click();
              await p.page.locator('pre.raw-xml').waitFor();
            },
          ],
          [
            'no activities',
            () => send({ type: 'activitiesData', instanceId: INSTANCE, dateId: '20250311', result: '', rawXml: '<result/>', meta: meta() }),
          ],
          ['error with Retry', () => send({ type: 'error', instanceId: INSTANCE, dateId: '20250311', error })],
        ]);
      });
    });
  }
});
