// Check Connection in the editor's extension host against the simulator: the report's lines and verdicts,
// the read-only document it opens, and no secret anywhere in its text; the account and instance ids masked,
// also where the service's own message echoes them.
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
    assert.deepEqual(Object.keys(byLabel), [
      'Profile',
      'Network',
      'Proxy',
      'TLS trust',
      'Authentication',
      'Round trip',
      'Clock skew',
      'Service',
    ]);
    assert.ok(
      report.lines.every((l) => l.verdict === 'ok'),
      JSON.stringify(report.lines),
    );
    assert.match(byLabel['Network']?.value ?? '', /^the bundled client: loopback hosts never take the editor's proxy support$/);
    assert.match(byLabel['Proxy']?.value ?? '', /loopback hosts always go direct/);
    assert.match(byLabel['TLS trust']?.value ?? '', /plain HTTP to a loopback host/);
    assert.match(byLabel['Authentication']?.value ?? '', /form seed .*scheme CLOUD-V1, signature hmac-sha256/);
    assert.match(byLabel['Round trip']?.value ?? '', /GET balance \(AC…MO\) answered in \d+ ms/);
    assert.match(byLabel['Clock skew']?.value ?? '', /clock is \d+\.\d s (behind|ahead of) the service/);
    assert.ok(
      (byLabel['Service']?.value ?? '').split(' / ').every((part) => part !== '?'),
      byLabel['Service']?.value,
    );
    assert.match(report.text, /\[OK {2}\] Round trip/);
    assert.ok(!report.text.includes(sim.credentials.secretAccessKey), 'no secret in the report');
    assert.ok(!report.text.includes(sim.credentials.accessKeyId), 'no access key id in the report');

    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.scheme, 'voicesms-report');
    assert.equal(editor?.document.getText(), report.text);
  });

  it("a failing service fails the request line with the client's message", async function () {
    sim.addFault({ kind: 'status', status: 503, match: { operation: 'balance' }, times: 3 });
    const report = await vscode.commands.executeCommand<Report>('voiceSms.checkConnection', {});
    sim.clearFaults();
    const request = report.lines.find((l) => l.label === 'Request');
    assert.equal(request?.verdict, 'fail', JSON.stringify(report.lines));
    assert.match(request?.value ?? '', /GET balance \(AC…MO\) failed after \d+ ms: /);
  });

  it('masks the account id and the instance ids, also where the service echoes them, in the text, the lines and the document', async function () {
    await vscode.commands.executeCommand('voiceSms.addVoiceInstance', { instanceId: 'VI-DEMO-02' });
    sim.addFault({
      kind: 'status',
      status: 400,
      serviceMessage: 'Account ACC-DEMO is not linked to VI-DEMO-02 (path /v1/account/ACC-DEMO/balance)',
      match: { operation: 'balance' },
      times: 1,
    });
    const report = await vscode.commands.executeCommand<Report>('voiceSms.checkConnection', {});
    sim.clearFaults();
    const request = report.lines.find((l) => l.label === 'Request');
    assert.match(request?.value ?? '', /Account AC…MO is not linked to VI…02/, JSON.stringify(report.lines));
    for (const id of ['ACC-DEMO', 'VI-DEMO-02']) {
      assert.ok(!report.text.includes(id), `${id} in the report: ${report.text}`);
      assert.ok(!JSON.stringify(report.lines).includes(id), `${id} in the lines`);
    }
    // Each check has a document of its own, showing exactly the returned text.
    assert.equal(vscode.window.activeTextEditor?.document.getText(), report.text);
  });
});
