import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import type * as vscode from 'vscode';
import { OrderedMemento, withOrderedState } from '../../../../src/host/platform/orderedState.js';
import { MemoryState } from '../memoryState.js';

/** The stores' in-memory state, with writes that take a macrotask, a count of how many run at once, and the next few forgotten. */
class SlowMemento extends MemoryState {
  readonly written: string[] = [];
  running = 0;
  mostAtOnce = 0;
  forgetNext = 0;
  override async update(key: string, value: unknown): Promise<void> {
    this.running++;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    await tick();
    this.running--;
    this.written.push(key);
    if (this.forgetNext > 0) this.forgetNext--;
    else await super.update(key, value);
  }
}

void describe('OrderedMemento', () => {
  void it('writes one value at a time, in the order they were asked for', async () => {
    const inner = new SlowMemento();
    const m = new OrderedMemento(inner);
    await Promise.all(['a', 'b', 'c', 'a'].map((k, i) => m.update(k, i)));
    assert.equal(inner.mostAtOnce, 1);
    assert.deepEqual(inner.written, ['a', 'b', 'c', 'a']);
    assert.deepEqual([m.get('a'), m.get('b'), m.get('c')], [3, 1, 2]);
  });

  void it('reads and lists a value still waiting to be written, a deletion too', async () => {
    const inner = new SlowMemento();
    inner.data.set('old', 'kept');
    inner.data.set('gone', 1);
    const m = new OrderedMemento(inner);
    const writes = [m.update('slow', 1), m.update('new', { n: 2 }), m.update('gone', undefined)];
    assert.deepEqual(m.get('new'), { n: 2 });
    assert.equal(m.get('gone'), undefined);
    assert.equal(m.get('gone', 'default'), 'default');
    assert.equal(m.get('old'), 'kept');
    assert.deepEqual([...m.keys()].sort(), ['new', 'old', 'slow']);
    assert.equal(inner.data.has('new'), false, 'not written yet: the reads above came from the queue');
    await Promise.all(writes);
    assert.deepEqual([...inner.keys()].sort(), ['new', 'old', 'slow']);
  });

  void it('stores the value as it was when update() was called', async () => {
    const m = new OrderedMemento(new SlowMemento());
    const value = { list: [1] };
    const written = m.update('k', value);
    value.list.push(2);
    assert.deepEqual(m.get('k'), { list: [1] });
    (m.get<{ list: number[] }>('k')?.list ?? []).push(3);
    await written;
    assert.deepEqual(m.get('k'), { list: [1] });
  });

  void it('writes again what the editor did not keep, gives up after three and goes on with the next', async () => {
    const inner = new SlowMemento();
    const m = new OrderedMemento(inner);
    inner.forgetNext = 2;
    await m.update('once', 1);
    assert.deepEqual(inner.written, ['once', 'once', 'once']);
    assert.equal(m.get('once'), 1);

    inner.forgetNext = 3;
    const lost = m.update('never', 1);
    const next = m.update('after', 2);
    await assert.rejects(lost, /did not keep the value stored under "never" after 3 writes/);
    await next;
    assert.equal(m.get('never'), undefined, 'once given up, reads show what the editor holds');
    assert.equal(m.get('after'), 2);
  });
});

void describe('withOrderedState', () => {
  void it('orders both mementos and reads everything else from the editor’s frozen context', async () => {
    const globalState = Object.assign(new SlowMemento(), {
      synced: [] as string[],
      setKeysForSync(keys: readonly string[]) {
        this.synced.push(...keys);
      },
    });
    const subscriptions: { dispose(): unknown }[] = [];
    const editor = Object.freeze({
      globalState,
      workspaceState: new SlowMemento(),
      subscriptions,
      get extensionMode() {
        return 2;
      },
    });
    const ctx = withOrderedState(editor as unknown as vscode.ExtensionContext);
    assert.ok(ctx.globalState instanceof OrderedMemento);
    assert.ok(ctx.workspaceState instanceof OrderedMemento);
    assert.equal(ctx.subscriptions, subscriptions);
    assert.equal(ctx.extensionMode, 2);
    ctx.globalState.setKeysForSync(['k']);
    assert.deepEqual(globalState.synced, ['k']);
    await Promise.all([ctx.globalState.update('g', 1), ctx.globalState.update('h', 2)]);
    assert.equal(globalState.mostAtOnce, 1);
  });
});
