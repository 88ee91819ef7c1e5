// The editor's globalState loses writes made close together. Its extension-host copy is one object per
// extension, written whole on the next macrotask after update(); every write comes back from the editor as
// an echo that replaces the whole copy. An echo of write A that arrives after update(B) but before B's
// flush makes that flush store the copy without B, and update(B) still resolves (microsoft/vscode#171827).
// Seen here: a sent SMS gone from the history; 150 of 300 keys lost when written 0-6 ms apart
// (test/integration/orderedState.test.ts). The cure: every write of this extension waits for the one
// before it, whose echo has arrived by the time it resolves (it is sent before the reply); reads see a
// value still waiting to be written; a write the editor did not keep (another window's echo) is made again.
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';

/** Writes of one value before update() gives up and rejects (a second window writing the same key at once). */
const WRITES = 3;

export class OrderedMemento implements vscode.Memento {
  private tail: Promise<void> = Promise.resolve();
  /** The last value asked for each key whose write has not finished; `{ value: undefined }` is a deletion. */
  private readonly pending = new Map<string, { value: unknown }>();

  constructor(private readonly inner: vscode.Memento) {}

  keys(): readonly string[] {
    const keys = new Set(this.inner.keys());
    for (const [key, { value }] of this.pending) {
      if (value === undefined) keys.delete(key);
      else keys.add(key);
    }
    return [...keys];
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    const waiting = this.pending.get(key);
    if (!waiting) return defaultValue === undefined ? this.inner.get<T>(key) : this.inner.get<T>(key, defaultValue);
    // A copy, as the editor's memento hands out: the caller may change what it got.
    return waiting.value === undefined ? defaultValue : (JSON.parse(JSON.stringify(waiting.value)) as T);
  }

  update(key: string, value: unknown): Promise<void> {
    // Copied now, as the editor does, so a caller changing its object afterwards changes nothing stored.
    const entry = { value: value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown) };
    this.pending.set(key, entry);
    const written = this.tail.then(() => this.write(key, entry.value));
    const done = written.finally(() => {
      if (this.pending.get(key) === entry) this.pending.delete(key);
    });
    this.tail = done.catch(() => undefined);
    return done;
  }

  private async write(key: string, value: unknown): Promise<void> {
    const wanted = JSON.stringify(value);
    for (let i = 0; i < WRITES; i++) {
      await this.inner.update(key, value);
      if (JSON.stringify(this.inner.get(key)) === wanted) return;
    }
    throw new Error(
      l10n.t(
        'VS Code did not keep the value stored under "{0}" after {1} writes; another window may be writing it at the same time.',
        key,
        WRITES,
      ),
    );
  }
}

/**
 * The editor's context with both mementos ordered, made once at activation so that every store writes through
 * the same queue. A new object whose prototype is the editor's (frozen) context: everything else reads through.
 */
export function withOrderedState(ctx: vscode.ExtensionContext): vscode.ExtensionContext {
  return Object.create(ctx, {
    globalState: {
      value: Object.assign(new OrderedMemento(ctx.globalState), {
        setKeysForSync: (keys: readonly string[]) => ctx.globalState.setKeysForSync(keys),
      }),
    },
    workspaceState: { value: new OrderedMemento(ctx.workspaceState) },
  }) as vscode.ExtensionContext;
}
