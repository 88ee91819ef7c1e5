// Check Connection in the editor's extension host against the simulator: the report's lines and verdicts,
// the read-only document it opens, and no secret anywhere in its text.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Simulator } from '../../src/simulator/index.js';
import { signInToOwnSimulator, type SimulatorProfile } from './simulatorProfile.js';

const PROFILE = 'Check Connection integration';
interface Report {
  text: string;
  lines: { label: string; value: string; verdict: 'ok' | 'warn' | 'fail' }[];
}

describe('check connection', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let profile: SimulatorProfile | undefined;
  const config = () => vscode.workspace.getConfiguration('voiceSms');

  before(async function () {
    await config().update('statusBar.showBalance', false, vscode.ConfigurationTarget.Global);
    profile = await signInToOwnSimulator(PROFILE);
    sim = profile.sim;
  });

  after(async function () {
    await profile?.remove();
    await config().update('statusBar.showBalance', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reports proxy, TLS, auth, round trip, clock skew and service with verdicts, in a read-only document, without secrets', async function () {
    const report = await vscode.commands.executeCommand<Report>('voiceSms.checkConnection', {});
    const byLabel = Object.fromEntries(report.lines.map((l) => [l.label, l]));
    assert.deepEqual(Object.keys(byLabel), ['Profile', 'Network', 'Proxy', 'TLS trust', 'Authentication', 'Round trip', 'Clock skew', 'Service']);
    assert.ok(report.lines.every((l) => l.verdict === 'ok'), JSON.stringify(report.lines));
    assert.match(byLabel['Network']?.value ?? '', /^the bundled client: loopback hosts never take the editor's proxy support$/);
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
