// Corporate TLS in the editor's extension host: a service whose certificate a private CA signed (made here,
// as a TLS-inspecting proxy's root would be). Sign-in fails with one sentence naming voiceSms.tls.caFile; with
// the CA file setting, or NODE_EXTRA_CA_CERTS, the same sign-in and a balance refresh succeed.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, start, type Simulator } from '../../src/simulator/index.js';
import { createPrivateCa } from '../unit/core/http/privateCa.js';
import { EXTENSION_ID } from './contract.js';
import { answering, SIGN_OUT_AND_REMOVE } from './modals.js';

const PROFILE = 'TLS integration (private CA)';

describe('corporate TLS: a service signed by a private CA', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let dir: string;
  let caFile: string;
  let savedProfiles: unknown;
  let savedActive: unknown;
  const savedExtra = process.env.NODE_EXTRA_CA_CERTS;
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const userProfiles = () => (config().inspect<unknown[]>('profiles')?.globalValue ?? []) as { name: string }[];
  const signIn = () =>
    vscode.commands.executeCommand<string>('voiceSms.signIn', {
      name: PROFILE,
      baseUrl: sim.url,
      accessKeyId: sim.credentials.accessKeyId,
      secretAccessKey: sim.credentials.secretAccessKey,
      accountId: DEMO_ACCOUNT,
    });
  const signOut = () =>
    answering(SIGN_OUT_AND_REMOVE, () => vscode.commands.executeCommand('voiceSms.signOut', { name: PROFILE, removeProfile: true })).then(
      undefined,
      () => undefined,
    );

  before(async function () {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    await ext.activate();
    const ca = await createPrivateCa();
    dir = mkdtempSync(path.join(tmpdir(), 'vstk-tls-'));
    caFile = path.join(dir, 'corp-root.pem');
    writeFileSync(caFile, ca.caPem);
    sim = await start({ tls: await ca.serverCert() });
    savedProfiles = config().inspect('profiles')?.globalValue;
    savedActive = config().inspect('activeProfile')?.globalValue;
    delete process.env.NODE_EXTRA_CA_CERTS;
  });

  afterEach(async function () {
    await signOut();
    await config().update('tls.caFile', undefined, vscode.ConfigurationTarget.Global);
    delete process.env.NODE_EXTRA_CA_CERTS;
  });

  after(async function () {
    if (savedExtra !== undefined) process.env.NODE_EXTRA_CA_CERTS = savedExtra;
    await config().update('profiles', savedProfiles, vscode.ConfigurationTarget.Global);
    await config().update('activeProfile', savedActive, vscode.ConfigurationTarget.Global);
    await sim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('without the CA: sign-in fails with one sentence naming voiceSms.tls.caFile and saves nothing', async function () {
    const before = sim.requestCount;
    await assert.rejects(Promise.resolve(signIn()), (e: Error) => {
      assert.match(
        e.message,
        /is not signed by an authority this editor trusts \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\); if your network inspects TLS, set voiceSms\.tls\.caFile to your organisation's root certificate/,
      );
      return true;
    });
    assert.equal(sim.requestCount, before, 'nothing reached the service');
    assert.ok(!userProfiles().some((p) => p.name === PROFILE), 'no profile saved');
  });

  it('with voiceSms.tls.caFile: sign-in and a balance refresh succeed', async function () {
    await config().update('tls.caFile', caFile, vscode.ConfigurationTarget.Global);
    assert.equal(await signIn(), PROFILE);
    const balance = await vscode.commands.executeCommand<string>('voiceSms.refreshBalance', {});
    assert.match(balance, /EUR/);
    // Check Connection names the CA file among the trusted sources, by its file name only (the path is masked).
    const report = await vscode.commands.executeCommand<{ text: string; lines: { label: string; value: string; verdict: string }[] }>(
      'voiceSms.checkConnection',
      {},
    );
    const trust = report.lines.find((l) => l.label === 'TLS trust');
    assert.ok(trust?.value.includes('1 from …/corp-root.pem (voiceSms.tls.caFile: CN=Voice SMS Test Root CA)'), trust?.value);
    assert.ok(!report.text.includes(dir), `the CA file's folder in the report: ${report.text}`);
    // The request went through the private CA's chain; how fast it came back depends on the machine ('warn' past 2 s).
    const roundTrip = report.lines.find((l) => l.label === 'Round trip');
    assert.ok(roundTrip && roundTrip.verdict !== 'fail' && /answered in \d+ ms/.test(roundTrip.value), JSON.stringify(report.lines));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('with NODE_EXTRA_CA_CERTS in the extension host environment: sign-in succeeds', async function () {
    process.env.NODE_EXTRA_CA_CERTS = caFile;
    assert.equal(await signIn(), PROFILE);
  });

  it('an unusable voiceSms.tls.caFile is refused with a message naming the setting', async function () {
    await config().update('tls.caFile', path.join(dir, 'missing.pem'), vscode.ConfigurationTarget.Global);
    await assert.rejects(
      Promise.resolve(signIn()),
      /The CA file in voiceSms\.tls\.caFile could not be read \(ENOENT: .*missing\.pem\); correct the path or clear the setting/,
    );
  });
});
