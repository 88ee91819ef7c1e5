// --max-sends-per-hour: how many messages one profile's server puts before the user per rolling hour, sent or
// declined (a prompt-injected agent must not be able to ask again and again). A slot is taken before the user
// is asked (two calls at once cannot both slip under the cap) and given back only when nobody was asked and
// nothing went out; every other slot is kept for an hour. The count lives in a SendLog (a private file per
// profile, sendLog.ts), so restarting the server does not reset it.
import * as l10n from '@vscode/l10n';
import { ToolRefusal } from '../tools/refusal.js';
import { counted } from '../tools/text/dataText.js';
import type { SendSlot } from '../tools/spec.js';
import { memorySendLog, STATE_HOME_VAR, type SendLog } from './sendLog.js';

export const HOUR_MS = 3_600_000;

export class SendLimit {
  constructor(
    readonly maxPerHour: number,
    private readonly now: () => number = Date.now,
    private readonly log: SendLog = memorySendLog(),
  ) {}

  /** The times of the last hour, oldest first (a time ahead of the clock counts until an hour after it). */
  private recent(t: number): number[] {
    return this.log
      .load()
      .filter((s) => s > t - HOUR_MS && s <= t + HOUR_MS)
      .sort((a, b) => a - b);
  }

  private save(times: number[]): void {
    try {
      this.log.save(times);
    } catch {
      // Sending on without the count would let a restart reset the cap: refused, naming the variable only.
      throw new ToolRefusal(
        'sendLimit',
        l10n.t(
          'Not sent: this server cannot keep its count of messages for the hourly limit (--max-sends-per-hour), because its state folder cannot be written. Set {0} in the environment of the MCP server to a folder it may write.',
          STATE_HOME_VAR,
        ),
      );
    }
  }

  /** A slot, or a ToolRefusal('sendLimit') that says when the next send is possible. */
  reserve(): SendSlot {
    const t = this.now();
    const taken = this.recent(t);
    if (taken.length >= this.maxPerHour) {
      const next = (taken[taken.length - this.maxPerHour] ?? t) + HOUR_MS;
      const minutes = Math.max(1, Math.ceil((next - t) / 60_000));
      throw new ToolRefusal(
        'sendLimit',
        l10n.t(
          'Not sent: the user was asked to confirm {0} from this server in the last hour (sent or declined), its limit (--max-sends-per-hour). The next one is possible at {1} UTC, in {2}. Do not retry before then unless the user asks.',
          counted(this.maxPerHour, l10n.t('1 message'), l10n.t('{0} messages', this.maxPerHour)),
          new Date(next).toISOString().slice(11, 19),
          counted(minutes, l10n.t('1 minute'), l10n.t('{0} minutes', minutes)),
        ),
      );
    }
    this.save([...taken, t]);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const now = this.recent(this.now());
        const i = now.lastIndexOf(t);
        if (i < 0) return;
        now.splice(i, 1);
        try {
          this.log.save(now);
        } catch {
          // Kept counted: the safe side.
        }
      },
    };
  }
}
