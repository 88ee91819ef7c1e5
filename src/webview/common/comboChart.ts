// The chart both the month view and the trend use: inbound and outbound legs as stacked bars on
// the left axis, unique calls and minutes as lines on the right axis, and hatched bands over
// categories that have no data yet (future) or none at all (missing / failed). Drawn by uPlot, whose
// first chart in a new page costs a few milliseconds (npm run bench, the panel rows), with a legend and
// a hover card of our own: plain elements, hidden from screen readers, which read the table instead.
import uPlot from 'uplot';
import * as l10n from '@vscode/l10n';
import { hatchPattern, readChartTheme, type ChartTheme } from './chartTheme.js';
import { formatInt } from './format.js';

export type Band = 'future' | 'missing';

export interface ComboPoint {
  label: string;
  tooltipTitle: string;
  inbound: number | null;
  outbound: number | null;
  unique: number | null;
  minutes: number | null;
  band?: Band;
  /** Projected call legs of a day to come (a month in progress): drawn as a dashed outline, not as data. */
  projected?: number | null;
  /** Extra tooltip lines (warnings). */
  notes: string[];
}

/** The point fields behind the four series, in drawing order of the legend. */
const SERIES = ['inbound', 'outbound', 'unique', 'minutes'] as const;
type SeriesKey = (typeof SERIES)[number];

export interface ComboChartOptions {
  ariaLabel: string;
  /** Added to the label when some days are projected (screen readers hear that the chart shows a projection). */
  projectedLabel?: string;
  /** Called with the category index when a bar/column is clicked. */
  onSelect(index: number): void;
}

const LEGEND_HEIGHT = 24;

/** Tick steps for counts: whole numbers only (1, 2, 5, 10, 20, 25, 50, ...). */
const COUNT_STEPS = Array.from({ length: 10 }, (_, e) => [1, 2, 2.5, 5].map((m) => m * 10 ** e))
  .flat()
  .filter(Number.isInteger);

/** 0 up to a round number at or above `max`, so the top gridline is labelled. */
export function countRange(max: number | null): [number, number] {
  if (max === null || !(max > 0)) return [0, 5];
  const step = COUNT_STEPS.find((s) => max / s <= 5) ?? 10 ** Math.ceil(Math.log10(max));
  return [0, Math.ceil(max / step) * step];
}

export class ComboChart {
  private plot: uPlot | undefined;
  private points: ComboPoint[];
  private theme: ChartTheme = readChartTheme();
  private readonly legend: HTMLElement;
  private readonly tip: HTMLElement;
  private readonly resize: ResizeObserver;

  /** `box` is the element the chart fills; `points` are drawn at once (one layout, one draw). */
  constructor(
    private readonly box: HTMLElement,
    private readonly o: ComboChartOptions,
    points: ComboPoint[] = [],
  ) {
    this.points = points;
    this.legend = document.createElement('ul');
    this.legend.className = 'chart-legend';
    this.legend.setAttribute('aria-hidden', 'true');
    this.tip = document.createElement('div');
    this.tip.className = 'chart-tip';
    this.tip.setAttribute('aria-hidden', 'true');
    this.tip.hidden = true;
    this.box.replaceChildren(this.legend);
    this.build();
    // An observer reports the box once as soon as it observes it, at the size the plot was just built with; uPlot's
    // setSize to the same size would still clear and redraw the whole chart and force a layout in the first frame.
    this.resize = new ResizeObserver(() => {
      const plot = this.plot;
      const size = this.size();
      if (plot && (size.width !== plot.width || size.height !== plot.height)) plot.setSize(size);
    });
    this.resize.observe(this.box);
  }

  setData(points: ComboPoint[]): void {
    this.points = points;
    this.build();
  }

  /**
   * New values for the same days (a live update): drawn into the same plot and canvas, its scales read again. A
   * different number of days is a new chart (setData).
   */
  update(points: ComboPoint[]): void {
    // A projection arriving or going changes the legend and the label: a new chart.
    const projects = points.some((p) => p.projected !== undefined && p.projected !== null);
    if (!this.plot || points.length !== this.points.length || projects !== this.hasProjection()) return this.setData(points);
    this.points = points;
    this.plot.setData(this.series());
  }

  /** Re-reads the theme's colours (after VS Code changed theme). */
  refreshTheme(): void {
    this.theme = readChartTheme();
    this.build();
  }

  destroy(): void {
    this.resize.disconnect();
    this.plot?.destroy();
    this.plot = undefined;
  }

  private size(): { width: number; height: number } {
    return { width: Math.max(100, this.box.clientWidth), height: Math.max(80, this.box.clientHeight - LEGEND_HEIGHT) };
  }

  private label(key: SeriesKey): string {
    switch (key) {
      case 'inbound':
        return l10n.t('Inbound legs');
      case 'outbound':
        return l10n.t('Outbound legs');
      case 'unique':
        return l10n.t('Unique calls');
      case 'minutes':
        return l10n.t('Minutes');
    }
  }

  private color(key: SeriesKey): string {
    return this.theme[key];
  }

  /** The plot's data: the days' indices, then its series in the order of `series` below. */
  private series(): uPlot.AlignedData {
    const value = (key: SeriesKey) => this.points.map((p) => p[key]);
    // Stacked legs: the outbound bar stands on the inbound one, so it is drawn as their sum, behind it.
    const legs = this.points.map((p) => (p.inbound === null && p.outbound === null ? null : (p.inbound ?? 0) + (p.outbound ?? 0)));
    const projected = this.points.map((p) => p.projected ?? null);
    return [this.points.map((_, i) => i), legs, value('inbound'), value('unique'), value('minutes'), projected];
  }

  /** (Re)creates the plot: every change (data, theme) is a new chart, as cheap as an update with uPlot. */
  private build(): void {
    this.plot?.destroy();
    this.renderLegend();
    const t = this.theme;
    const n = this.points.length;
    const font = `${Math.max(11, t.fontSize - 1)}px ${t.fontFamily}`;
    const border = t.highContrast ? t.foreground : undefined;
    const bars = uPlot.paths.bars?.({ size: [0.6, 28] });
    const line = uPlot.paths.spline?.();
    const barSeries = (key: 'inbound' | 'outbound'): uPlot.Series => ({
      label: this.label(key),
      scale: 'y',
      fill: this.color(key),
      stroke: border ?? this.color(key),
      width: border ? 1 : 0,
      paths: bars,
      points: { show: false },
    });
    const lineSeries = (key: 'unique' | 'minutes'): uPlot.Series => ({
      label: this.label(key),
      scale: 'y1',
      stroke: this.color(key),
      width: 2,
      paths: line,
      points: { show: true, size: 5, fill: this.color(key), stroke: this.color(key) },
      ...(key === 'minutes' ? { dash: [5, 3] } : {}),
    });
    // Days to come: an outline in dashes (a pattern as well as a colour), never filled like the days that happened.
    const projectedSeries: uPlot.Series = {
      label: l10n.t('Projected call legs'),
      scale: 'y',
      stroke: t.projected,
      width: 1.5,
      dash: [4, 3],
      paths: bars,
      points: { show: false },
    };
    // The scales read the plot's data, not this build's: update() draws new values into the same plot.
    const maxOf = (values: ArrayLike<number | null | undefined> | undefined): number =>
      Math.max(0, ...Array.from(values ?? [], (v) => v ?? 0));
    const countAxis = (scale: 'y' | 'y1', title: string, side: 1 | 3): uPlot.Axis => ({
      scale,
      side,
      label: title,
      labelFont: font,
      labelSize: 20,
      font,
      stroke: t.muted,
      grid: scale === 'y' ? { stroke: t.grid, width: 1 } : { show: false },
      ticks: { show: false },
      incrs: COUNT_STEPS,
      values: (_u, splits) => splits.map((v) => formatInt(v)),
    });
    const plot = new uPlot(
      {
        ...this.size(),
        pxAlign: 0,
        legend: { show: false },
        cursor: { x: false, y: false, points: { show: false }, drag: { x: false, y: false, setScale: false } },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: {
          x: { time: false, range: () => [-0.5, Math.max(0, n - 1) + 0.5] },
          y: { range: (u) => countRange(Math.max(maxOf(u.data[1]), maxOf(u.data[5]))) },
          y1: { range: (u) => countRange(Math.max(maxOf(u.data[3]), maxOf(u.data[4]))) },
        },
        axes: [
          {
            font,
            stroke: t.muted,
            grid: { show: false },
            ticks: { show: false },
            border: { show: true, stroke: t.grid, width: 1 },
            splits: () => this.points.map((_, i) => i),
            values: (u, splits) => this.tickLabels(u, splits),
          },
          countAxis('y', l10n.t('Call legs'), 3),
          countAxis('y1', l10n.t('Calls · minutes'), 1),
        ],
        series: [{}, barSeries('outbound'), barSeries('inbound'), lineSeries('unique'), lineSeries('minutes'), projectedSeries],
        hooks: {
          drawClear: [(u) => this.drawBands(u)],
          setCursor: [(u) => this.showTip(u)],
        },
      },
      this.series(),
      this.box,
    );
    const canvas = plot.ctx.canvas;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute(
      'aria-label',
      this.hasProjection() && this.o.projectedLabel ? `${this.o.ariaLabel} ${this.o.projectedLabel}` : this.o.ariaLabel,
    );
    plot.over.style.cursor = n > 0 ? 'pointer' : 'default';
    plot.over.addEventListener('click', (e) => this.select(plot, e));
    plot.over.addEventListener('mouseleave', () => (this.tip.hidden = true));
    plot.over.append(this.tip);
    this.plot = plot;
  }

  /** Category labels, every k-th one so that none overlap (the month view has up to 31). */
  private tickLabels(u: uPlot, splits: number[]): string[] {
    const widest = Math.max(1, ...this.points.map((p) => p.label.length)) * (this.theme.fontSize * 0.62) + 8;
    const every = Math.max(1, Math.ceil((widest * this.points.length) / Math.max(1, u.bbox.width / uPlot.pxRatio)));
    return splits.map((i) => (i % every === 0 ? (this.points[i]?.label ?? '') : ''));
  }

  private select(u: uPlot, e: MouseEvent): void {
    const index = Math.round(u.posToVal(e.offsetX, 'x'));
    if (index >= 0 && index < this.points.length) this.o.onSelect(index);
  }

  /** Shades the columns of future and missing categories behind the series. */
  private drawBands(u: uPlot): void {
    const { ctx, bbox } = u;
    const n = this.points.length;
    if (n === 0) return;
    const width = bbox.width / n;
    ctx.save();
    this.points.forEach((p, i) => {
      if (!p.band) return;
      ctx.fillStyle = hatchPattern(ctx, p.band === 'future' ? this.theme.future : this.theme.warning);
      ctx.fillRect(u.valToPos(i, 'x', true) - width / 2, bbox.top, width, bbox.height);
    });
    ctx.restore();
  }

  private hasProjection(): boolean {
    return this.points.some((p) => p.projected !== undefined && p.projected !== null);
  }

  private renderLegend(): void {
    const key = (name: string, color: string, label: string): HTMLElement => {
      const item = document.createElement('li');
      const swatch = document.createElement('span');
      swatch.className = `chart-key chart-key-${name}`;
      swatch.style.setProperty('--key-color', color);
      item.append(swatch, label);
      return item;
    };
    this.legend.replaceChildren(
      ...SERIES.map((k) => key(k, this.color(k), this.label(k))),
      ...(this.hasProjection() ? [key('projected', this.theme.projected, l10n.t('Projected call legs'))] : []),
    );
  }

  /** The hover card: the category's title, its four values and its notes (plain text). */
  private showTip(u: uPlot): void {
    const i = u.cursor.idx;
    const p = i === null || i === undefined ? undefined : this.points[i];
    if (!p) {
      this.tip.hidden = true;
      return;
    }
    const line = (text: string, className = ''): HTMLElement => {
      const el = document.createElement('div');
      el.className = className;
      el.textContent = text;
      return el;
    };
    this.tip.replaceChildren(
      line(p.tooltipTitle, 'chart-tip-title'),
      ...SERIES.map((key) =>
        line(
          l10n.t({
            message: '{0}: {1}',
            args: [this.label(key), p[key] === null ? '—' : formatInt(p[key])],
            comment: ['Chart tooltip line: a series name, then its value'],
          }),
        ),
      ),
      ...(p.projected !== undefined && p.projected !== null
        ? [line(l10n.t('Projected call legs: {0} (a projection, not data)', formatInt(Math.round(p.projected))))]
        : []),
      ...p.notes.map((note) => line(note, 'chart-tip-note')),
    );
    this.tip.hidden = false;
    const left = u.cursor.left ?? 0;
    const plotWidth = u.bbox.width / uPlot.pxRatio;
    const tipWidth = this.tip.offsetWidth;
    this.tip.style.left = `${left + 12 + tipWidth > plotWidth ? Math.max(0, left - 12 - tipWidth) : left + 12}px`;
    this.tip.style.top = `${Math.max(0, (u.cursor.top ?? 0) - 10)}px`;
  }
}
