// The README's animation of the watch ticking: three frames the watch e2e suite shoots around its one real tick
// (before, the status bar changed, today's row changed in place), cropped to the month view and the status bar and
// joined into an animated PNG (upng-js). Frames are drawn by Chromium's canvas, as readmeImages.ts draws its pictures.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import UPNG from 'upng-js';
import { repoRoot } from './paths.js';

/** The frames, in order, from docs/screenshots/ (test/e2e/watch.test.ts writes them). */
const WATCH_TICK_FRAMES = ['watch-tick-1', 'watch-tick-2', 'watch-04-month-view-live'] as const;
/** How long each frame shows, in ms: the last one longest, so the change can be read before the loop starts. */
const DELAYS = [1500, 1500, 3000];
/** The month view and the status bar below it (source pixels of the 1280×800 screenshots). */
const CROP = { x: 352, y: 36, w: 928, h: 764 };
const WIDTH = 640;
/** Colours per frame: the panel's flat colours survive a palette, and it keeps the file small. */
const COLOURS = 256;

export const watchTickPath = path.join('docs', 'screenshots', 'watch-tick.png');

export async function writeWatchAnimation(page: Page): Promise<number> {
  const frames: ArrayBuffer[] = [];
  let size = { width: 0, height: 0 };
  for (const name of WATCH_TICK_FRAMES) {
    const png = readFileSync(path.join(repoRoot, 'docs', 'screenshots', `${name}.png`)).toString('base64');
    const drawn = await page.evaluate(
      async ({ png, crop, width }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${png}`;
        await img.decode();
        const scale = width / crop.w;
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(crop.w * scale);
        canvas.height = Math.round(crop.h * scale);
        const g = canvas.getContext('2d');
        if (!g) throw new Error('no 2d canvas');
        g.imageSmoothingQuality = 'high';
        g.drawImage(img, crop.x, crop.y, crop.w, crop.h, 0, 0, canvas.width, canvas.height);
        const data = g.getImageData(0, 0, canvas.width, canvas.height).data;
        return { width: canvas.width, height: canvas.height, rgba: Array.from(data) };
      },
      { png, crop: CROP, width: WIDTH },
    );
    size = { width: drawn.width, height: drawn.height };
    frames.push(new Uint8Array(drawn.rgba).buffer);
  }
  const apng = Buffer.from(UPNG.encode(frames, size.width, size.height, COLOURS, DELAYS));
  writeFileSync(path.join(repoRoot, watchTickPath), apng);
  return apng.length;
}
