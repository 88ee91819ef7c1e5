// Instances against their peers (src/shared/overview/peers.ts) held to a reference computed here independently: for
// each instance the others' changes are gathered by filtering on the id, and median, MAD and mean come from
// simple-statistics. Generated sets of changes (seeded), planted outliers, rows without a change, MAD = 0, every other
// change equal, too few instances, and a change that is far by score but within the minimum difference.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { OverviewRow } from '../../../../src/shared/overview/overview.js';
import { comparePeers, peerSortValue } from '../../../../src/shared/overview/peers.js';

// simple-statistics is an ES module; this file loads it the way Node allows from here.
const loading = import('simple-statistics');
let mean: Awaited<typeof loading>['mean'];
let median: Awaited<typeof loading>['median'];
let medianAbsoluteDeviation: Awaited<typeof loading>['medianAbsoluteDeviation'];
before(async () => {
  ({ mean, median, medianAbsoluteDeviation } = await loading);
});

interface Expected {
  standsOut: boolean;
  direction: 'high' | 'low';
  median: number;
  others: number;
  /** This and the score are compared within 1e-9 of their size (the two ways of dividing differ in the last bits); ±Infinity as such. */
  score: number;
}

const trend = new Array<number | null>(12).fill(null);

/** The verdicts are the reference's: the same instances, each the same but for the score's last bits. */
function assertSame(got: Map<string, Expected>, want: Map<string, Expected>, message = ''): void {
  assert.deepEqual([...got.keys()], [...want.keys()], message);
  for (const [id, w] of want) {
    const g = got.get(id)!;
    assert.deepEqual({ ...g, score: 0, median: 0 }, { ...w, score: 0, median: 0 }, `${message} ${id}`);
    assert.ok(Math.abs(g.median - w.median) <= 1e-9 * Math.max(1, Math.abs(w.median)), `${message} ${id}: median ${g.median}, ${w.median}`);
    const close = Number.isFinite(w.score) ? Math.abs(g.score - w.score) <= 1e-9 * Math.max(1, Math.abs(w.score)) : g.score === w.score;
    assert.ok(close, `${message} ${id}: score ${g.score}, the reference's ${w.score}`);
  }
}

function okRow(instanceId: string, changePct: number | null): OverviewRow {
  return {
    instanceId,
    status: 'ok',
    figures: { callLegs: 100, callLegsIn: 50, callLegsOut: 50, callsUnique: 80, durationMin: 300, activeDays: 20 },
    changePct,
    trend,
  };
}

/** The reference: written from the rule's statement, sharing nothing with the code under test. */
function reference(rows: readonly OverviewRow[]): Map<string, Expected> {
  const withChange = rows.filter((r) => r.status === 'ok' && typeof r.changePct === 'number');
  const out = new Map<string, Expected>();
  for (const r of withChange) {
    const x = r.changePct!;
    const others = withChange.filter((o) => o.instanceId !== r.instanceId).map((o) => o.changePct!);
    if (others.length < 3) continue;
    const med = median(others);
    const mad = medianAbsoluteDeviation(others);
    const meanDev = mean(others.map((v) => Math.abs(v - med)));
    const diff = x - med;
    const z =
      mad !== 0 ? (0.6745 * diff) / mad : meanDev !== 0 ? diff / (1.253314 * meanDev) : diff === 0 ? 0 : diff * Number.POSITIVE_INFINITY;
    out.set(r.instanceId, {
      standsOut: Math.abs(z) > 3.5 && Math.abs(diff) >= 10,
      direction: diff > 0 ? 'high' : 'low',
      median: med,
      others: others.length,
      score: z,
    });
  }
  return out;
}

function actual(rows: readonly OverviewRow[]): Map<string, Expected> {
  const { verdicts } = comparePeers(rows);
  return new Map(
    [...verdicts].map(([id, v]) => [
      id,
      {
        standsOut: v.far,
        direction: v.direction,
        median: v.median,
        others: v.compared,
        score: v.score,
      },
    ]),
  );
}

/** A small seeded generator (mulberry32), so every run draws the same sets. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` instances' changes around `centre` with ±`spread` noise (one decimal, as rows carry them), some planted. */
function changes(seed: number, n: number, centre: number, spread: number, planted: Record<number, number> = {}): OverviewRow[] {
  const rnd = seeded(seed);
  return Array.from({ length: n }, (_, i) => {
    // A sum of three draws: bunched in the middle, like real instances' changes.
    const noise = ((rnd() + rnd() + rnd()) / 3 - 0.5) * 2 * spread;
    const pct = planted[i] ?? Math.round((centre + noise) * 10) / 10;
    return okRow(`VI-${String(i + 1).padStart(3, '0')}`, pct);
  });
}

void describe('instances against their peers (shared rule)', () => {
  void it('agrees with the independent reference on generated sets of changes', () => {
    let marked = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const n = 4 + (seed % 37);
      const planted = seed % 3 === 0 ? { [seed % n]: 150 + seed * 4 } : seed % 5 === 0 ? { [(seed * 7) % n]: -85 } : {};
      const rows = changes(seed, n, -20 + (seed % 9) * 5, 3 + (seed % 11) * 4, planted);
      const expected = reference(rows);
      assertSame(actual(rows), expected, `seed ${seed}`);
      marked += [...expected.values()].filter((e) => e.standsOut).length;
    }
    assert.ok(marked >= 15, `the generated sets plant instances that stand out (${marked})`);
  });

  void it('"+240 % against the others\' median +5 %": marked, high, with the median and MAD of the others only', () => {
    const others = [5, 2, 8, 4.5, 6, 3, 7, 5.5, 1, 9, 4, 6.5];
    const rows = [...others.map((c, i) => okRow(`VI-${i + 1}`, c)), okRow('VI-BIG', 240)];
    const { verdicts, standOut, withChange } = comparePeers(rows);
    assert.equal(withChange, 13);
    assert.deepEqual(
      standOut.map((v) => v.instanceId),
      ['VI-BIG'],
    );
    const big = verdicts.get('VI-BIG')!;
    assert.equal(big.direction, 'high');
    assert.equal(big.compared, 12, 'the 12 others, not itself');
    assert.equal(big.median, median(others));
    assert.equal(big.mad, medianAbsoluteDeviation(others));
    assert.equal(big.changePct, 240);
    // Each of the others is judged against the 11 others and VI-BIG: none stands out.
    assert.ok([...verdicts.values()].filter((v) => v.instanceId !== 'VI-BIG').every((v) => !v.far && v.compared === 12));
    assertSame(actual(rows), reference(rows));
  });

  void it('rows without a change are neither judged nor compared; fewer than 3 others say nothing', () => {
    const rows: OverviewRow[] = [
      okRow('VI-A', 10),
      okRow('VI-B', 12),
      okRow('VI-C', null), // no previous month to compare
      { instanceId: 'VI-D', status: 'failed', error: 'suspended', trend },
      { instanceId: 'VI-E', status: 'pending', trend },
      okRow('VI-F', 400),
    ];
    const three = comparePeers(rows);
    assert.equal(three.withChange, 3);
    assert.equal(three.verdicts.size, 0, 'two others are too few');
    const four = comparePeers([...rows, okRow('VI-G', 11)]);
    assert.deepEqual([...four.verdicts.keys()].sort(), ['VI-A', 'VI-B', 'VI-F', 'VI-G']);
    assert.deepEqual(
      four.standOut.map((v) => v.instanceId),
      ['VI-F'],
    );
    assertSame(actual([...rows, okRow('VI-G', 11)]), reference([...rows, okRow('VI-G', 11)]));
  });

  void it('MAD = 0: the mean absolute deviation is the scale; every other change equal: any difference of 10 points', () => {
    // Five of eight others at exactly 0 %: MAD 0, mean deviation from the median 0 is (3 × 20) / 8 = 7.5.
    const base = [0, 0, 0, 0, 0, 20, -20, 20];
    const limit = 3.5 * 1.253314 * mean(base.map((v) => Math.abs(v)));
    const rowsAt = (x: number): OverviewRow[] => [...base.map((c, i) => okRow(`VI-${i}`, c)), okRow('VI-X', x)];
    const just = Math.floor(limit * 10) / 10;
    assert.equal(comparePeers(rowsAt(just)).verdicts.get('VI-X')?.far, false);
    const over = comparePeers(rowsAt(just + 0.1)).verdicts.get('VI-X');
    assert.equal(over?.far, true);
    assert.equal(over?.scaleKind, 'meanDeviation');
    assertSame(actual(rowsAt(just + 0.1)), reference(rowsAt(just + 0.1)));
    // Every other instance flat at 0 %: 9.9 points is usual whatever the score, 10 stands out (score infinite).
    const flat = (x: number): OverviewRow[] => [...[0, 0, 0, 0].map((c, i) => okRow(`VI-${i}`, c)), okRow('VI-X', x)];
    assert.equal(comparePeers(flat(9.9)).verdicts.get('VI-X')?.far, false);
    const ten = comparePeers(flat(-10)).verdicts.get('VI-X');
    assert.deepEqual([ten?.far, ten?.direction, ten?.scaleKind, ten?.score], [true, 'low', 'none', -Infinity]);
    assertSame(actual(flat(-10)), reference(flat(-10)));
  });

  void it('a far score within 10 points of the others is not marked (instances that barely changed)', () => {
    // Others within ±0.5 %: +6 % is a huge score, but only 6 points away.
    const rows = [...[0.1, -0.2, 0.3, 0, -0.1, 0.2].map((c, i) => okRow(`VI-${i}`, c)), okRow('VI-X', 6)];
    const v = comparePeers(rows).verdicts.get('VI-X');
    assert.ok(v && Math.abs(v.score) > 3.5);
    assert.equal(v.far, false);
    assertSame(actual(rows), reference(rows));
  });

  void it('the sort puts the instances that stand out first, then the farthest from the others', () => {
    const rows = [...[3, 5, 4, 6, 5, 4, 7, 2].map((c, i) => okRow(`VI-${i}`, c)), okRow('VI-UP', 90), okRow('VI-DOWN', -60)];
    const { verdicts } = comparePeers(rows);
    const order = [...verdicts.values()]
      .sort((a, b) => peerSortValue(b)! - peerSortValue(a)!)
      .map((v) => v.instanceId)
      .slice(0, 2);
    assert.deepEqual(order, ['VI-UP', 'VI-DOWN']);
    assert.equal(peerSortValue(undefined), undefined);
    // An infinite score sorts, and above any finite one of a row that stands out.
    const flat = comparePeers([...[0, 0, 0].map((c, i) => okRow(`VI-${i}`, c)), okRow('VI-X', 50)]).verdicts.get('VI-X');
    assert.ok(Number.isFinite(peerSortValue(flat)) && peerSortValue(flat)! > peerSortValue(verdicts.get('VI-UP'))!);
  });
});
