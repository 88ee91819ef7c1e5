// Activation cost where it matters: code-server's own record of each extension's activation (load +
// activate(), "Developer: Show Running Extensions"), ours next to the exports probe — a trivial
// extension activated in the same host. Printed as a ratio; a benchmark row, not a timed assertion.
import * as assert from 'node:assert/strict';
import { Workbench } from './support/workbench.js';

/** Milliseconds an extension's row of the Running Extensions editor shows, e.g. "Activation: 23ms". */
async function activationMs(wb: Workbench, name: string): Promise<number | undefined> {
  const list = wb.page.locator('.runtime-extensions-editor .monaco-list').first();
  await list.waitFor({ state: 'visible', timeout: 15_000 });
  const row = wb.page.locator('.runtime-extensions-editor .monaco-list-row', { hasText: name }).first();
  // The list renders only the rows on screen (about 80 built-in extensions): scroll until it shows.
  await list.hover();
  for (let i = 0; i < 40 && (await row.count()) === 0; i++) await wb.page.mouse.wheel(0, 300);
  await row.waitFor({ state: 'visible', timeout: 5_000 });
  const text = (await row.innerText()).replace(/\s+/g, ' ');
  console.log(`      [running extensions] ${text}`);
  const m = /(\d+(?:\.\d+)?)\s*ms/.exec(text);
  return m ? Number(m[1]) : undefined;
}

describe('activation time in code-server', function () {
  this.timeout(90_000);
  let wb: Workbench;

  before(async function () {
    wb = await Workbench.open();
  });
  after(async function () {
    await wb?.close();
  });

  it('records ours next to a trivial extension activated in the same host', async function () {
    // Activate both the way users do: through a command.
    await wb.runCommand('Exports Probe: Show Voice & SMS Exports');
    await wb.notification(/^exports probe: /).first().waitFor({ state: 'visible', timeout: 15_000 });
    await wb.runCommand('Developer: Show Running Extensions');
    const ours = await activationMs(wb, 'Voice & SMS Toolkit');
    const trivial = await activationMs(wb, 'Exports Probe');
    await wb.screenshot('activation-running-extensions');
    assert.ok(ours !== undefined && trivial !== undefined, 'both rows show an activation time');
    console.log(`      [bench] activation in code-server: ours ${ours} ms, trivial ${trivial} ms, ratio ${(ours / Math.max(trivial, 1)).toFixed(2)}x`);
  });
});
