// Holds what a panel currently shows (its "snapshot": e.g. month data + comparison) and posts it
// only while the webview is ready. The webview's content is thrown away whenever the panel is
// hidden (we do not retain context), and a new page announces itself with `ready` again; the
// gate then replays the snapshot, so the host never posts into the void or before the handshake.
//
// A panel's first paint, one path: the registry starts the load, lets it have its turn (a month at hand settles
// in it), and writes the page carrying the snapshot as it is then (panelRegistry.ts adopt, html.ts; pageCarries
// here). The page's boot script says `ready`, `fresh` when the page has no saved state: such a page draws what it
// carries at once (src/webview/common/vscodeApi.ts). On `ready` the gate posts the snapshot and everything after
// it, less what a fresh page carries, in order, until the first message that differs; a page with saved state
// (shown again, restored) gets it all.

export type PostFn<T> = (message: T) => PromiseLike<boolean> | boolean;

/** How many posted messages a gate remembers for the test seam (an update in place is told from a repaint by them). */
const RECENT_POSTS = 8;

export class ReadyGate<T> {
  private ready = false;
  private snapshot: T[] = [];
  private readonly recent: T[] = [];
  /** What the page's markup carries, as JSON. */
  private carried: readonly string[] = [];
  /** What the page still has from its markup, in order: the next messages equal to these are not posted again. */
  private held: string[] = [];

  constructor(private readonly post: PostFn<T>) {}

  get isReady(): boolean {
    return this.ready;
  }

  /** The page was written carrying `messages` (what setPanelPage returns). */
  pageCarries(messages: readonly unknown[]): void {
    this.carried = messages.map((m) => JSON.stringify(m));
  }

  /** The webview said `ready`: (re)send everything it should display, less what a `fresh` page carries. */
  markReady(fresh = false): void {
    this.ready = true;
    this.held = fresh ? [...this.carried] : [];
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

  /** The last messages posted to the page (or held back because its markup carries them), oldest first (the test seam reads them). */
  posted(): readonly T[] {
    return this.recent;
  }

  private send(message: T): void {
    this.recent.push(message);
    if (this.recent.length > RECENT_POSTS) this.recent.shift();
    if (this.held.length > 0 && JSON.stringify(message) === this.held[0]) {
      this.held.shift();
      return;
    }
    // The first other message ends it: the same month shown again later (the user back on it) is posted as usual.
    this.held = [];
    void this.post(message);
  }
}
