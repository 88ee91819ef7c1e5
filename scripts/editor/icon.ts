// `npm run icon`: renders assets/icon.svg in Chromium, with a transparent background, twice: to media/icon.png at
// 256×256 (the size the marketplace and the Extensions view ask for) and to assets/mcpb-icon.png at 512×512 (the
// size Claude Desktop recommends for an MCP Bundle's icon; scripts/editor/mcpBundle.ts packs it, the VSIX does not
// carry it). Both are stored with a 256-colour palette (upng-js): Chromium's full-colour PNG of the gradient is
// 33 KB at 256 px, which the VSIX budget cannot take.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import UPNG from 'upng-js';
import { launchBrowser } from './browser.js';
import { BUNDLE_ICON, BUNDLE_ICON_SIZE } from './mcpBundle.js';
import { repoRoot } from './paths.js';
import { runMain } from './processes.js';

export const ICON_SIZE = 256;

runMain('icon', async () => {
  const svg = readFileSync(path.join(repoRoot, 'assets', 'icon.svg'), 'utf8');
  const browser = await launchBrowser();
  const targets = [
    { file: path.join('media', 'icon.png'), size: ICON_SIZE },
    // The MCP Bundle's icon: the same drawing at twice the scale, not an enlarged copy of the 256 px one.
    { file: BUNDLE_ICON, size: BUNDLE_ICON_SIZE },
  ];
  for (const { file, size } of targets) {
    // The SVG is 256 units wide: the device scale factor makes Chromium draw it at `size` pixels.
    const page = await browser.newPage({ viewport: { width: ICON_SIZE, height: ICON_SIZE }, deviceScaleFactor: size / ICON_SIZE });
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const shot = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: ICON_SIZE, height: ICON_SIZE } });
    await page.close();
    const decoded = UPNG.decode(shot.buffer.slice(shot.byteOffset, shot.byteOffset + shot.byteLength) as ArrayBuffer);
    if (decoded.width !== size || decoded.height !== size)
      throw new Error(`Chromium drew ${decoded.width}×${decoded.height}, not ${size}×${size}`);
    const rgba = UPNG.toRGBA8(decoded)[0]!;
    const png = Buffer.from(UPNG.encode([rgba], size, size, 256));
    writeFileSync(path.join(repoRoot, file), png);
    console.log(
      `[icon] ${file}: ${size}×${size}, ${(png.length / 1024).toFixed(1)} KB (Chromium's own PNG: ${(shot.length / 1024).toFixed(1)} KB)`,
    );
  }
  await browser.close();
});
