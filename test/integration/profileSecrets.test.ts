// The profile credentials are read from SecretStorage once and then kept until the entry changes: every request
// needs them, and each storage read is a round trip to the editor's window. Run in the real editor, with the
// storage handed to ProfileSecrets counting what reaches it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ProfileSecrets } from '../../src/host/profile/secrets.js';
import { profileSecretKey } from '../../src/shared/ids.js';

/** A SecretStorage that counts its reads; `fire` plays another window changing an entry. */
function countingStorage(): vscode.SecretStorage & { reads: number; failNext: boolean; fire(key: string): void } {
  const values = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  return {
    reads: 0,
    failNext: false,
    get(key) {
      this.reads++;
      if (this.failNext) {
        this.failNext = false;
        return Promise.reject(new Error('storage unavailable'));
      }
      return Promise.resolve(values.get(key));
    },
    store(key, value) {
      values.set(key, value);
      changed.fire({ key });
      return Promise.resolve();
    },
    delete(key) {
      values.delete(key);
      changed.fire({ key });
      return Promise.resolve();
    },
    onDidChange: changed.event,
    fire: (key) => changed.fire({ key }),
  };
}

const ONE = { accessKeyId: 'AKID-one', secretAccessKey: 'secret-one' };
const TWO = { accessKeyId: 'AKID-two', secretAccessKey: 'secret-two' };

describe('profile credentials in SecretStorage', function () {
  it('are read once and kept, and every read still reaches the log mask', async function () {
    const storage = countingStorage();
    const seen: string[] = [];
    const secrets = new ProfileSecrets(storage, (c) => seen.push(c.accessKeyId));
    await secrets.store('p', ONE);
    const before = storage.reads;
    assert.deepEqual(await secrets.get('p'), ONE);
    assert.deepEqual(await secrets.get('p'), ONE);
    assert.deepEqual(await Promise.all([secrets.get('p'), secrets.get('p')]), [ONE, ONE]);
    assert.equal(storage.reads - before, 1, 'one storage read for four gets');
    assert.equal(seen.filter((id) => id === ONE.accessKeyId).length, 5, 'the store and each get told the mask');
    secrets.dispose();
  });

  it('are read again after a store, a delete, or a change from another window', async function () {
    const storage = countingStorage();
    const secrets = new ProfileSecrets(storage, () => undefined);
    await secrets.store('p', ONE);
    assert.deepEqual(await secrets.get('p'), ONE);
    await secrets.store('p', TWO);
    assert.deepEqual(await secrets.get('p'), TWO, 'the new credentials after a store');
    await secrets.delete('p');
    assert.equal(await secrets.get('p'), undefined, 'nothing after a delete');
    // Another window stores credentials: only the change event reaches this one.
    await storage.store(profileSecretKey('p'), JSON.stringify(ONE));
    assert.deepEqual(await secrets.get('p'), ONE, 'the other window’s credentials after its change event');
    const reads = storage.reads;
    storage.fire(profileSecretKey('p'));
    await secrets.get('p');
    assert.equal(storage.reads, reads + 1, 'a change event makes the next get read the storage');
    secrets.dispose();
  });

  it('do not remember a failed read', async function () {
    const storage = countingStorage();
    const secrets = new ProfileSecrets(storage, () => undefined);
    await secrets.store('p', ONE);
    storage.failNext = true;
    await assert.rejects(secrets.get('p'), /storage unavailable/);
    assert.deepEqual(await secrets.get('p'), ONE);
    secrets.dispose();
  });
});
