// get_account_overview / voiceSms_getAccountOverview on instances against their peers: the text names the instances
// whose change stands out, each with why, or says that none does, or that too few instances have a change to tell;
// the structured result carries the same (peers.standOut and each row's peers), as plain JSON (no Infinity).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { overviewTotals, type OverviewRow } from '../../../../src/shared/overview/overview.js';
import { overviewToolResult } from '../../../../src/tools/overview/overviewText.js';

const trend = new Array<number | null>(12).fill(null);
const row = (instanceId: string, changePct: number | null): OverviewRow => ({
  instanceId,
  status: 'ok',
  figures: { callLegs: 100, callLegsIn: 60, callLegsOut: 40, callsUnique: 80, durationMin: 250, activeDays: 20 },
  previousCallLegs: 90,
  changePct,
  trend,
});

function result(rows: OverviewRow[]) {
  return overviewToolResult('202611', '202610', rows, overviewTotals(rows));
}

void describe('the overview tool on instances against their peers', () => {
  void it('names the instance that stands out with why, in the text and the structured result', () => {
    const others = [5, 2, 8, 4.5, 6, 3, 7, 5.5, 1, 9, 4, 6.5];
    const rows = [...others.map((c, i) => row(`VI-${i + 1}`, c)), row('VI-BIG', 240), row('VI-NONE', null)];
    const { text, data } = result(rows);
    assert.deepEqual(data.peers, { instancesWithChange: 13, standOut: ['VI-BIG'] });
    const big = data.rows.find((r) => r.instanceId === 'VI-BIG')?.peers;
    assert.equal(big?.standsOut, true);
    assert.equal(big?.direction, 'high');
    assert.equal(big?.others, 12);
    assert.equal(big?.othersMedianPct, 5.3, 'the median of the 12 others (5.25), one decimal');
    assert.equal(big?.othersMad, 1.5, 'their distances from 5.25: the median of .25, .25, .75, .75, 1.25, 1.25 | 1.75, …');
    assert.equal(big?.scale, 'mad');
    assert.ok(typeof big?.score === 'number' && big.score > 3.5);
    assert.equal(data.rows.find((r) => r.instanceId === 'VI-NONE')?.peers, undefined, 'a row without a change is not compared');
    assert.ok(data.rows.filter((r) => r.peers?.standsOut).length === 1);
    assert.match(text, /these stand out:\n- "VI-BIG": \+240% against the others' median \+5\.3% \(MAD 1\.5 points, 12 instances\)\./);
    assert.match(text, /modified z-score/);
    // The structured result is plain JSON: it survives a round trip unchanged.
    assert.deepEqual(JSON.parse(JSON.stringify(data)), data);
  });

  void it('says that none stands out, or that too few instances have a change to tell', () => {
    const calm = result([row('VI-1', 3), row('VI-2', 5), row('VI-3', -2), row('VI-4', 4), row('VI-5', 1)]);
    assert.deepEqual(calm.data.peers, { instancesWithChange: 5, standOut: [] });
    assert.match(calm.text, /Against the others: none of the 5 instances with a change stands out/);
    assert.ok(calm.data.rows.every((r) => r.peers?.standsOut === false));
    const few = result([row('VI-1', 3), row('VI-2', 500), row('VI-3', -2)]);
    assert.deepEqual(few.data.peers, { instancesWithChange: 3, standOut: [] });
    assert.match(few.text, /too few instances with a change \(3\) to tell which stand out; 4 are needed/);
    assert.ok(few.data.rows.every((r) => r.peers === undefined));
  });

  void it('every other change the same: the score is null in the data, the reason says so', () => {
    const { text, data } = result([row('VI-1', 0), row('VI-2', 0), row('VI-3', 0), row('VI-X', -40)]);
    const x = data.rows.find((r) => r.instanceId === 'VI-X')?.peers;
    assert.deepEqual([x?.standsOut, x?.score, x?.scale], [true, null, 'none']);
    assert.match(text, /"VI-X": -40% against the others' median 0% \(all 3 other instances the same\)/);
  });
});
