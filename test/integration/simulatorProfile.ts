// A profile signed in against a simulator of its own, for suites that need one; `remove()` signs it out,
// deletes it and puts the user's profile settings back as they were.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ACCOUNT, start, type Simulator } from '../../src/simulator/index.js';
import { EXTENSION_ID } from './contract.js';
import { answering, SIGN_OUT_AND_REMOVE } from './modals.js';

export interface SimulatorProfile {
  sim: Simulator;
  remove(): Promise<void>;
}

export async function signInToOwnSimulator(name: string): Promise<SimulatorProfile> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  await ext.activate();
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const savedProfiles = config().inspect('profiles')?.globalValue;
  const savedActive = config().inspect('activeProfile')?.globalValue;
  const sim = await start();
  const signedIn = await vscode.commands.executeCommand('voiceSms.signIn', {
    name,
    baseUrl: sim.url,
    accessKeyId: sim.credentials.accessKeyId,
    secretAccessKey: sim.credentials.secretAccessKey,
    accountId: DEMO_ACCOUNT,
  });
  assert.equal(signedIn, name);
  return {
    sim,
    async remove() {
      await answering(SIGN_OUT_AND_REMOVE, () => vscode.commands.executeCommand('voiceSms.signOut', { name, removeProfile: true })).then(undefined, () => undefined);
      await config().update('profiles', savedProfiles, vscode.ConfigurationTarget.Global);
      await config().update('activeProfile', savedActive, vscode.ConfigurationTarget.Global);
      await sim.close();
    },
  };
}
