// Global state keeps every write, however close together they come. The editor's own memento lost about half of
// 300 keys written 0-6 ms apart (each write's echo replaced the copy a later write had not flushed yet); a sent
// SMS dropped out of the history that way. The extension writes through one queue (src/host/platform/orderedState.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './contract.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';

const KEYS = 300;

describe('global state', () => {
  let api: VoiceSmsTestApi;
  const keys = Array.from({ length: KEYS }, (_, i) => `ordered.${i}`);

  before(async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded`);
    api = (await ext.activate()) as VoiceSmsTestApi;
  });

  after(async () => {
    await Promise.all(keys.map((k) => api.storage.global.update(k, undefined)));
  });

  it('keeps every one of 300 writes made 0-6 ms apart, none awaited before the next', async () => {
    const writes: Promise<void>[] = [];
    for (const [i, key] of keys.entries()) {
      writes.push(api.storage.global.update(key, { i }));
      // Spaced so that writes meet the editor's echoes of the ones before them: the pacing is the point, not a wait.
      await new Promise((r) => setTimeout(r, Math.random() * 6));
    }
    // Read while the queue is still writing: what is waiting is what a read sees.
    assert.deepEqual(api.storage.global.get(keys[KEYS - 1]!), { i: KEYS - 1 });
    await Promise.all(writes);
    const lost = keys.filter((k, i) => (api.storage.global.get(k) as { i?: number } | undefined)?.i !== i);
    assert.deepEqual(lost, [], `${lost.length} of ${KEYS} writes were lost`);
  });
});
