// Profiles against a simulator of their own, the set-up most suites share. Two ways in:
// - signInToOwnSimulator: through the real voiceSms.signIn command (one verification request);
// - useStoredProfile: the profile written to the settings and its credentials stored through the test
//   API, for suites whose subject is not signing in (and that may sign out and back in themselves).
// Both save the settings they touch and put them back in remove(), which also closes the simulator.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { DEMO_ACCOUNT, start, type Simulator, type SimulatorOptions } from '../../src/simulator/index.js';
import { EXTENSION_ID } from './contract.js';
import { answering, SIGN_OUT_AND_REMOVE } from './modals.js';
import { waitFor } from './waitFor.js';

export interface SimulatorProfile {
  api: VoiceSmsTestApi;
  sim: Simulator;
  remove(): Promise<void>;
}

const config = () => vscode.workspace.getConfiguration('voiceSms');

/** The extension, activated, and its test API (returned in the integration host's Test mode). */
async function testApi(): Promise<VoiceSmsTestApi> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return (await ext.activate()) as VoiceSmsTestApi;
}

/** Global values of `keys` now, and a function that puts them back. */
function saveSettings(keys: readonly string[]): () => Promise<void> {
  const saved = new Map(keys.map((k) => [k, config().inspect(k)?.globalValue]));
  return async () => {
    for (const [k, v] of saved) await config().update(k, v, vscode.ConfigurationTarget.Global);
  };
}

/** Signs in with voiceSms.signIn; `fields` replace the default account id (e.g. { voiceInstanceId }). */
export async function signInToOwnSimulator(
  name: string,
  fields: { accountId?: string; voiceInstanceId?: string } = { accountId: DEMO_ACCOUNT },
): Promise<SimulatorProfile> {
  const api = await testApi();
  const restore = saveSettings(['profiles', 'activeProfile']);
  const sim = await start();
  const signedIn = await vscode.commands.executeCommand('voiceSms.signIn', {
    name,
    baseUrl: sim.url,
    accessKeyId: sim.credentials.accessKeyId,
    secretAccessKey: sim.credentials.secretAccessKey,
    ...fields,
  });
  assert.equal(signedIn, name);
  return {
    api,
    sim,
    async remove() {
      await answering(SIGN_OUT_AND_REMOVE, () => vscode.commands.executeCommand('voiceSms.signOut', { name, removeProfile: true })).then(
        undefined,
        () => undefined,
      );
      await restore();
      await sim.close();
    },
  };
}

export interface StoredProfileOptions {
  /** The profile's entry besides name and baseUrl (no voice instances, sender ids or account by default). */
  profile?: { accountId?: string; voiceInstances?: string[]; senderIds?: string[] };
  /** Further voiceSms.* settings for the suite, put back by remove(). */
  settings?: Record<string, unknown>;
  /** Settings the suite changes itself, saved here and put back by remove(). */
  alsoRestore?: readonly string[];
  simulator?: SimulatorOptions;
  /** Wait until the session shows the profile signed in (default: do not wait). */
  waitSignedIn?: boolean;
}

/** Writes the profile to the settings, makes it active and stores the simulator's credentials for it. */
export async function useStoredProfile(name: string, o: StoredProfileOptions = {}): Promise<SimulatorProfile> {
  const api = await testApi();
  const restore = saveSettings(['profiles', 'activeProfile', ...Object.keys(o.settings ?? {}), ...(o.alsoRestore ?? [])]);
  const sim = await start(o.simulator);
  await config().update(
    'profiles',
    [{ name, baseUrl: sim.url, voiceInstances: [], senderIds: [], ...o.profile }],
    vscode.ConfigurationTarget.Global,
  );
  await config().update('activeProfile', name, vscode.ConfigurationTarget.Global);
  for (const [k, v] of Object.entries(o.settings ?? {})) await config().update(k, v, vscode.ConfigurationTarget.Global);
  await api.storeCredentials(name, sim.credentials);
  if (o.waitSignedIn)
    await waitFor('the session to sign in', () => api.session.current().profile === name && api.session.current().signedIn);
  return {
    api,
    sim,
    async remove() {
      await api.storeCredentials(name, undefined);
      await restore();
      await sim.close();
    },
  };
}
