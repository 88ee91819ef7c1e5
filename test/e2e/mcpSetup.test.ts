// "Set Up MCP Server for Another Client…" through the real UI of the installed VSIX: the palette command,
// its pick of agents, the snippet shown in an editor and copied, and the note on the secret. The snippet
// names dist/mcp.js of the installed extension (which exists) and carries no credential.
// Screenshots: test-results/e2e/mcp-01-pick.png, mcp-02-snippet.png (README "Use it from any AI agent (MCP)").
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DEMO_ACCOUNT } from '../../src/simulator/index.js';
import { COMMAND_CATEGORY } from '../integration/contract.js';
import { session, type SimulatorInfo } from './support/session.js';
import { signedInSuite } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';

const PROFILE = 'E2E MCP';
const TITLE = `${COMMAND_CATEGORY}: Set Up MCP Server for Another Client…`;

describe('Set Up MCP Server for Another Client', function () {
  this.timeout(90_000);
  const suite = signedInSuite();
  let wb: Workbench;
  let sim: SimulatorInfo;

  before(async function () {
    sim = await session().simulator();
    wb = suite.wb;
  });

  it('signs in with an account id and a voice instance', async function () {
    const ok = await wb.signInToSimulator(PROFILE);
    assert.ok(ok, 'the sign-in flow closed');
    await wb.signedInNotice(PROFILE, 20_000);
    suite.signedIn();
    await wb.clearNotifications();
  });

  it('offers the agents, then shows and copies the VS Code configuration without a credential', async function () {
    const qi = await wb.palette(TITLE);
    await qi.row(TITLE).waitFor({ state: 'visible' });
    await qi.input.press('Enter');
    await qi.title.filter({ hasText: 'Set Up MCP Server' }).waitFor({ state: 'visible' });
    const labels = await qi.labels();
    for (const label of ['Cursor', 'Claude Code', 'Claude Desktop'])
      assert.ok(labels.includes(label), `"${label}" in ${labels.join(' | ')}`);
    await wb.screenshot('mcp-01-pick');
    await wb.quickInput.pick(/^VS Code/);
    await wb.quickInput.waitClosed();

    await wb
      .notification(/Copied the VS Code \(mcp\.json\).*configuration of the Voice & SMS MCP server/)
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });
    await wb.page.locator('.monaco-editor .view-lines', { hasText: 'voice-sms-toolkit' }).first().waitFor({ state: 'visible' });
    await wb.page.waitForTimeout(600);
    await wb.screenshot('mcp-02-snippet');

    const text = await wb.readClipboard();
    const config = JSON.parse(text) as {
      inputs: Array<{ password?: boolean }>;
      servers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
    };
    const server = config.servers['voice-sms-toolkit'];
    assert.ok(server, text);
    assert.equal(server.env['VOICESMS_BASE_URL'], sim.baseUrl);
    assert.equal(server.env['VOICESMS_ACCOUNT_ID'], DEMO_ACCOUNT);
    assert.match(server.args[0] ?? '', /vstk\.voice-sms-toolkit-[^/\\]+[/\\]dist[/\\]mcp\.js$/, "the installed extension's server");
    assert.ok(existsSync(server.args[0] ?? ''), `${server.args[0]} exists`);
    assert.ok(config.inputs.every((i) => i.password === true));
    for (const secret of [
      sim.secretAccessKey,
      sim.accessKeyId,
      Buffer.from(`${sim.accessKeyId}:${sim.secretAccessKey}`).toString('base64'),
    ]) {
      assert.ok(!text.includes(secret), 'the snippet carries a credential');
    }
    await wb.clearNotifications();
    await wb.runCommand('View: Revert and Close Editor').catch(() => undefined);
  });
});
