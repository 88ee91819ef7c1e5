// The month view's derived facts (rows for every calendar day, notes, unusual days, warning list) and
// the delta formatting, in plain Node: they are pure functions of the protocol data.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MonthViewData } from '../../../src/shared/protocol.js';
import { day, februaryDays, marchView } from './support/fixtures.js';

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

  void it('flags a day unusual for its weekday against the month before, and says why', async () => {
    const { buildDayRows } = await insights;
    const view = marchView();
    const kinds = (rows: { dateId: string; notes: { kind: string }[] }[]) =>
      rows.filter((r) => r.notes.some((n) => n.kind === 'unusual')).map((r) => r.dateId);
    // March alone: before the 11th there is one Tuesday, too few to tell.
    assert.deepEqual(kinds(buildDayRows(view)), []);
    // With February's days (the comparison message): four more Tuesdays at 40–44.
    const rows = buildDayRows(view, februaryDays());
    assert.deepEqual(kinds(rows), ['20250311']);
    const note = rows.find((r) => r.dateId === '20250311')?.notes.find((n) => n.kind === 'unusual');
    assert.equal(note?.label, 'unusually high');
    assert.equal(note?.summary, 'Tuesday: 400 call legs; Tuesdays usually 32–50 (median 41, 5 Tuesdays before)');
    assert.equal(note?.detail, '2025-03-11: Tuesday: 400 call legs; Tuesdays usually 32–50 (median 41, 5 Tuesdays before)');
    // The old rule's blind spot: a Sunday as busy as a working day, far under 3× the month's median.
    const sunday = { ...view, days: view.days.map((d) => (d.dateId === '20250302' ? day('20250302', [20, 20, 40, 30, 100]) : d)) };
    const sundayNote = buildDayRows(sunday, februaryDays())
      .find((r) => r.dateId === '20250302')
      ?.notes.find((n) => n.kind === 'unusual');
    assert.equal(sundayNote?.summary, 'Sunday: 40 call legs; Sundays usually 0–11 (median 1.5, 4 Sundays before)');
  });

  void it('lists per-day warnings first and keeps model warnings about other things', async () => {
    const { buildDayRows, warningLines } = await insights;
    const view = marchView();
    const lines = warningLines(buildDayRows(view, februaryDays()), view.warnings);
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
