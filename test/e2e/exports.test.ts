// What the installed (production) extension gives other extensions: nothing. activate() returns its
// test seam (store credentials, add log masks, read panels) only in test and development mode; this
// asks through a second, ordinary extension installed next to the VSIX (test/fixtures/exportsProbe,
// packaged and installed by scripts/editor/e2e.ts), which activates ours and shows what it got back.
import * as assert from 'node:assert/strict';
import { Workbench } from './support/workbench.js';

describe('exports of the installed extension', function () {
  this.timeout(60_000);
  let wb: Workbench;

  before(async function () {
    wb = await Workbench.open();
  });
  after(async function () {
    await wb?.close();
  });

  it('another extension that activates the installed VSIX gets undefined back', async function () {
    await wb.runCommand('Exports Probe: Show Voice & SMS Exports');
    const shown = wb.notification(/^exports probe: /).first();
    await shown.waitFor({ state: 'visible', timeout: 15_000 });
    // exports=balance,demo,log,logUri,... (the test seam) must never show here.
    assert.equal((await shown.textContent())?.trim(), 'exports probe: exports=undefined');
  });
});
