// The month view's and the trend's figures as a picture, for the chat door (host/chat/tools.ts adds it to the tool
// result where the editor takes image parts): call legs as bars, inbound below outbound, over a scale with a few
// labelled lines; the month marks its unusual days, its missing days and the days still to come. Drawn from the
// tool's structured result, so the picture shows exactly the figures the text gives. vscode-free.
import { CHAR_HEIGHT, Raster, textWidth, type Rgb } from './raster.js';

const WIDTH = 720;
const HEIGHT = 360;
const PLOT = { left: 68, right: WIDTH - 16, top: 64, bottom: HEIGHT - 48 };

const INK: Rgb = [31, 31, 31];
const PAPER: Rgb = [255, 255, 255];
const GRID: Rgb = [224, 224, 224];
const AXIS: Rgb = [140, 140, 140];
export const CHART_COLOURS = {
  inbound: [47, 111, 179] as Rgb,
  outbound: [227, 137, 43] as Rgb,
  /** A day or month with call legs but no split into inbound and outbound. */
  total: [120, 120, 120] as Rgb,
  unusual: [198, 40, 40] as Rgb,
  future: [240, 240, 240] as Rgb,
};

/** The tool results' fields the charts read (tools/specs/monthView.ts and trend.ts outputs). */
export interface MonthChartData {
  instanceId: string;
  month: string;
  rows: readonly (readonly [string, number | null, number | null, number | null, number | null, number | null, readonly string[]])[];
}
export interface TrendChartData {
  instanceId: string;
  months: readonly { month: string; totals?: { callLegs: number; callLegsIn: number; callLegsOut: number } }[];
}

interface Bar {
  label?: string;
  label2?: string;
  inbound: number | null;
  outbound: number | null;
  total: number | null;
  unusual?: boolean;
  future?: boolean;
}

/** A round top for the scale and its step: 1, 2 or 5 times a power of ten, about four steps. */
function scale(max: number): { top: number; step: number } {
  if (!(max > 0)) return { top: 4, step: 1 };
  const raw = max / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow);
  return { top: step * Math.ceil(max / step), step };
}

/** 950, 12K, 3M: a scale label short enough for the margin. */
function compact(n: number): string {
  if (n < 10_000) return String(n);
  if (n < 10_000_000) return `${Math.round(n / 1000)}K`;
  return `${Math.round(n / 1_000_000)}M`;
}

function draw(title: string, bars: readonly Bar[], legend: readonly [string, Rgb][]): Uint8Array {
  const r = new Raster(WIDTH, HEIGHT, PAPER);
  // The legend at the right of the title line; the title gets the room left of it.
  let lx = WIDTH - 16 - legend.reduce((w, [label]) => w + 18 + textWidth(label) + 14, 0);
  const room = Math.floor((lx - 16 - 12) / textWidth('M'));
  r.text(16, 14, [...title].length > room ? `${[...title].slice(0, Math.max(0, room - 1)).join('')}?` : title, INK);
  for (const [label, colour] of legend) {
    r.fill(lx, 14 + 2, 12, 12, colour);
    lx += 18 + r.text(lx + 18, 14, label, INK) + 14;
  }

  const values = bars.map((b) => (b.inbound !== null || b.outbound !== null ? (b.inbound ?? 0) + (b.outbound ?? 0) : (b.total ?? 0)));
  const { top, step } = scale(Math.max(0, ...values));
  const plotH = PLOT.bottom - PLOT.top;
  const y = (v: number): number => PLOT.bottom - (v / top) * plotH;
  const slot = (PLOT.right - PLOT.left) / Math.max(1, bars.length);
  const barW = Math.max(1, Math.floor(slot * 0.7));

  bars.forEach((b, i) => {
    if (b.future) r.fill(PLOT.left + i * slot, PLOT.top, slot, plotH, CHART_COLOURS.future);
  });
  for (let v = 0; v <= top; v += step) {
    r.fill(PLOT.left, y(v), PLOT.right - PLOT.left, 1, v === 0 ? AXIS : GRID);
    const label = compact(v);
    r.text(PLOT.left - 8 - textWidth(label), y(v) - CHAR_HEIGHT / 2, label, INK);
  }
  bars.forEach((b, i) => {
    const x = Math.round(PLOT.left + i * slot + (slot - barW) / 2);
    let base = PLOT.bottom;
    const stack = (v: number | null, colour: Rgb): void => {
      const h = Math.round(((v ?? 0) / top) * plotH);
      if (h <= 0) return;
      r.fill(x, base - h, barW, h, colour);
      base -= h;
    };
    if (b.inbound !== null || b.outbound !== null) {
      stack(b.inbound, CHART_COLOURS.inbound);
      stack(b.outbound, CHART_COLOURS.outbound);
    } else {
      stack(b.total, CHART_COLOURS.total);
    }
    if (b.unusual) r.fill(x + barW / 2 - 4, base - 14, 8, 8, CHART_COLOURS.unusual);
    // Labels centred under their bar, kept inside the picture.
    const centred = (label: string): number =>
      Math.min(WIDTH - 2 - textWidth(label), PLOT.left + i * slot + slot / 2 - textWidth(label) / 2);
    if (b.label) r.text(centred(b.label), PLOT.bottom + 8, b.label, INK);
    if (b.label2) r.text(centred(b.label2), PLOT.bottom + 8 + CHAR_HEIGHT + 4, b.label2, INK);
  });
  return r.png();
}

/** The month's call legs per day (days 1, 5, 10 … labelled). */
export function monthChartPng(data: MonthChartData): Uint8Array {
  const bars = data.rows.map(([date, callLegs, inbound, outbound, , , flags]): Bar => {
    const day = Number(date.slice(8, 10));
    return {
      label: day === 1 || day % 5 === 0 ? String(day) : undefined,
      inbound,
      outbound,
      total: callLegs,
      unusual: flags.includes('unusual'),
      future: flags.includes('future'),
    };
  });
  return draw(`${data.instanceId} ${data.month} call legs per day`, bars, [
    ['in', CHART_COLOURS.inbound],
    ['out', CHART_COLOURS.outbound],
    ['unusual', CHART_COLOURS.unusual],
  ]);
}

/** The months' call legs, oldest first (each month's number below it, the year below January and the first). */
export function trendChartPng(data: TrendChartData): Uint8Array {
  const every = Math.ceil(data.months.length / 12);
  const bars = data.months.map(({ month, totals }, i): Bar => {
    const [year, mm] = [month.slice(0, 4), month.slice(5, 7)];
    return {
      label: i % every === 0 ? mm : undefined,
      label2: i === 0 || mm === '01' ? year : undefined,
      inbound: totals ? totals.callLegsIn : null,
      outbound: totals ? totals.callLegsOut : null,
      total: null,
    };
  });
  return draw(`${data.instanceId} call legs per month`, bars, [
    ['in', CHART_COLOURS.inbound],
    ['out', CHART_COLOURS.outbound],
  ]);
}
