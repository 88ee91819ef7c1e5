// A small RGB canvas for the chat door's charts: filled rectangles and upper-case text in a 5×7 pixel font drawn at
// twice its size. The charts need bars, a few labels and nothing else; a canvas library would be a native module or
// hundreds of kilobytes. vscode-free.
import { encodePng } from './png.js';

export type Rgb = readonly [number, number, number];

/**
 * The font: each character followed by its seven rows, top first, each row a base-32 digit whose five bits are its
 * pixels, the leftmost the highest (upper-case letters, digits and a little punctuation; "?" stands for the rest).
 */
const FONT =
  '0ehjlphe14c4444e2eh1248v3v2421he426aiv225vgu11he668guhhe7v1248888ehhehhe9ehhf12cAehhvhhhBuhhuhhuCehgggheDsihhhisEvgguggvFvggugggGehgnhhfHhhhvhhhIe44444eJ72222icKhikokihLggggggvMhrllhhhNhhpljhhOehhhhhePuhhugggQehhhlidRuhhukihSfgge11uTv444444UhhhhhheVhhhhha4WhhhlllaXhha4ahhYhhha444Zv1248gv 0000000-000v000+044v440.00000cc,0000c48:0cc0cc0/01248g0%op248j3(2488842)8422248_000000v?eh12404';
const GLYPHS = new Map<string, number[]>();
for (let i = 0; i < FONT.length; i += 8)
  GLYPHS.set(
    FONT[i]!,
    [...FONT.slice(i + 1, i + 8)].map((d) => parseInt(d, 32)),
  );

/** Pixels per font pixel, and the width one character takes with its gap. */
const SCALE = 2;
const CHAR_WIDTH = 6 * SCALE;
export const CHAR_HEIGHT = 7 * SCALE;

export class Raster {
  private readonly px: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.px = new Uint8Array(width * height * 3);
    this.fill(0, 0, width, height, background);
  }

  /** The rectangle from (x, y), clipped to the canvas; coordinates are rounded to whole pixels. */
  fill(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let yy = y0; yy < y1; yy++) {
      for (let xx = x0; xx < x1; xx++) {
        const i = (yy * this.width + xx) * 3;
        this.px[i] = r;
        this.px[i + 1] = g;
        this.px[i + 2] = b;
      }
    }
  }

  /** `text` upper-cased from (x, y), its top left; a character the font lacks is drawn as "?". Returns its width. */
  text(x: number, y: number, text: string, colour: Rgb): number {
    let cx = x;
    for (const ch of text.toUpperCase()) {
      const rows = GLYPHS.get(ch) ?? GLYPHS.get('?')!;
      rows.forEach((bits, row) => {
        for (let col = 0; col < 5; col++) {
          if (bits & (0x10 >> col)) this.fill(cx + col * SCALE, y + row * SCALE, SCALE, SCALE, colour);
        }
      });
      cx += CHAR_WIDTH;
    }
    return cx - x;
  }

  png(): Uint8Array {
    return encodePng(this.width, this.height, this.px);
  }
}

/** The width `text` takes in pixels. */
export function textWidth(text: string): number {
  return [...text].length * CHAR_WIDTH;
}
