// The shared chart script (dist/webview/chart.js): uPlot and our combo chart, loaded by the host after
// the month view's and the trend's own bundles, which reach it through common/sharedChart.ts.
import '../common/l10n.js';
import { markStep } from '../common/painted.js';
import { ComboChart } from '../common/comboChart.js';
import { SHARED_CHART_GLOBAL, SHARED_CHART_LOADED_EVENT, type SharedChart } from '../common/sharedChart.js';

markStep('chartScript');
const shared: SharedChart = { ComboChart };
(globalThis as Record<string, unknown>)[SHARED_CHART_GLOBAL] = shared;
// The panel's bundle ran first and may already show data waiting for its chart.
window.dispatchEvent(new Event(SHARED_CHART_LOADED_EVENT));
