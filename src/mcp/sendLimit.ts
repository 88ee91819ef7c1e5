// --max-sends-per-hour: how many messages one server process sends per rolling hour. A slot is taken
// before the user is asked (two calls at once cannot both slip under the cap) and given back when nothing
// went out; a message that left, or may have left (outcome unknown), keeps its slot for an hour.
import * as l10n from '@vscode/l10n';
import { ToolRefusal } from '../tools/refusal.js';
import type { SendSlot } from '../tools/spec.js';

export const HOUR_MS = 3_600_000;

export class SendLimit {
  private readonly taken: number[] = [];

  constructor(
    readonly maxPerHour: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A slot, or a ToolRefusal('sendLimit') that says when the next send is possible. */
  reserve(): SendSlot {
    const t = this.now();
    while (this.taken.length > 0 && this.taken[0]! <= t - HOUR_MS) this.taken.shift();
    if (this.taken.length >= this.maxPerHour) {
      const next = (this.taken[0] ?? t) + HOUR_MS;
      const minutes = Math.max(1, Math.ceil((next - t) / 60_000));
      throw new ToolRefusal(
        'sendLimit',
        l10n.t(
          'Not sent: this server has sent {0} messages in the last hour, its limit (--max-sends-per-hour). The next one is possible at {1} UTC, in {2} minutes. Do not retry before then unless the user asks.',
          this.maxPerHour,
          new Date(next).toISOString().slice(11, 19),
          minutes,
        ),
      );
    }
    this.taken.push(t);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const i = this.taken.lastIndexOf(t);
        if (i >= 0) this.taken.splice(i, 1);
      },
    };
  }
}
