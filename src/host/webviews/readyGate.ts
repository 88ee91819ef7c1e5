// Holds what a panel currently shows (its "snapshot": e.g. month data + comparison) and posts it
// only while the webview is ready. The webview's content is thrown away whenever the panel is
// hidden (we do not retain context), and a fresh page announces itself with `ready` again; the
// gate then replays the snapshot, so the host never posts into the void or before the handshake.

export type PostFn<T> = (message: T) => PromiseLike<boolean> | boolean;

/** How many posted messages a gate remembers for the test seam (an update in place is told from a repaint by them). */
const RECENT_POSTS = 8;

export class ReadyGate<T> {
  private ready = false;
  private snapshot: T[] = [];
  private readonly recent: T[] = [];

  constructor(private readonly post: PostFn<T>) {}

  get isReady(): boolean {
    return this.ready;
  }

  /** The webview said `ready`: (re)send everything it should display. */
  markReady(): void {
    this.ready = true;
    for (const m of this.snapshot) this.send(m);
  }

  /** The panel was hidden or its page is being replaced: hold messages until the next `ready`. */
  markNotReady(): void {
    this.ready = false;
  }

  /** Replaces what the panel shows (loading, data, error). */
  show(...messages: T[]): void {
    this.snapshot = messages;
    if (this.ready) for (const m of messages) this.send(m);
  }

  /**
   * Replaces what a new page would be sent, posting nothing: the page already has it piecemeal (the overview's
   * rows, posted one by one as they settle, while a reloaded page gets them whole).
   */
  keep(...messages: T[]): void {
    this.snapshot = messages;
  }

  /** Posts `message` only if the page is ready now; the snapshot is not changed (see keep). */
  postIfReady(message: T): void {
    if (this.ready) this.send(message);
  }

  /** Adds to what the panel shows (e.g. a comparison arriving after the data). */
  append(message: T): void {
    this.snapshot.push(message);
    if (this.ready) this.send(message);
  }

  current(): readonly T[] {
    return this.snapshot;
  }

  /** The last messages posted to the page, oldest first (the test seam reads them). */
  posted(): readonly T[] {
    return this.recent;
  }

  private send(message: T): void {
    this.recent.push(message);
    if (this.recent.length > RECENT_POSTS) this.recent.shift();
    void this.post(message);
  }
}
