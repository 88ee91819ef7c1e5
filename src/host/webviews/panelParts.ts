// What each panel kind loads only when one of its panels opens (dist/features.js; src/host/features.ts exports this
// table whole): its controller, the check of a restored panel's saved state, and whether its page draws a chart.
// The keys are the kind names: PanelKindName, PanelStates and PanelControllers (panelKind.ts) are derived from here.
import { parseActivitiesState, parseMonthViewState, parseOverviewState, parseTrendState } from '../../shared/protocol.js';
import { overviewWiring } from './overview/overviewWiring.js';
import { ActivitiesController } from './activitiesController.js';
import { MonthViewController } from './monthViewController.js';
import { OverviewController } from './overview/overviewController.js';
import { TrendController } from './trendController.js';

export const panelParts = {
  monthView: { Controller: MonthViewController, parseState: parseMonthViewState, chart: true },
  trend: { Controller: TrendController, parseState: parseTrendState, chart: true },
  activities: { Controller: ActivitiesController, parseState: parseActivitiesState, chart: false },
  // `wiring`: the overview's months, instances and row errors from the services (overview/overviewWiring.ts).
  overview: { Controller: OverviewController, parseState: parseOverviewState, chart: false, wiring: overviewWiring },
};

export type PanelParts = typeof panelParts;
/** A panel kind's name: also its page (src/webview/<name>/main.ts, dist/webview/<name>.js) and its descriptor file (kinds/<name>.ts). */
export type PanelKindName = keyof PanelParts;
