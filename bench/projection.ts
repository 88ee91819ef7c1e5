// Bench rows of issue 51: the month-end projection (shared/projection.ts, with its backtest over 14 finished months)
// and the unusual-day flags (shared/unusualDays.ts) of a month in progress, against the month model built from the
// same answer's tree (core/model/monthView.ts) — what every month view already pays. One month (the month view's
// paint), and 200 instances' months (the overview's rows). Demo traffic (simulator/traffic.ts), mid-month.
import type { MonthView } from '../src/shared/monthModel.js';
import { monthViewFromResult } from '../src/core/model/monthView.js';
import { shiftMonthId } from '../src/shared/idRules.js';
import { projectMonth } from '../src/shared/projection.js';
import { unusualDaysOfMonth } from '../src/shared/unusualDays.js';
import { demoInstanceIds } from '../src/simulator/defaults.js';
import { monthViewData } from '../src/simulator/handlers/calls.js';
import { ratesSideBySide } from './measure.js';

type Row = (name: string, a: number, b: number, unit: string, note: string, ratio?: number) => void;

export const PROJECTION_ROWS = ['projection+flags: 1 month vs its model', 'projection+flags: 200 instances vs their models'];

const NOW = Date.UTC(2026, 10, 16, 12);
const MONTH = '202611';

/** The parsed `<result>` of a month as the XML parser hands it to the month model. */
function treeOf(instanceId: string, monthId: string): unknown {
  const data = monthViewData(instanceId, monthId, NOW);
  const date = data.days.map((d) => ({
    '@_dateID': d.dateId,
    call_legs: String(d.call_legs),
    call_legs_in: String(d.call_legs_in),
    call_legs_out: String(d.call_legs_out),
    calls_unique: String(d.calls_unique),
    duration_min: String(d.duration_min),
  }));
  return { monthView: { currentDateID: data.currentDateID, calls: { date } } };
}

interface Instance {
  tree: unknown;
  month: MonthView;
  finished: MonthView[];
}

function instance(instanceId: string): Instance {
  const tree = treeOf(instanceId, MONTH);
  return {
    tree,
    month: monthViewFromResult(tree, MONTH),
    finished: Array.from({ length: 14 }, (_, i) => shiftMonthId(MONTH, -(i + 1))).map((m) => monthViewFromResult(treeOf(instanceId, m), m)),
  };
}

const projectionAndFlags = (x: Instance): unknown => [
  projectMonth(x.month, x.finished, NOW),
  unusualDaysOfMonth(x.month, x.finished[0]?.days),
];

export function projectionRows(row: Row, smoke = false): void {
  const rounds = smoke ? 2 : 15;
  const one = instance('VI-DEMO-01');
  const r1 = ratesSideBySide(
    { model: () => monthViewFromResult(one.tree, MONTH), projection: () => projectionAndFlags(one) },
    rounds,
    smoke ? 20 : 60,
  );
  row(
    PROJECTION_ROWS[0]!,
    1000 / r1['model']!,
    1000 / r1['projection']!,
    'ms',
    'the month model from its tree vs the projection (14 finished months) and the flags',
    r1.ratio === undefined ? undefined : 1 / r1.ratio,
  );
  const many = demoInstanceIds(smoke ? 20 : 200).map(instance);
  const r2 = ratesSideBySide(
    {
      model: () => many.map((x) => monthViewFromResult(x.tree, MONTH)),
      projection: () => many.map(projectionAndFlags),
    },
    rounds,
    smoke ? 20 : 100,
  );
  row(
    PROJECTION_ROWS[1]!,
    1000 / r2['model']!,
    1000 / r2['projection']!,
    'ms',
    `${smoke ? 'smoke: 20 instances; ' : ''}the overview's rows: each instance's month model vs its projection and flags`,
    r2.ratio === undefined ? undefined : 1 / r2.ratio,
  );
}
