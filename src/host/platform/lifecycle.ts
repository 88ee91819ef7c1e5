// Collects disposables so a service can release everything it created in one call, in reverse
// order of creation (listeners before the emitters they listen to).

export interface DisposableLike {
  dispose(): unknown;
}

export class DisposableStore implements DisposableLike {
  private readonly items: DisposableLike[] = [];
  private disposed = false;

  add<T extends DisposableLike>(item: T): T {
    // Something registered after disposal would otherwise leak for the rest of the session.
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  dispose(): void {
    this.disposed = true;
    for (const item of this.items.splice(0).reverse()) {
      try {
        item.dispose();
      } catch {
        // One failing disposable must not keep the others alive.
      }
    }
  }
}

/**
 * Base of a service that owns what it creates (emitters, listeners, items): it `_register`s each one,
 * and dispose() releases them all, in reverse order. A subclass that overrides dispose() calls super.
 */
export abstract class Disposable implements DisposableLike {
  private readonly _store = new DisposableStore();

  protected _register<T extends DisposableLike>(item: T): T {
    return this._store.add(item);
  }

  dispose(): void {
    this._store.dispose();
  }
}
