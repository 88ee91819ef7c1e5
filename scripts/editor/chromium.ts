// Debian's Chromium is the browser the end-to-end suite drives (playwright-core downloads nothing).
import { accessSync, constants } from 'node:fs';
import { APT_PACKAGES, DEFAULT_CHROMIUM } from './paths.js';
import { HarnessError } from './processes.js';

export class MissingChromiumError extends HarnessError {}

/** Returns the Chromium executable, or throws with the exact command that installs it. */
export function checkChromium(): string {
  const exe = process.env.VSTK_CHROMIUM ?? DEFAULT_CHROMIUM;
  try {
    accessSync(exe, constants.X_OK);
    return exe;
  } catch {
    throw new MissingChromiumError(
      `Chromium not found at ${exe}. Install it (as root) with:\n` +
        `  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${APT_PACKAGES.join(' ')}\n` +
        `or run scripts/ci-apt.sh; set VSTK_CHROMIUM to use another Chromium binary.`,
    );
  }
}
