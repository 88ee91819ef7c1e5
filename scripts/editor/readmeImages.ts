// `npm run readme:images`: re-encodes the few screenshots the VSIX ships (packagedReadme.ts) from
// docs/screenshots/*.png to media/readme/*.webp, scaled to 960 px wide, through Chromium's own WebP
// encoder (a canvas), so no image library is needed. Run after `npm run screenshots`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { launchBrowser } from './browser.js';
import { SHIPPED_SCREENSHOTS, shippedImagePath } from './packagedReadme.js';
import { repoRoot } from './paths.js';
import { runMain } from './processes.js';

const WIDTH = 960;
const QUALITY = 0.8;

runMain('readme-images', async () => {
  const browser = await launchBrowser();
  const page = await browser.newPage();
  mkdirSync(path.join(repoRoot, 'media', 'readme'), { recursive: true });
  for (const name of SHIPPED_SCREENSHOTS) {
    const png = readFileSync(path.join(repoRoot, 'docs', 'screenshots', `${name}.png`)).toString('base64');
    const dataUrl = await page.evaluate(async ({ png, width, quality }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const scale = Math.min(1, width / img.naturalWidth);
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(img.naturalWidth * scale);
      canvas.height = Math.round(img.naturalHeight * scale);
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2d canvas');
      g.imageSmoothingQuality = 'high';
      g.drawImage(img, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', quality);
    }, { png, width: WIDTH, quality: QUALITY });
    const webp = Buffer.from(dataUrl.replace(/^data:image\/webp;base64,/, ''), 'base64');
    if (webp.subarray(8, 12).toString('latin1') !== 'WEBP') throw new Error(`${name}: Chromium did not encode WebP`);
    writeFileSync(path.join(repoRoot, shippedImagePath(name)), webp);
    console.log(`[readme-images] ${shippedImagePath(name)}: ${(webp.length / 1024).toFixed(1)} KB`);
  }
  await browser.close();
});
