// The month view and the trend draw the same chart, and Chart.js ships once for both: in the shared
// script dist/webview/chart.js, which the host loads before either panel's own bundle (see scriptsFor
// in src/host/webviews/html.ts). This file holds only the name the shared script publishes the chart
// under and a typed accessor. Importing comboChart.ts itself from a panel would copy Chart.js into that
// panel's bundle again (test/unit/shared/bundleBudgets.test.ts would then fail).
import type { ComboChart, ComboChartOptions } from './comboChart.js';

export const SHARED_CHART_GLOBAL = 'voiceSmsSharedChart';

export interface SharedChart {
  ComboChart: typeof ComboChart;
}

export function createComboChart(canvas: HTMLCanvasElement, options: ComboChartOptions): ComboChart {
  const shared = (globalThis as Record<string, unknown>)[SHARED_CHART_GLOBAL] as SharedChart | undefined;
  // Only a broken build gets here (the host always lists the chart script first); say which file is missing.
  if (!shared) throw new Error('dist/webview/chart.js did not load before this panel');
  return new shared.ComboChart(canvas, options);
}
