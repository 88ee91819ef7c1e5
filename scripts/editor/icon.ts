// `npm run icon`: renders assets/icon.svg to media/icon.png at 256×256 (the size the marketplace and the
// Extensions view ask for) in Chromium, with a transparent background, then stores it with a 256-colour
// palette (upng-js): Chromium's full-colour PNG of the gradient is 33 KB, which the VSIX budget cannot take.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import UPNG from 'upng-js';
import { launchBrowser } from './browser.js';
import { repoRoot } from './paths.js';
import { runMain } from './processes.js';

export const ICON_SIZE = 256;

runMain('icon', async () => {
  const svg = readFileSync(path.join(repoRoot, 'assets', 'icon.svg'), 'utf8');
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: ICON_SIZE, height: ICON_SIZE }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const shot = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: ICON_SIZE, height: ICON_SIZE } });
  await browser.close();
  const decoded = UPNG.decode(shot.buffer.slice(shot.byteOffset, shot.byteOffset + shot.byteLength) as ArrayBuffer);
  const rgba = UPNG.toRGBA8(decoded)[0]!;
  const png = Buffer.from(UPNG.encode([rgba], ICON_SIZE, ICON_SIZE, 256));
  writeFileSync(path.join(repoRoot, 'media', 'icon.png'), png);
  console.log(
    `[icon] media/icon.png: ${ICON_SIZE}×${ICON_SIZE}, ${(png.length / 1024).toFixed(1)} KB (Chromium's own PNG: ${(shot.length / 1024).toFixed(1)} KB)`,
  );
});
