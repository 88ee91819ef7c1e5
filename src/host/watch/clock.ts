// The watch's sense of time: the editor's real clock for users, a clock the test seam moves by hand for the
// integration tests (src/shell/testApi.ts), so a test of "one read per interval" takes no interval to run.
// Only the watch's own scheduling follows it; requests, the month cache and the service keep real time.

export interface TimerHandle {
  dispose(): void;
}

export interface WatchClock {
  now(): number;
  /** Runs `fn` once after `ms`; dispose() before then cancels it. */
  after(ms: number, fn: () => void): TimerHandle;
}

export const realClock: WatchClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, Math.max(0, ms));
    return { dispose: () => clearTimeout(t) };
  },
};

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
}

/** A clock that moves only when told (advance); due timers run in time order, each at its own time. */
export class ManualClock implements WatchClock {
  private time: number;
  private seq = 0;
  private pending: Pending[] = [];

  constructor(start: number) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): TimerHandle {
    const p: Pending = { at: this.time + Math.max(0, ms), seq: this.seq++, fn };
    this.pending.push(p);
    return { dispose: () => (this.pending = this.pending.filter((x) => x !== p)) };
  }

  /** Milliseconds until the next timer falls due (0 when one is due now), or undefined when none is set. */
  nextDueIn(): number | undefined {
    if (this.pending.length === 0) return undefined;
    return Math.max(0, Math.min(...this.pending.map((p) => p.at)) - this.time);
  }

  /** Moves the clock `ms` forward, running every timer that falls due on the way (a timer set by one that runs too, if due). */
  /** Moves the clock by `ms`, letting each timer that falls due on the way run and `settled()` resolve before going on. */
  async advanceSettling(ms: number, settled: () => Promise<void>): Promise<void> {
    let left = ms;
    for (;;) {
      const due = this.nextDueIn();
      if (due === undefined || due > left) break;
      this.advance(due);
      left -= due;
      await settled();
    }
    this.advance(left);
  }

  advance(ms: number): void {
    const end = this.time + Math.max(0, ms);
    for (;;) {
      const due = this.pending.filter((p) => p.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.pending = this.pending.filter((p) => p !== due);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = end;
  }
}
