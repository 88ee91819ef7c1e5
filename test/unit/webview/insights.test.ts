// The month view's derived facts (rows for every calendar day, notes, spikes, warning list) and
// the delta formatting, in plain Node: they are pure functions of the protocol data.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DayStatsData, MonthViewData } from '../../../src/shared/protocol.js';
import { day, marchView, totalsOf } from './support/fixtures.js';

// The webview sources are ES modules (browser bundle); load them the way Node allows from here.
const insights = import('../../../src/webview/common/insights.js');
const format = import('../../../src/webview/common/format.js');

void describe('month insights', () => {
  void it('has one row per calendar day, telling future, missing and zero-traffic days apart', async () => {
    const { buildDayRows } = await insights;
    const rows = buildDayRows(marchView());
    assert.equal(rows.length, 31);
    assert.deepEqual(
      rows.map((r) => r.dateId),
      Array.from({ length: 31 }, (_, i) => `202503${String(i + 1).padStart(2, '0')}`),
    );
    const byId = new Map(rows.map((r) => [r.dateId, r]));
    assert.deepEqual(byId.get('20250302')?.notes, [], 'a zero day is not flagged');
    assert.equal(byId.get('20250302')?.future, false);
    assert.equal(byId.get('20250309')?.missing, true);
    assert.equal(byId.get('20250309')?.stats, undefined);
    assert.deepEqual(
      byId.get('20250315')?.notes.map((n) => n.kind),
      ['future'],
    );
    assert.equal(rows.filter((r) => r.future).length, 17);
    assert.deepEqual(
      byId.get('20250305')?.notes.map((n) => n.kind),
      ['mismatch'],
    );
  });

  void it('an absent day after the current day is future, not missing', async () => {
    const { buildDayRows } = await insights;
    const view: MonthViewData = { ...marchView(), days: marchView().days.filter((d) => d.dateId !== '20250320') };
    const row = buildDayRows(view).find((r) => r.dateId === '20250320');
    assert.equal(row?.future, true);
    assert.equal(row?.missing, false);
  });

  void it('flags a spike only above three times the median of non-zero, non-future days', async () => {
    const { buildDayRows, spikeBaseline } = await insights;
    const days: DayStatsData[] = [
      day('20250101', [5, 5, 10, 6, 20]),
      day('20250102', [0, 0, 0, 0, 0]), // zero days do not drag the median down
      day('20250103', [6, 4, 10, 7, 30]),
      day('20250104', [5, 5, 10, 5, 15]),
      day('20250105', [15, 15, 30, 18, 60]), // exactly 3x the median: not a spike
      day('20250106', [16, 15, 31, 18, 60]), // just above
      day('20250130', [500, 500, 1000, 0, 0], true), // future days are ignored entirely
    ];
    assert.equal(spikeBaseline(days), 10);
    const view: MonthViewData = {
      monthId: '202501',
      currentDateId: '20250110',
      days,
      missingDays: [],
      totals: totalsOf(days),
      warnings: [],
    };
    const spikes = buildDayRows(view)
      .filter((r) => r.notes.some((n) => n.kind === 'spike'))
      .map((r) => r.dateId);
    assert.deepEqual(spikes, ['20250106']);
  });

  void it('lists per-day warnings first and keeps model warnings about other things', async () => {
    const { buildDayRows, warningLines } = await insights;
    const view = marchView();
    const lines = warningLines(buildDayRows(view), view.warnings);
    assert.deepEqual(
      lines.map((l) => l.dateId ?? null),
      ['20250305', '20250309', '20250311', null],
    );
    assert.equal(lines.at(-1)?.text, 'Ignored a second entry for 2025-03-12.');
  });

  void it('formats deltas with signs and percentages, and says "new" when the previous value was 0', async () => {
    const { delta, formatDelta } = await format;
    assert.equal(formatDelta(delta(120, 100)), '+20 (+20%)');
    assert.equal(formatDelta(delta(90, 120)), '−30 (−25%)');
    assert.equal(formatDelta(delta(7, 0)), '+7 (new)');
    assert.equal(formatDelta(delta(0, 0)), '±0 (0%)');
    assert.equal(formatDelta(delta(1001, 3)), '+998 (+33,266.7%)');
  });
});
