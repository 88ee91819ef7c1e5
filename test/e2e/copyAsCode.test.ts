// "Copy Request as Code…" through the real UI of the installed VSIX, then the copied text run against the
// simulator: from the palette (which request, then which language) as Python, opened in an editor from the
// notification; then from a month row's context menu, where the pick offers the last language used first,
// as Node.js. Each copied snippet must answer 200 with the simulator's data and carry no credential.
// Screenshots: test-results/e2e/code-01-language-pick.png, code-02-python-snippet.png (docs/usage.md, README).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNT, DEMO_INSTANCES } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY, VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { snippetEnv } from './support/curl.js';
import { utcMonth } from './support/months.js';
import type { SimulatorInfo } from './support/session.js';
import { simulatorSuite } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';

const PROFILE = 'E2E code';
const TITLE = `${COMMAND_CATEGORY}: Copy Request as Code…`;
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';

/** Runs a copied snippet as a user would (saved to a file, the two variables set) and returns status and XML. */
function runSnippet(language: 'python' | 'node', text: string, sim: SimulatorInfo): Promise<{ status: number; xml: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'vstk-e2e-code-'));
  const file = join(dir, language === 'python' ? 'request.py' : 'request.mjs');
  writeFileSync(file, text);
  const env = snippetEnv(sim);
  return new Promise((resolve, reject) => {
    execFile(language === 'python' ? 'python3' : process.execPath, [file], { env, timeout: 15_000 }, (err, stdout, stderr) => {
      rmSync(dir, { recursive: true, force: true });
      if (err) return reject(new Error(`${language} exited with ${String(err.code)}: ${stderr.trim()}`));
      const newline = stdout.indexOf('\n');
      resolve({ status: Number(stdout.slice(0, newline)), xml: stdout.slice(newline + 1) });
    });
  });
}

function assertNoSecret(text: string, sim: SimulatorInfo): void {
  assert.ok(!text.includes(sim.secretAccessKey), 'the copied code contains the secret access key');
  assert.ok(!text.includes(sim.accessKeyId), 'the copied code contains the access key id');
  assert.ok(!text.includes(Buffer.from(`${sim.accessKeyId}:${sim.secretAccessKey}`).toString('base64')), 'the Basic credentials');
  assert.match(text, /VOICESMS_SECRET_ACCESS_KEY/);
}

describe('Copy Request as Code, then run the copied code', function () {
  this.timeout(90_000);
  const suite = simulatorSuite(PROFILE);
  let wb: Workbench, sim: SimulatorInfo;
  before(() => ({ wb, sim } = suite));

  it('palette → Balance → Python: opened from the notification, the snippet answers 200 with the balance', async function () {
    const qi = await wb.palette(TITLE);
    await qi.row(TITLE).waitFor({ state: 'visible' });
    await qi.input.press('Enter');
    await qi.title.filter({ hasText: 'Copy Request as Code' }).waitFor({ state: 'visible' });
    await qi.row(/^Balance/).waitFor({ state: 'visible' });
    await qi.pick(/^Balance/);
    await qi.row(/^Python/).waitFor({ state: 'visible' });
    const labels = await qi.labels();
    assert.deepEqual(labels.slice(0, 3), ['cURL', 'Node.js', 'Python'], labels.join(' | '));
    await wb.screenshot('code-01-language-pick');
    await qi.pick(/^Python/);
    await qi.waitClosed();

    const note = wb.page
      .locator('.notification-list-item', { hasText: new RegExp(`Copied Python for the balance of ${DEMO_ACCOUNT}`) })
      .first();
    await note.waitFor({ state: 'visible', timeout: 15_000 });
    const text = await wb.readClipboard();
    assertNoSecret(text, sim);
    assert.match(text, /^import urllib\.request$/m);

    await wb.clickNotificationButton(note, 'Open in Editor');
    await wb.page
      .locator('.monaco-editor .view-lines', { hasText: 'urllib.request' })
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });
    await wb.page.locator('[id="status.editor.mode"]').filter({ hasText: 'Python' }).waitFor({ state: 'visible', timeout: 10_000 });
    await wb.clearNotifications();
    await wb.page.waitForTimeout(400);
    await wb.screenshot('code-02-python-snippet');

    const answer = await runSnippet('python', text, sim);
    assert.equal(answer.status, 200, answer.xml);
    assert.match(answer.xml, /<code>200<\/code>/);
    assert.match(answer.xml, new RegExp(`<accountId>${DEMO_ACCOUNT}</accountId>`));
    await wb.runCommand('View: Revert and Close Editor').catch(() => undefined);
  });

  it("a month row's context menu offers the last language first; as Node.js it answers 200 with that month", async function () {
    const last = utcMonth(-1);
    await wb.openViewContainer(VIEW_CONTAINER_TITLE);
    await wb.expandTreeRow(wb.treeRow(INSTANCE, 'Voice Instances'));
    const row = wb.treeRow(last.label, 'Voice Instances');
    await row.waitFor({ state: 'visible' });
    await wb.contextMenu(row, 'Copy Request as Code…');
    const qi = wb.quickInput;
    await qi.row(/^Python/).waitFor({ state: 'visible' });
    const labels = await qi.labels();
    assert.equal(labels[0], 'Python', `the last language used comes first: ${labels.join(' | ')}`);
    assert.match((await qi.row(/^Python/).textContent()) ?? '', /last used/);
    await qi.pick(/^Node\.js/);
    await qi.waitClosed();
    await wb
      .notification(new RegExp(`Copied Node\\.js for the month view of ${INSTANCE} \\(${last.id}\\)`))
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });

    const text = await wb.readClipboard();
    assertNoSecret(text, sim);
    assert.match(text, /await fetch\(url/);
    const answer = await runSnippet('node', text, sim);
    assert.equal(answer.status, 200, answer.xml);
    assert.match(answer.xml, /<code>200<\/code>/);
    assert.match(answer.xml, new RegExp(`<date dateID="${last.id}01">`));
    await wb.clearNotifications();
  });
});
