// The shared chart script (dist/webview/chart.js): Chart.js and our combo chart, loaded by the host before
// the month view's and the trend's own bundles, which reach it through common/sharedChart.ts.
import '../common/l10n.js';
import { ComboChart } from '../common/comboChart.js';
import { SHARED_CHART_GLOBAL, type SharedChart } from '../common/sharedChart.js';

const shared: SharedChart = { ComboChart };
(globalThis as Record<string, unknown>)[SHARED_CHART_GLOBAL] = shared;
