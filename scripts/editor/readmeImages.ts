// `npm run readme:images`: re-encodes the few screenshots the VSIX ships (packagedReadme.ts) from
// docs/screenshots/*.png to media/readme/*.webp, scaled to at most 800 px wide (quality 0.5: the four of them keep the VSIX within its budget), through Chromium's own WebP
// encoder (a canvas), and joins the watch's tick into the README's animation (watchAnimation.ts). Run after
// `npm run screenshots`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { launchBrowser } from './browser.js';
import { SHIPPED_SCREENSHOTS, shippedImagePath } from './packagedReadme.js';
import { repoRoot } from './paths.js';
import { runMain } from './processes.js';
import { watchTickPath, writeWatchAnimation } from './watchAnimation.js';

const WIDTH = 800;
const QUALITY = 0.5;

/**
 * The part of each 1280×800 screenshot that shows the feature (source pixels): the VSIX has a size
 * budget, and an empty editor area costs bytes without showing anything.
 */
const CROPS: Partial<Record<(typeof SHIPPED_SCREENSHOTS)[number], { x: number; y: number; w: number; h: number; width?: number }>> = {
  'month-view': { x: 352, y: 36, w: 928, h: 730, width: 560 }, // the panel, without the Explorer
  'overview-04-dark': { x: 54, y: 36, w: 1226, h: 604, width: 500 }, // the panel, without the activity bar
  'watch-01-status-bar': { x: 0, y: 36, w: 560, h: 764, width: 300 }, // the watched rows in the tree and the status bar below
  'sms-05-sent': { x: 0, y: 520, w: 1280, h: 280 }, // the Sent SMS row and the notification
};

runMain('readme-images', async () => {
  const browser = await launchBrowser();
  const page = await browser.newPage();
  mkdirSync(path.join(repoRoot, 'media', 'readme'), { recursive: true });
  for (const name of SHIPPED_SCREENSHOTS) {
    const png = readFileSync(path.join(repoRoot, 'docs', 'screenshots', `${name}.png`)).toString('base64');
    const dataUrl = await page.evaluate(
      async ({ png, width, quality, crop }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${png}`;
        await img.decode();
        const c = crop ?? { x: 0, y: 0, w: img.naturalWidth, h: img.naturalHeight };
        const scale = Math.min(1, width / c.w);
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(c.w * scale);
        canvas.height = Math.round(c.h * scale);
        const g = canvas.getContext('2d');
        if (!g) throw new Error('no 2d canvas');
        g.imageSmoothingQuality = 'high';
        g.drawImage(img, c.x, c.y, c.w, c.h, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/webp', quality);
      },
      { png, width: CROPS[name]?.width ?? WIDTH, quality: QUALITY, crop: CROPS[name] },
    );
    const webp = Buffer.from(dataUrl.replace(/^data:image\/webp;base64,/, ''), 'base64');
    if (webp.subarray(8, 12).toString('latin1') !== 'WEBP') throw new Error(`${name}: Chromium did not encode WebP`);
    writeFileSync(path.join(repoRoot, shippedImagePath(name)), webp);
    console.log(`[readme-images] ${shippedImagePath(name)}: ${(webp.length / 1024).toFixed(1)} KB`);
  }
  // Not shipped (the VSIX has a size budget): the repository's README shows it.
  const bytes = await writeWatchAnimation(page);
  console.log(`[readme-images] ${watchTickPath}: ${(bytes / 1024).toFixed(1)} KB, animated`);
  await browser.close();
});
