// The chat door's charts, read back by an independent PNG decoder (pngjs): the file is a valid PNG of the stated size,
// and what is drawn follows the figures — each bar's inbound and outbound parts, found by their colours, stand in the
// figures' proportions, in the days' order; a day without figures, or one still to come, has no bar; only the unusual
// days carry the unusual mark. Expectations come from the figures and the colours alone, not from the layout's numbers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PNG } from 'pngjs';
import fc from 'fast-check';
import { encodePng } from '../../../../src/tools/chart/png.js';
import { CHART_COLOURS, monthChartPng, trendChartPng, type MonthChartData } from '../../../../src/tools/chart/toolCharts.js';

type Rgb = readonly [number, number, number];

function decode(png: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(png));
}

/** The title line with the legend's squares: the top 40 pixels, left out when looking for the chart's marks. */
const TITLE_LINE = 40;

/** For each run of neighbouring columns holding `colour` below the title line: its first column and the height of that colour in it. */
function columnsOf(img: PNG, colour: Rgb): { x: number; height: number }[] {
  const heightAt = (x: number): number => {
    let n = 0;
    for (let y = TITLE_LINE; y < img.height; y++) {
      const i = (y * img.width + x) * 4;
      if (img.data[i] === colour[0] && img.data[i + 1] === colour[1] && img.data[i + 2] === colour[2]) n++;
    }
    return n;
  };
  const runs: { x: number; height: number }[] = [];
  let inRun = false;
  for (let x = 0; x < img.width; x++) {
    const h = heightAt(x);
    if (h > 0 && !inRun) runs.push({ x, height: h });
    inRun = h > 0;
  }
  return runs;
}

function day(n: number): string {
  return `2026-10-${String(n).padStart(2, '0')}`;
}

function month(rows: [number, number | null, number | null, string[]][]): MonthChartData {
  return {
    instanceId: 'VI-TEST-1',
    month: '2026-10',
    rows: rows.map(([d, inbound, outbound, flags]) => [
      day(d),
      inbound === null || outbound === null ? null : inbound + outbound,
      inbound,
      outbound,
      null,
      null,
      flags,
    ]),
  };
}

void describe('chat charts', () => {
  void it('writes a PNG any decoder reads: signature, size and pixels as given', () => {
    const rgb = new Uint8Array(3 * 2 * 3);
    rgb.set([255, 0, 0], 0);
    rgb.set([0, 0, 255], 5 * 3);
    const img = decode(encodePng(3, 2, rgb));
    assert.deepEqual([img.width, img.height], [3, 2]);
    assert.deepEqual([...img.data.subarray(0, 4)], [255, 0, 0, 255]);
    assert.deepEqual([...img.data.subarray(5 * 4, 5 * 4 + 4)], [0, 0, 255, 255]);
    assert.throws(() => encodePng(3, 2, new Uint8Array(5)), RangeError);
  });

  void it('month: stacked bars in the figures’ proportions and order; none for a day without figures or to come', () => {
    const img = decode(
      monthChartPng(
        month([
          [1, 100, 100, []],
          [2, 400, 0, ['unusual']],
          [3, null, null, ['missing']],
          [4, 0, 0, []],
          [5, 200, 50, []],
          [6, null, null, ['future']],
        ]),
      ),
    );
    assert.deepEqual([img.width, img.height], [720, 360]);
    const inbound = columnsOf(img, CHART_COLOURS.inbound);
    const outbound = columnsOf(img, CHART_COLOURS.outbound);
    assert.equal(inbound.length, 3, 'days 1, 2 and 5 have inbound bars, no other day');
    assert.equal(outbound.length, 2, 'days 1 and 5 have outbound bars');
    assert.ok(inbound[0]!.x < inbound[1]!.x && inbound[1]!.x < inbound[2]!.x, 'in the days’ order');
    const unit = inbound[1]!.height / 400;
    for (const [bar, value] of [
      [inbound[0]!, 100],
      [inbound[2]!, 200],
      [outbound[0]!, 100],
      [outbound[1]!, 50],
    ] as const) {
      assert.ok(Math.abs(bar.height - value * unit) <= 1, `a bar of ${value} is ${bar.height} px high, ${value * unit} expected`);
    }
    assert.equal(outbound[0]!.x, inbound[0]!.x, 'day 1: outbound stands on its inbound');
    // The unusual mark: only over day 2's bar.
    const marks = columnsOf(img, CHART_COLOURS.unusual);
    assert.equal(marks.length, 1);
    assert.ok(marks[0]!.x > inbound[1]!.x && marks[0]!.x < inbound[2]!.x, 'the mark sits over day 2');
    // The day to come is shaded, after every bar.
    const future = columnsOf(img, CHART_COLOURS.future);
    assert.equal(future.length, 1);
    assert.ok(future[0]!.x > inbound[2]!.x);
  });

  void it('trend: one bar per month with totals, in order and proportion; a failed month has none', () => {
    const totals = (i: number, o: number) => ({ callLegs: i + o, callLegsIn: i, callLegsOut: o });
    const img = decode(
      trendChartPng({
        instanceId: 'VI-TEST-1',
        months: [
          { month: '2025-12', totals: totals(300, 300) },
          { month: '2026-01' },
          { month: '2026-02', totals: totals(900, 0) },
          { month: '2026-03', totals: totals(150, 600) },
        ],
      }),
    );
    const inbound = columnsOf(img, CHART_COLOURS.inbound);
    const outbound = columnsOf(img, CHART_COLOURS.outbound);
    assert.equal(inbound.length, 3);
    assert.equal(outbound.length, 2);
    const unit = inbound[1]!.height / 900;
    assert.ok(Math.abs(inbound[0]!.height - 300 * unit) <= 1);
    assert.ok(Math.abs(inbound[2]!.height - 150 * unit) <= 1);
    assert.ok(Math.abs(outbound[1]!.height - 600 * unit) <= 1);
    assert.ok(inbound[2]!.x - inbound[1]!.x < inbound[1]!.x - inbound[0]!.x, 'the failed month keeps its place');
  });

  void it('any month of figures, small or counted in billions: one inbound bar per day that has one, in proportion (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 100, max: 1000 }), { nil: null }), { minLength: 1, maxLength: 31 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (days, factor) => {
          const values = days.map((d) => (d === null ? null : d * factor));
          const img = decode(monthChartPng(month(values.map((v, i) => [i + 1, v, v === null ? null : 0, v === null ? ['missing'] : []]))));
          assert.deepEqual([img.width, img.height], [720, 360]);
          const bars = columnsOf(img, CHART_COLOURS.inbound);
          const drawn = values.filter((v): v is number => v !== null);
          assert.equal(bars.length, drawn.length);
          if (drawn.length === 0) return;
          const max = Math.max(...drawn);
          const unit = bars[drawn.indexOf(max)]!.height / max;
          drawn.forEach((v, i) => assert.ok(Math.abs(bars[i]!.height - v * unit) <= 1, `${v}: ${bars[i]!.height} px`));
        },
      ),
      { numRuns: 40 },
    );
  });
});
