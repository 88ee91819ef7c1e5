// Chart colours come from the editor's theme (CSS variables VS Code sets on the page), read at
// render time and again whenever the theme changes, so light, dark and high-contrast themes all
// get their own palette and nothing is hard-coded except last-resort fallbacks.

export interface ChartTheme {
  foreground: string;
  muted: string;
  grid: string;
  inbound: string;
  outbound: string;
  unique: string;
  minutes: string;
  future: string;
  /** Projected days to come (a dashed outline). */
  projected: string;
  warning: string;
  background: string;
  fontFamily: string;
  fontSize: number;
  highContrast: boolean;
}

function cssVar(style: CSSStyleDeclaration, name: string, fallback: string): string {
  const v = style.getPropertyValue(name).trim();
  return v === '' ? fallback : v;
}

export function readChartTheme(): ChartTheme {
  const s = getComputedStyle(document.documentElement);
  const body = document.body.classList;
  const foreground = cssVar(s, '--vscode-foreground', cssVar(s, '--vscode-editor-foreground', '#cccccc'));
  return {
    foreground,
    muted: cssVar(s, '--vscode-descriptionForeground', foreground),
    grid: cssVar(s, '--vscode-charts-lines', 'rgba(128, 128, 128, 0.35)'),
    inbound: cssVar(s, '--vscode-charts-blue', '#3794ff'),
    outbound: cssVar(s, '--vscode-charts-purple', '#b180d7'),
    unique: cssVar(s, '--vscode-charts-orange', '#d18616'),
    minutes: cssVar(s, '--vscode-charts-green', '#89d185'),
    future: cssVar(s, '--vscode-disabledForeground', 'rgba(128, 128, 128, 0.6)'),
    projected: foreground,
    warning: cssVar(s, '--vscode-editorWarning-foreground', '#cca700'),
    background: cssVar(s, '--vscode-editor-background', '#1e1e1e'),
    fontFamily: cssVar(s, '--vscode-font-family', 'system-ui, sans-serif'),
    fontSize: Number.parseFloat(cssVar(s, '--vscode-font-size', '13px')) || 13,
    highContrast: body.contains('vscode-high-contrast') || body.contains('vscode-high-contrast-light'),
  };
}

/** Calls `onChange` after VS Code switches theme (it rewrites the body class and the root style). */
export function onThemeChange(onChange: () => void): void {
  let pending = false;
  const fire = (): void => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      onChange();
    });
  };
  const observer = new MutationObserver(fire);
  observer.observe(document.body, { attributes: true, attributeFilter: ['class', 'data-vscode-theme-kind'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
}

/** A diagonal hatch used for future days, so they read as "no data yet" rather than "zero". */
export function hatchPattern(ctx: CanvasRenderingContext2D, color: string): CanvasPattern | string {
  // Drawn once per canvas and colour: the bands plugin asks for it for every hatched column on every draw.
  let byColor = patterns.get(ctx);
  if (!byColor) patterns.set(ctx, (byColor = new Map<string, CanvasPattern | string>()));
  let pattern = byColor.get(color);
  if (!pattern) byColor.set(color, (pattern = newHatchPattern(ctx, color)));
  return pattern;
}

const patterns = new WeakMap<CanvasRenderingContext2D, Map<string, CanvasPattern | string>>();

function newHatchPattern(ctx: CanvasRenderingContext2D, color: string): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = 8;
  tile.height = 8;
  const t = tile.getContext('2d');
  if (!t) return color;
  t.strokeStyle = color;
  t.lineWidth = 1;
  t.globalAlpha = 0.45;
  t.beginPath();
  t.moveTo(0, 8);
  t.lineTo(8, 0);
  t.moveTo(-2, 2);
  t.lineTo(2, -2);
  t.moveTo(6, 10);
  t.lineTo(10, 6);
  t.stroke();
  return ctx.createPattern(tile, 'repeat') ?? color;
}
