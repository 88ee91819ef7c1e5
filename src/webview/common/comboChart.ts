// The chart both the month view and the trend use: inbound and outbound legs as stacked bars on
// the left axis, unique calls and minutes as lines on the right axis, and hatched bands over
// categories that have no data yet (future) or none at all (missing / failed).
// Only the chart.js pieces used here are registered, which keeps the bundle small.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
  type Plugin,
  type TooltipItem,
} from 'chart.js';
import * as l10n from '@vscode/l10n';
import { hatchPattern, readChartTheme, type ChartTheme } from './chartTheme.js';
import { formatInt } from './format.js';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

export type Band = 'future' | 'missing';

export interface ComboPoint {
  label: string;
  tooltipTitle: string;
  inbound: number | null;
  outbound: number | null;
  unique: number | null;
  minutes: number | null;
  band?: Band;
  /** Extra tooltip lines (warnings). */
  notes: string[];
}

type Kind = 'bar' | 'line';
type Values = (number | null)[];
/** The point fields behind the four datasets, in dataset order. */
const SERIES = ['inbound', 'outbound', 'unique', 'minutes'] as const;

export interface ComboChartOptions {
  ariaLabel: string;
  /** Called with the category index when a bar/column is clicked. */
  onSelect(index: number): void;
}

export class ComboChart {
  private chart: Chart<Kind, Values, string>;
  private points: ComboPoint[] = [];
  private theme: ChartTheme = readChartTheme();

  /** `points` are drawn by the constructor itself: one layout and one draw for the first paint, not an empty chart first. */
  constructor(
    canvas: HTMLCanvasElement,
    private readonly o: ComboChartOptions,
    points: ComboPoint[] = [],
  ) {
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', o.ariaLabel);
    this.points = points;
    this.chart = new Chart<Kind, Values, string>(canvas, this.config());
  }

  setData(points: ComboPoint[]): void {
    this.points = points;
    const c = this.chart;
    c.data.labels = points.map((p) => p.label);
    SERIES.forEach((key, i) => {
      c.data.datasets[i]!.data = points.map((p) => p[key]);
    });
    c.update();
  }

  /** Re-reads the theme's colours (after VS Code changed theme). */
  refreshTheme(): void {
    this.theme = readChartTheme();
    const next = this.config();
    this.chart.options = next.options ?? {};
    next.data.datasets.forEach((d, i) => {
      const cur = this.chart.data.datasets[i];
      if (cur) Object.assign(cur, { ...d, data: cur.data });
    });
    this.chart.update('none');
  }

  destroy(): void {
    this.chart.destroy();
  }

  private config(): ChartConfiguration<Kind, Values, string> {
    const t = this.theme;
    Chart.defaults.font.family = t.fontFamily;
    Chart.defaults.font.size = Math.max(11, t.fontSize - 1);
    Chart.defaults.color = t.muted;
    const border = t.highContrast ? t.foreground : undefined;
    // The two legs: stacked bars on the left axis.
    const bar = (label: string, key: 'inbound' | 'outbound', color: string): ChartDataset<Kind, Values> => ({
      type: 'bar',
      label,
      data: this.points.map((p) => p[key]),
      stack: 'legs',
      yAxisID: 'y',
      order: 2,
      backgroundColor: color,
      borderColor: border ?? color,
      borderWidth: border ? 1 : 0,
      borderRadius: 2,
      maxBarThickness: 28,
    });
    const tickColor = (index: number): string => (this.points[index]?.band === 'future' ? t.future : t.muted);
    return {
      type: 'bar',
      data: {
        labels: this.points.map((p) => p.label),
        datasets: [
          bar(l10n.t('Inbound legs'), 'inbound', t.inbound),
          bar(l10n.t('Outbound legs'), 'outbound', t.outbound),
          {
            type: 'line',
            label: l10n.t('Unique calls'),
            data: this.points.map((p) => p.unique),
            yAxisID: 'y1',
            order: 1,
            borderColor: t.unique,
            backgroundColor: t.unique,
            borderWidth: 2,
            pointRadius: 2.5,
            pointHoverRadius: 5,
            tension: 0.25,
            spanGaps: false,
          },
          {
            type: 'line',
            label: l10n.t('Minutes'),
            data: this.points.map((p) => p.minutes),
            yAxisID: 'y1',
            order: 1,
            borderColor: t.minutes,
            backgroundColor: t.minutes,
            borderWidth: 2,
            borderDash: [5, 3],
            pointRadius: 2.5,
            pointHoverRadius: 5,
            pointStyle: 'rectRot',
            tension: 0.25,
            spanGaps: false,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        // Drawn in its final state at once: a panel counts as painted when its chart is, and every render
        // builds a new chart, so an entry animation would only ever delay that first paint.
        animation: false,
        interaction: { mode: 'index', intersect: false },
        layout: { padding: { top: 4 } },
        onClick: (event, _elements, chart) => {
          // The column under the pointer, anywhere in the plot area (bars can be tiny or zero).
          const { chartArea } = chart;
          const x = event.x ?? -1;
          const y = event.y ?? -1;
          if (x < chartArea.left || x > chartArea.right || y < chartArea.top || y > chartArea.bottom) return;
          const index = Math.round(chart.scales.x?.getValueForPixel(x) ?? -1);
          if (index >= 0 && index < this.points.length) this.o.onSelect(index);
        },
        onHover: (event, elements) => {
          const target = event.native?.target;
          if (target instanceof HTMLElement) target.style.cursor = elements.length > 0 ? 'pointer' : 'default';
        },
        scales: {
          x: {
            stacked: true,
            grid: { display: false },
            border: { color: t.grid },
            ticks: { color: (ctx) => tickColor(ctx.index), maxRotation: 0, autoSkipPadding: 6 },
          },
          y: {
            stacked: true,
            beginAtZero: true,
            position: 'left',
            title: { display: true, text: l10n.t('Call legs'), color: t.muted },
            grid: { color: t.grid },
            border: { display: false },
            ticks: { precision: 0, color: t.muted },
          },
          y1: {
            beginAtZero: true,
            position: 'right',
            title: { display: true, text: l10n.t('Calls · minutes'), color: t.muted },
            grid: { display: false },
            border: { display: false },
            ticks: { precision: 0, color: t.muted },
          },
        },
        plugins: {
          legend: {
            position: 'top',
            align: 'end',
            labels: {
              color: t.foreground,
              usePointStyle: true,
              boxWidth: 8,
              boxHeight: 8,
              padding: 14,
              sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0),
            },
          },
          tooltip: {
            backgroundColor: t.background,
            titleColor: t.foreground,
            bodyColor: t.foreground,
            footerColor: t.warning,
            borderColor: t.highContrast ? t.foreground : t.grid,
            borderWidth: 1,
            padding: 10,
            boxPadding: 4,
            usePointStyle: true,
            itemSort: (a, b) => a.datasetIndex - b.datasetIndex,
            callbacks: {
              title: (items: TooltipItem<Kind>[]) => this.points[items[0]?.dataIndex ?? -1]?.tooltipTitle ?? '',
              label: (item: TooltipItem<Kind>) => {
                const y = item.parsed.y;
                return l10n.t({
                  message: '{0}: {1}',
                  args: [item.dataset.label ?? '', y === null || y === undefined ? '—' : formatInt(y)],
                  comment: ['Chart tooltip line: a series name, then its value'],
                });
              },
              footer: (items: TooltipItem<Kind>[]) => this.points[items[0]?.dataIndex ?? -1]?.notes ?? [],
            },
          },
        },
      },
      plugins: [this.bandsPlugin()],
    };
  }

  /** Shades the columns of future and missing categories behind the datasets. */
  private bandsPlugin(): Plugin<Kind> {
    return {
      id: 'vstkBands',
      beforeDatasetsDraw: (chart) => {
        const { ctx, chartArea, scales } = chart;
        const x = scales.x;
        if (!x || this.points.length === 0) return;
        const width = (chartArea.right - chartArea.left) / this.points.length;
        ctx.save();
        this.points.forEach((p, i) => {
          if (!p.band) return;
          const center = x.getPixelForValue(i);
          ctx.fillStyle = hatchPattern(ctx, p.band === 'future' ? this.theme.future : this.theme.warning);
          ctx.fillRect(center - width / 2, chartArea.top, width, chartArea.bottom - chartArea.top);
        });
        ctx.restore();
      },
    };
  }
}
