// The contrast of text on what lies behind it, from colours as a page's getComputedStyle gives them. The arithmetic
// runs in the test process: a function handed to Playwright's evaluate must not declare named functions inside,
// because tsx (esbuild's keepNames) wraps them in a `__name(...)` helper that exists here, not in the page — the
// evaluate then throws "__name is not defined" on every try (what made an earlier contrast wait time out).
import type { Locator } from 'playwright-core';

type Rgba = [number, number, number, number];

/** `rgb(…)`, `rgba(…)` or `color(srgb …)` (what color-mix computes to) as 0–255 channels and an alpha of 0–1. */
function parseColor(css: string): Rgba {
  const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)$/.exec(css.trim());
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
  const rgb = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)$/.exec(css.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  throw new Error(`not a computed colour: "${css}"`);
}

/** `top` painted over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
}

/** WCAG 2.1 relative luminance of an opaque colour. */
export function luminance([r, g, b]: Rgba): number {
  const lin = (v: number): number => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.1 contrast ratio of two opaque colours (1 to 21). */
function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface TextReading {
  /** The class attribute of the frame's body: the editor puts the theme's kind there (vscode-dark, …). */
  bodyClass: string;
  /** The text's colour as painted, and the backdrop behind it (every background from the element up, composited). */
  text: Rgba;
  backdrop: Rgba;
  ratio: number;
}

/**
 * Reads `element`'s text colour and every background from it up to the root in its own frame (a webview's content
 * frame, nested in code-server's webview iframe, is reached through the locator) and composites them over the
 * editor's background, which shows through where nothing is painted.
 */
export async function readTextContrast(element: Locator): Promise<TextReading> {
  const raw = await element.evaluate((el) => {
    // Anonymous functions only (see the top of this file).
    const backgrounds: string[] = [];
    for (let at: Element | null = el; at; at = at.parentElement) backgrounds.push(getComputedStyle(at).backgroundColor);
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--vscode-editor-background').trim() || 'transparent';
    document.body.append(probe);
    const editor = getComputedStyle(probe).color;
    probe.remove();
    return { bodyClass: document.body.className, text: getComputedStyle(el).color, backgrounds, editor };
  });
  const editor = parseColor(raw.editor);
  // Nothing at all behind the page: an editor background of its own would have to show; take white as the worst case
  // for light text and let the ratio tell.
  let backdrop: Rgba = editor[3] > 0 ? over(editor, [255, 255, 255, 1]) : [255, 255, 255, 1];
  for (const layer of [...raw.backgrounds].reverse()) backdrop = over(parseColor(layer), backdrop);
  const text = over(parseColor(raw.text), backdrop);
  return { bodyClass: raw.bodyClass, text, backdrop, ratio: contrastRatio(text, backdrop) };
}
