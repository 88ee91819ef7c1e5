// Exports of a month in progress carry its projection, marked as one (rows, fields and a column named "projected"),
// beside the data and never in its place; a finished month's exports have none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MonthView } from '../../../src/shared/monthModel.js';
import { formatMonthExport } from '../../../src/shared/export.js';
import type { OverviewRow } from '../../../src/shared/overview/overview.js';
import { formatOverviewExport } from '../../../src/shared/overview/overviewExport.js';
import { projectMonth } from '../../../src/shared/projection.js';
import { months, noonOf } from './support/projectionMonths.js';

const office = (w: number): number => [20, 200, 210, 205, 190, 180, 60][w]!;

function asView(m: ReturnType<typeof months>['month']): MonthView {
  const past = m.days.filter((d) => !d.future);
  const sum = (k: 'callLegs' | 'callLegsIn' | 'callLegsOut' | 'callsUnique' | 'durationMin') => past.reduce((n, d) => n + d[k], 0);
  return {
    ...m,
    missingDays: [],
    warnings: [],
    totals: {
      callLegs: sum('callLegs'),
      callLegsIn: sum('callLegsIn'),
      callLegsOut: sum('callLegsOut'),
      callsUnique: sum('callsUnique'),
      durationMin: sum('durationMin'),
      days: past.length,
    },
  };
}

void describe('exports of a month in progress', () => {
  const g = months({ seed: 12, level: office, spread: 20, currentDateId: '20260318', before: 14 });
  const view = asView(g.month);
  const projection = projectMonth(g.month, g.finished, noonOf('20260318'))!;
  const c = projection.counters;

  void it('the month export: CSV rows, a JSON field and a Markdown row, each named a projection', () => {
    const csv = formatMonthExport(view, 'csv', { instanceId: 'VI-1', projection }).trimEnd().split('\r\n');
    assert.equal(csv.at(-4)?.split(',')[1], 'total', 'the data first');
    assert.deepEqual(csv.slice(-3), [
      `VI-1,projected_total,${c.callLegs.total},${c.callLegsIn.total},${c.callLegsOut.total},${c.callsUnique.total},${c.durationMin.total},`,
      `VI-1,projected_low,${c.callLegs.low},${c.callLegsIn.low},${c.callLegsOut.low},${c.callsUnique.low},${c.durationMin.low},`,
      `VI-1,projected_high,${c.callLegs.high},${c.callLegsIn.high},${c.callLegsOut.high},${c.callsUnique.high},${c.durationMin.high},`,
    ]);
    const json = JSON.parse(formatMonthExport(view, 'json', { instanceId: 'VI-1', projection })) as {
      totals: { callLegs: number };
      projection: { projected: boolean; basis: string; totals: { callLegs: { projected: number; low: number; high: number } } };
    };
    assert.equal(json.totals.callLegs, view.totals.callLegs, 'the totals stay the data');
    assert.equal(json.projection.projected, true);
    assert.equal(json.projection.basis, 'weekdays');
    assert.deepEqual(json.projection.totals.callLegs, { projected: c.callLegs.total, low: c.callLegs.low, high: c.callLegs.high });
    const md = formatMonthExport(view, 'markdown', { instanceId: 'VI-1', projection });
    assert.ok(md.includes(`| *Projected by month end* | *${c.callLegs.total} (${c.callLegs.low}–${c.callLegs.high})* |`), md);
    assert.ok(md.includes('projection, not data'));
    // Without one (a finished month, or the setting off): nothing projected anywhere.
    for (const f of ['csv', 'json', 'markdown'] as const)
      assert.doesNotMatch(formatMonthExport(view, f, { instanceId: 'VI-1' }), /projected/i);
  });

  void it('the overview export: projected columns only when a row is projected', () => {
    const row: OverviewRow = {
      instanceId: 'VI-1',
      status: 'ok',
      figures: { ...view.totals, activeDays: 17 },
      changePct: null,
      trend: new Array<number | null>(12).fill(null),
      projection: { callLegs: c.callLegs.total, low: c.callLegs.low, high: c.callLegs.high, basis: 'weekdays', backtestMonths: 12 },
    };
    const csv = formatOverviewExport([row], 'csv', { monthId: '202603' }).split('\r\n');
    const header = csv[0]!.split(',');
    const cell = (name: string): string => csv[1]!.split(',')[header.indexOf(name)]!;
    assert.deepEqual(
      [cell('projected_call_legs'), cell('projected_low'), cell('projected_high')],
      [c.callLegs.total, c.callLegs.low, c.callLegs.high].map(String),
    );
    const json = JSON.parse(formatOverviewExport([row], 'json', { monthId: '202603' })) as {
      rows: Array<{ projection?: { projected: boolean } }>;
    };
    assert.equal(json.rows[0]?.projection?.projected, true);
    assert.match(formatOverviewExport([row], 'markdown', { monthId: '202603' }), /a projection by month end, not data/);
    const { projection: _none, ...finished } = row;
    for (const f of ['csv', 'json', 'markdown'] as const)
      assert.doesNotMatch(formatOverviewExport([finished], f, { monthId: '202603' }), /projected/i);
  });
});
