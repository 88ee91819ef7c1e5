// Bench row: a month view updated in place (`monthUpdate`, what a watch's tick brings) against the same month painted
// afresh (`monthData`, what the page did before), in the real page bundle in headless Chromium (the webview unit
// tests' harness: the host's own HTML, CSP and bundles). The host posts one message either way; the difference is the
// page's work: from the message to the frame on screen, with today's figures changed in both. Timed inside the page,
// alternating the two, so a busy machine weighs on both alike.
import type { MonthViewData } from '../src/shared/protocol.js';
import { day, februaryView, marchView, meta, totalsOf } from '../test/unit/webview/support/fixtures.js';
import { openPanel, startHarness } from '../test/unit/webview/support/harness.js';

export const LIVE_MONTH_ROW = 'live month view: update in place vs afresh';

type Row = (name: string, a: number, b: number, unit: string, note: string, ratio?: number) => void;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** March with today's (the 14th's) legs at `n`, the totals to match. */
function march(n: number): MonthViewData {
  const view = marchView();
  const days = view.days.map((d) => (d.dateId === '20250314' ? day('20250314', [n, n, 2 * n, n, 3 * n]) : d));
  return { ...view, days, totals: totalsOf(days) };
}

// Page source (not a compiled function: the test compiler's helpers would not exist in the page). Delivers one message
// as the editor does (a message event, handled at once), then waits for the next frame and the task after it.
const TIME_ONE = `(message) => new Promise((resolve) => {
  const t0 = performance.now();
  window.dispatchEvent(new MessageEvent('message', { data: message }));
  void document.body.offsetHeight;
  const sync = performance.now() - t0;
  requestAnimationFrame(() => setTimeout(() => resolve({ sync, frame: performance.now() - t0 })));
})`;

export async function liveMonthViewRow(row: Row, smoke: boolean): Promise<void> {
  const harness = await startHarness();
  try {
    const p = await openPanel(harness, 'monthView', { width: 1100, height: 900 });
    await p.waitForPosted(1);
    const INSTANCE = 'VI-DEMO-01';
    await p.send({ type: 'monthData', instanceId: INSTANCE, monthId: '202503', view: march(10), meta: meta() });
    await p.send({ type: 'comparison', instanceId: INSTANCE, monthId: '202503', previousMonthId: '202502', totals: februaryView().totals });
    await p.page.waitForFunction(() => performance.getEntriesByName('voiceSms.painted').length === 1, undefined, { timeout: 10_000 });
    const rounds = smoke ? 3 : 41;
    const inPlace: { sync: number; frame: number }[] = [];
    const afresh: { sync: number; frame: number }[] = [];
    for (let i = 0; i < rounds; i++) {
      const view = march(11 + i);
      const update = { type: 'monthUpdate', instanceId: INSTANCE, monthId: '202503', view, meta: meta() };
      const data = { type: 'monthData', instanceId: INSTANCE, monthId: '202503', view, meta: meta() };
      // Alternate which goes first; each starts from the month as the other left it (one day's figures apart).
      const pair = i % 2 === 0 ? [update, data] : [data, update];
      for (const m of pair) {
        const t = await p.page.evaluate(`(${TIME_ONE})(${JSON.stringify(m)})`);
        (m.type === 'monthUpdate' ? inPlace : afresh).push(t as { sync: number; frame: number });
      }
    }
    await p.close();
    const frame = (xs: { frame: number }[]): number => median(xs.map((x) => x.frame));
    const sync = (xs: { sync: number }[]): number => median(xs.map((x) => x.sync));
    row(
      LIVE_MONTH_ROW,
      frame(inPlace),
      frame(afresh),
      'ms',
      `message -> next frame in Chromium, median of ${rounds}; page work alone (script + layout) ${sync(inPlace).toFixed(2)} vs ${sync(afresh).toFixed(2)} ms`,
    );
  } finally {
    await harness.close();
  }
}
