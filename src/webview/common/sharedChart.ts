// The month view and the trend draw the same chart, and the chart library ships once for both: in the shared
// script dist/webview/chart.js, which the host lists after either panel's own bundle (see scriptsFor
// in src/host/webviews/html.ts). This file holds only the name the shared script publishes the chart
// under and a typed accessor. Importing comboChart.ts itself from a panel would copy the chart library into that
// panel's bundle again (test/unit/shared/bundleBudgets.test.ts would then fail).
import type { ComboChart, ComboChartOptions, ComboPoint } from './comboChart.js';

export const SHARED_CHART_GLOBAL = 'voiceSmsSharedChart';
/** Dispatched on `window` by the shared script once it has published the chart (it loads after a panel's bundle). */
export const SHARED_CHART_LOADED_EVENT = 'voiceSmsSharedChartLoaded';

export interface SharedChart {
  ComboChart: typeof ComboChart;
}

/**
 * Runs `draw` once the shared chart script has run: at once when it has, else on its event. The host lists
 * that script after the panel's own bundle, so a panel paints its table and totals without waiting for the
 * chart library and draws the chart when it arrives.
 */
export function whenChartLoaded(draw: () => void): void {
  if ((globalThis as Record<string, unknown>)[SHARED_CHART_GLOBAL]) draw();
  else window.addEventListener(SHARED_CHART_LOADED_EVENT, () => draw(), { once: true });
}

export function createComboChart(box: HTMLElement, options: ComboChartOptions, points: ComboPoint[]): ComboChart {
  const shared = (globalThis as Record<string, unknown>)[SHARED_CHART_GLOBAL] as SharedChart | undefined;
  // Only a broken build gets here (panels create the chart from whenChartLoaded); say which file is missing.
  if (!shared) throw new Error('dist/webview/chart.js did not load before this panel');
  return new shared.ComboChart(box, options, points);
}
