// Debian's Chromium is the browser the webview and end-to-end tests drive (playwright-core downloads
// nothing). Every caller checks it before anything else, so a missing browser fails in milliseconds.
import { accessSync, constants } from 'node:fs';
import { DEFAULT_CHROMIUM } from './paths.js';
import { HarnessError } from './processes.js';
import { aptCommand, REQUIREMENTS } from './systemPackages.js';

export class MissingChromiumError extends HarnessError {}

/** Returns the Chromium executable, or throws with the exact command that installs it. */
export function checkChromium(): string {
  const exe = process.env.VSTK_CHROMIUM || DEFAULT_CHROMIUM;
  try {
    accessSync(exe, constants.X_OK);
    return exe;
  } catch {
    throw new MissingChromiumError(
      `Chromium not found at ${exe}. Install it (as root) with:\n` +
        `  ${aptCommand(REQUIREMENTS.filter((r) => r.for.includes('test')).map((r) => r.pkg))}\n` +
        `or run \`npm run setup\` (installs what is missing, with sudo if needed); set VSTK_CHROMIUM to use another Chromium binary.`,
    );
  }
}
