// `npm run editor:install`: warms the code-server cache and checks Chromium, so later test runs
// start immediately.
import { ensureCodeServer } from './install.js';
import { checkChromium } from './chromium.js';
import { runMain } from './processes.js';
import { CODE_SERVER_VERSION } from './paths.js';

runMain('editor:install', async () => {
  const entry = await ensureCodeServer();
  console.log(`[editor] code-server ${CODE_SERVER_VERSION} ready: ${entry}`);
  const chromium = checkChromium();
  console.log(`[editor] chromium ready: ${chromium}`);
});
