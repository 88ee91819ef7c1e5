// When a window restarts a demo left by an earlier one: at activation, and when the demo profile reaches the settings
// later. A busy editor can hand the window its settings while activation's look is still under way (seen in npm
// start's e2e test at load 12: both hosts logged only "Activated" and stayed signed out); that profile must still be
// resumed, once. The services are plain stand-ins for the host's own classes; the demo's implementation is a counter.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_PROFILE_NAME, SETTINGS } from '../../../src/shared/ids.js';
import type { DemoMode, DemoServices } from '../../../src/host/demo/demoMode.js';
import { DemoHandle } from '../../../src/shell/demoHandle.js';
import { MemoryState } from '../host/memoryState.js';

interface Rig {
  handle: DemoHandle;
  /** Resumes the demo's implementation was asked for. */
  resumed: () => number;
  setProfiles(names: string[]): void;
  /** Fires a change of voiceSms.profiles, as the editor does once the new value reads back. */
  profilesChanged(): void;
  /** Lets the context-key writes under way finish (the editor's round trip). */
  releaseContextKeys(): void;
}

function rig(initial: string[]): Rig {
  let profiles = initial.map((name) => ({ name }));
  const listeners: Array<(e: { affects(key: string): boolean }) => void> = [];
  let release!: () => void;
  const contextWrites = new Promise<void>((r) => (release = r));
  let resumes = 0;
  const services = {
    config: {
      get settings() {
        return { profiles };
      },
      onDidChange(l: (e: { affects(key: string): boolean }) => void) {
        listeners.push(l);
        return { dispose() {} };
      },
    },
    contextKeys: { set: () => contextWrites },
    log: { info() {}, warn() {}, error() {}, debug() {} },
  } as unknown as DemoServices;
  const demo = {
    resumeIfLeftOver: () => {
      resumes++;
      return Promise.resolve(true);
    },
    state: { running: false },
    liveTraffic() {},
    dispose() {},
  } as unknown as DemoMode;
  const handle = new DemoHandle(services, new MemoryState(), () => demo);
  return {
    handle,
    resumed: () => resumes,
    setProfiles: (names) => (profiles = names.map((name) => ({ name }))),
    profilesChanged: () => listeners.forEach((l) => l({ affects: (key) => key === SETTINGS.profiles })),
    releaseContextKeys: () => release(),
  };
}

/** Every promise chain that waits on no I/O has run by the next turn of the event loop. */
const settled = (): Promise<void> => new Promise((r) => setImmediate(r));

void describe('DemoHandle: the demo left by an earlier window', () => {
  void it('a demo profile that lands while activation looks for one is resumed once that look ends', async () => {
    const r = rig([]);
    const atStart = r.handle.resumeIfLeftOver(); // activation: no demo profile in the settings yet
    r.setProfiles([DEMO_PROFILE_NAME]);
    r.profilesChanged(); // the editor hands over the settings while the look waits on the editor
    r.releaseContextKeys();
    assert.equal(await atStart, false, 'activation found nothing to resume');
    await settled();
    assert.equal(r.resumed(), 1, "the profile that came meanwhile gets this window's simulator");
  });

  void it('a profile there at activation is resumed once, also when a change of the profiles arrives meanwhile', async () => {
    const r = rig([DEMO_PROFILE_NAME]);
    const atStart = r.handle.resumeIfLeftOver();
    r.profilesChanged(); // e.g. the resume's own write of the profile's new URL
    r.releaseContextKeys();
    assert.equal(await atStart, true);
    await settled();
    assert.equal(r.resumed(), 1);
  });

  void it('no demo profile: nothing is resumed, before or after a change of other profiles', async () => {
    const r = rig(['Mine']);
    r.releaseContextKeys();
    assert.equal(await r.handle.resumeIfLeftOver(), false);
    r.setProfiles(['Mine', 'Other']);
    r.profilesChanged();
    await settled();
    assert.equal(r.resumed(), 0);
  });
});
