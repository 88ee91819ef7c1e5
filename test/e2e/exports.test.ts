// What the installed (production) extension gives other extensions: nothing. activate() returns its
// test seam (store credentials, add log masks, read panels) only in test and development mode; this
// asks through a second, ordinary extension installed next to the VSIX (test/fixtures/exportsProbe,
// packaged and installed by scripts/editor/e2e.ts), which activates ours and shows what it got back.
import * as assert from 'node:assert/strict';
import { sharedWindow } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';

describe('exports of the installed extension', function () {
  this.timeout(60_000);
  let wb: Workbench;

  const window = sharedWindow(() => false);
  before(function () {
    wb = window.wb;
  });

  it('another extension that activates the installed VSIX gets undefined back', async function () {
    await wb.runCommand('Exports Probe: Show Voice & SMS Exports');
    const shown = wb.notification(/^exports probe: /).first();
    // Activating both extensions in a new extension host: seconds on a quiet machine, more while other suites run.
    await shown.waitFor({ state: 'visible', timeout: 40_000 });
    // exports=balance,demo,log,logUri,... (the test seam) must never show here.
    assert.equal((await shown.textContent())?.trim(), 'exports probe: exports=undefined');
  });
});
