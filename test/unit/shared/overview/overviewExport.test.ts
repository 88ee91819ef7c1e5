// The overview's exports and figures: totals over loaded rows only, the change against the previous month,
// CSV with the month export's quoting and formula guard, JSON that round-trips, Markdown with inert ids.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changePct, overviewTotals, type OverviewRow } from '../../../../src/shared/overview/overview.js';
import { formatOverviewExport } from '../../../../src/shared/overview/overviewExport.js';

const fig = (callLegs: number) => ({ callLegs, callLegsIn: callLegs - 1, callLegsOut: 1, callsUnique: 2, durationMin: 3, activeDays: 4 });
const trend = new Array<number | null>(12).fill(null);
const JUNE_1_27 = { monthId: '202406', previousMonthId: '202405', lastDay: 27, previousLastDay: 27, wholeMonths: false };
const ROWS: OverviewRow[] = [
  { instanceId: 'VI-1', status: 'ok', figures: fig(110), previousCallLegs: 100, changePct: 10, compared: JUNE_1_27, trend },
  { instanceId: '=HYPERLINK("x")', status: 'ok', figures: fig(50), changePct: null, trend },
  { instanceId: 'VI-[3](http://x.y)', status: 'failed', error: 'instance suspended, "really"', trend },
  { instanceId: 'VI-4', status: 'pending', trend },
];

void describe('account overview figures and exports', () => {
  void it('totals sum loaded rows; the change compares only rows with both months', () => {
    const t = overviewTotals(ROWS);
    assert.equal(t.callLegs, 160);
    assert.equal(t.instances, 2);
    assert.equal(t.failed, 1);
    assert.equal(t.pending, 1);
    assert.equal(t.previousCallLegs, 100);
    assert.equal(t.changePct, 10);
    assert.equal(changePct(5, 0), null);
    assert.equal(changePct(1, 3), -66.7);
  });

  void it('CSV quotes, guards formulas and ends with the totals row', () => {
    const csv = formatOverviewExport(ROWS, 'csv', { monthId: '202406' });
    const lines = csv.split('\r\n');
    assert.equal(
      lines[0],
      'instance,status,call_legs,call_legs_in,call_legs_out,calls_unique,duration_min,days_with_data,previous_call_legs,change_pct,compared_days,previous_days,error',
    );
    assert.equal(lines[1], 'VI-1,ok,110,109,1,2,3,4,100,10,2024-06-01/2024-06-27,2024-05-01/2024-05-27,');
    assert.ok(lines[2]!.startsWith(`"'=HYPERLINK(""x"")",ok,50`), lines[2]);
    assert.equal(lines[3], 'VI-[3](http://x.y),failed,,,,,,,,,,,"instance suspended, ""really"""');
    assert.equal(lines[5], 'total,2 ok,160,158,2,4,6,8,100,10,2024-06-01/2024-06-27,2024-05-01/2024-05-27,');
  });

  void it('CSV keeps a negative change a number; only text gets the formula guard', () => {
    const rows: OverviewRow[] = [
      { instanceId: '-50', status: 'ok', figures: fig(50), previousCallLegs: 100, changePct: -50, trend },
      { instanceId: 'VI-2', status: 'ok', figures: fig(0), previousCallLegs: 10, changePct: -100, trend },
    ];
    const lines = formatOverviewExport(rows, 'csv', { monthId: '202406' }).split('\r\n');
    assert.equal(lines[1], "'-50,ok,50,49,1,2,3,4,100,-50,,,", 'the id is text and guarded; the change is the number -50');
    assert.equal(lines[2], 'VI-2,ok,0,-1,1,2,3,4,10,-100,,,');
    assert.equal(lines[3], 'total,2 ok,50,48,2,4,6,8,110,-54.5,,,');
  });

  void it('JSON round-trips the rows and totals; ids can be masked', () => {
    const doc = JSON.parse(formatOverviewExport(ROWS, 'json', { monthId: '202406', maskIds: true })) as {
      monthId: string;
      rows: Array<{ instanceId: string; figures?: unknown; error?: string }>;
      totals: { callLegs: number };
    };
    assert.equal(doc.monthId, '202406');
    assert.deepEqual(
      doc.rows.map((r) => r.instanceId),
      ['VI-***', '=HY***', 'VI-***', 'VI-***'],
    );
    assert.deepEqual(doc.rows[0]!.figures, fig(110));
    assert.equal(doc.rows[2]!.error, 'instance suspended, "really"');
    assert.equal(doc.totals.callLegs, 160);
  });

  void it('Markdown keeps outside text literal', () => {
    const md = formatOverviewExport(ROWS, 'markdown', { monthId: '202406' });
    assert.match(md, /^## 2024-06\n\nChange: call legs, 2024-06-01 to 2024-06-27 vs 2024-05-01 to 2024-05-27\.\n/);
    assert.ok(md.includes('| VI-\\[3\\]\\(http\\:\\/\\/x\\.y\\) |') || md.includes('VI-\\[3\\](http\\://x\\.y)'), md);
    assert.ok(!md.includes('](http://'), 'no live link');
    assert.match(md, /\| \*\*Total\*\* \(2 instances\) \| \*\*160\*\* /);
  });
});
