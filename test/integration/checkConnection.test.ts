// Check Connection in the editor's extension host against the simulator: the report's lines and verdicts,
// the read-only document it opens, and no secret anywhere in its text.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, start, type Simulator } from '../../src/simulator/index.js';
import { EXTENSION_ID } from './contract.js';
import { answering, SIGN_OUT_AND_REMOVE } from './modals.js';

const PROFILE = 'Check Connection integration';
interface Report {
  text: string;
  lines: { label: string; value: string; verdict: 'ok' | 'warn' | 'fail' }[];
}

describe('check connection', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let savedProfiles: unknown;
  let savedActive: unknown;
  const config = () => vscode.workspace.getConfiguration('voiceSms');

  before(async function () {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    await ext.activate();
    sim = await start();
    savedProfiles = config().inspect('profiles')?.globalValue;
    savedActive = config().inspect('activeProfile')?.globalValue;
    await config().update('statusBar.showBalance', false, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('voiceSms.signIn', {
      name: PROFILE,
      baseUrl: sim.url,
      accessKeyId: sim.credentials.accessKeyId,
      secretAccessKey: sim.credentials.secretAccessKey,
      accountId: DEMO_ACCOUNT,
    });
  });

  after(async function () {
    await answering(SIGN_OUT_AND_REMOVE, () => vscode.commands.executeCommand('voiceSms.signOut', { name: PROFILE, removeProfile: true })).then(undefined, () => undefined);
    await config().update('profiles', savedProfiles, vscode.ConfigurationTarget.Global);
    await config().update('activeProfile', savedActive, vscode.ConfigurationTarget.Global);
    await config().update('statusBar.showBalance', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sim?.close();
  });

  it('reports proxy, TLS, auth, round trip, clock skew and service with verdicts, in a read-only document, without secrets', async function () {
    const report = await vscode.commands.executeCommand<Report>('voiceSms.checkConnection', {});
    const byLabel = Object.fromEntries(report.lines.map((l) => [l.label, l]));
    assert.deepEqual(Object.keys(byLabel), ['Profile', 'Proxy', 'TLS trust', 'Authentication', 'Round trip', 'Clock skew', 'Service']);
    assert.ok(report.lines.every((l) => l.verdict === 'ok'), JSON.stringify(report.lines));
    assert.match(byLabel['Proxy']?.value ?? '', /loopback hosts always go direct/);
    assert.match(byLabel['TLS trust']?.value ?? '', /plain HTTP to a loopback host/);
    assert.match(byLabel['Authentication']?.value ?? '', /form seed .*scheme CLOUD-V1, signature hmac-sha256/);
    assert.match(byLabel['Round trip']?.value ?? '', /GET balance \(ACC-DEMO\) answered in \d+ ms/);
    assert.match(byLabel['Clock skew']?.value ?? '', /clock is \d+\.\d s (behind|ahead of) the service/);
    assert.ok((byLabel['Service']?.value ?? '').split(' / ').every((part) => part !== '?'), byLabel['Service']?.value);
    assert.match(report.text, /\[OK {2}\] Round trip/);
    assert.ok(!report.text.includes(sim.credentials.secretAccessKey), 'no secret in the report');
    assert.ok(!report.text.includes(sim.credentials.accessKeyId), 'no access key id in the report');

    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.scheme, 'voicesms-report');
    assert.equal(editor?.document.getText(), report.text);
  });

  it('a failing service fails the request line with the client\'s message', async function () {
    sim.addFault({ kind: 'status', status: 503, match: { operation: 'balance' }, times: 3 });
    const report = await vscode.commands.executeCommand<Report>('voiceSms.checkConnection', {});
    sim.clearFaults();
    const request = report.lines.find((l) => l.label === 'Request');
    assert.equal(request?.verdict, 'fail', JSON.stringify(report.lines));
    assert.match(request?.value ?? '', /GET balance \(ACC-DEMO\) failed after \d+ ms: /);
  });
});
