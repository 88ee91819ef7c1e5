// An in-memory stand-in for the editor's globalState/workspaceState (the StateStore the host's stores take),
// shared by the unit suites of those stores.
import type { StateStore } from '../../../src/host/sms/history.js';

export class MemoryState implements StateStore {
  readonly data = new Map<string, unknown>();
  get<T>(key: string, defaultValue?: T): T | undefined {
    // Round-trip through JSON like globalState does, so nothing relies on object identity.
    const v = this.data.get(key);
    return v === undefined ? defaultValue : (JSON.parse(JSON.stringify(v)) as T);
  }
  /** Like Memento.keys(): every key that holds a value. */
  keys(): string[] {
    return [...this.data.keys()];
  }
  update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.data.delete(key);
    else this.data.set(key, value);
    return Promise.resolve();
  }
}
