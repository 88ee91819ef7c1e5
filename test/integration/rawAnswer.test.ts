// "Show raw answer" inside a real extension host: the month view's button and the balance command
// open a read-only XML editor whose text is exactly what the simulator sent. The simulator's clock
// is frozen, so a second request made here with the core client gets the very same bytes to compare.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { createClient } from '../../src/core/index.js';
import { DEMO_ACCOUNT, DEMO_INSTANCES, DEMO_SENDER_IDS, type Simulator } from '../../src/simulator/index.js';
import { waitFor } from './waitFor.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';

const PROFILE = 'Raw answer integration';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';
const SCHEME = 'voice-sms-raw';

function rawEditors(): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((d) => d.uri.scheme === SCHEME);
}

describe('raw answers: month view and balance as the XML the service sent', function () {
  let api: VoiceSmsTestApi;
  let sim: Simulator;
  let profile: SimulatorProfile | undefined;
  // Taken when this suite starts, not when the file loads: suites before it may run for minutes, and the simulator
  // refuses a request signed more than 5 minutes off its clock.
  let frozen = 0;
  let monthId = '';
  const direct = () => createClient({ baseUrl: sim.url, credentials: sim.credentials });

  before(async function () {
    frozen = Date.now();
    monthId = `${new Date(frozen).getUTCFullYear()}${String(new Date(frozen).getUTCMonth() + 1).padStart(2, '0')}`;
    profile = await useStoredProfile(PROFILE, {
      profile: { accountId: DEMO_ACCOUNT, voiceInstances: [INSTANCE], senderIds: [...DEMO_SENDER_IDS] },
      settings: { 'sms.confirmBeforeSend': false },
      simulator: { now: () => frozen },
    });
    ({ api, sim } = profile);
  });

  after(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await profile?.remove();
  });

  it("the month view's Show raw answer button opens the month's XML, read-only, in XML mode", async function () {
    this.timeout(60_000);
    const title = await vscode.commands.executeCommand<string | undefined>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId });
    assert.ok(title);
    // The comparison (previous month) arrives last; after it the panel makes no more requests.
    await waitFor('month data and comparison', async () =>
      (await api.panelContent(title))?.shown.find((m) => (m as { type?: string }).type === 'comparison'),
    );
    const before = new Set(rawEditors());
    const requests = sim.requests.length;
    assert.equal(await api.panelPost(title, { type: 'command', command: 'showRawAnswer' }), true);
    const doc = await waitFor('raw answer editor', () => rawEditors().find((d) => !before.has(d)));
    const calls = (from: number) => sim.requests.slice(from).filter((r) => r.path.includes(monthId) && r.path.includes(INSTANCE));
    assert.deepEqual(
      calls(requests).map((r) => r.path),
      [],
      'the answer on show is reused, not fetched again',
    );
    const expected = (await direct().getMonthView(INSTANCE, monthId)).rawXml;
    assert.match(expected, /<\?xml|</);
    assert.equal(doc.getText(), expected);
    assert.equal(doc.languageId, 'xml');
    assert.equal(doc.isUntitled, false);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), doc.uri.toString());
    assert.match(doc.uri.path, /\.xml$/);
  });

  it('voiceSms.showRawAnswer { operation: "balance" } opens the balance answer as sent', async function () {
    this.timeout(60_000);
    const doc = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('voiceSms.showRawAnswer', { operation: 'balance' });
    assert.ok(doc, 'the command returns the document');
    const expected = (await direct().getBalance(DEMO_ACCOUNT)).rawXml;
    assert.equal(doc.getText(), expected);
    assert.equal(doc.languageId, 'xml');
    assert.equal(doc.uri.scheme, SCHEME);
    assert.ok(!doc.getText().includes(sim.credentials.secretAccessKey));
    assert.ok(!doc.getText().includes(sim.credentials.accessKeyId));
  });

  it('a sent SMS: its answer opens by message id and from its Sent SMS row', async function () {
    this.timeout(60_000);
    const sent = await vscode.commands.executeCommand<{ messageId?: string } | undefined>('voiceSms.sendSms', {
      from: DEMO_SENDER_IDS[0] ?? 'VSTK-TEST',
      to: '+4915123456789',
      body: 'raw answer test',
    });
    const messageId = sent?.messageId;
    assert.ok(messageId, 'sent with an id');
    assert.equal(sim.received.at(-1)?.messageId, messageId);
    const doc = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('voiceSms.showRawAnswer', {
      operation: 'sms',
      messageId,
    });
    assert.ok(doc);
    assert.equal(doc.languageId, 'xml');
    assert.ok(doc.getText().includes(`>${messageId}<`), doc.getText());
    assert.ok(!doc.getText().includes(sim.credentials.secretAccessKey));
    // The history row (what its context menu passes) opens the same answer.
    const row = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('voiceSms.showRawAnswer', {
      id: 'unknown-row',
      messageId,
    });
    assert.equal(row?.getText(), doc.getText());
  });

  it('refuses an unknown operation without opening anything', async function () {
    const before = rawEditors().length;
    const doc = await vscode.commands.executeCommand<unknown>('voiceSms.showRawAnswer', { operation: 'fax' });
    assert.equal(doc, undefined);
    assert.equal(rawEditors().length, before);
  });
});
