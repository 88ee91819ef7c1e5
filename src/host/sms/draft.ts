// The last SMS that did not go out (refused, failed, or outcome unknown), so the next "Send Test
// SMS" opens prefilled instead of making the user type it again; and the last one that did, so
// "Copy as cURL" can repeat it. Kept in memory and in workspaceState (never settings, never the log).
// Both hold the full destination number because that is what gets sent; it is personal data, not a
// secret. The draft is cleared once a send succeeds.
import type { StateStore } from './history.js';

export interface SmsDraft {
  from: string;
  to: string;
  body: string;
}

const KEY = 'voiceSms.smsDraft';
const SENT_KEY = 'voiceSms.smsLastSent';

/** The message "Copy as cURL" repeats: the unsent draft first, else the last message sent. */
export interface ComposedSms extends SmsDraft {
  sent: boolean;
}

export class SmsDrafts {
  private current: SmsDraft | undefined;
  private sent: SmsDraft | undefined;

  constructor(private readonly state: StateStore) {
    const stored = state.get<unknown>(KEY);
    if (isDraft(stored)) this.current = stored;
    const sent = state.get<unknown>(SENT_KEY);
    if (isDraft(sent)) this.sent = sent;
  }

  /** The draft if there is one, else the last message sent from this workspace. */
  lastComposed(): ComposedSms | undefined {
    if (this.current) return { ...this.current, sent: false };
    return this.sent ? { ...this.sent, sent: true } : undefined;
  }

  /** A send succeeded: remember the message and drop the draft. */
  async markSent(sms: SmsDraft): Promise<void> {
    this.sent = { from: sms.from, to: sms.to, body: sms.body };
    await this.state.update(SENT_KEY, this.sent);
    await this.clear();
  }

  get(): SmsDraft | undefined {
    return this.current ? { ...this.current } : undefined;
  }

  async keep(draft: SmsDraft): Promise<void> {
    this.current = { from: draft.from, to: draft.to, body: draft.body };
    await this.state.update(KEY, this.current);
  }

  async clear(): Promise<void> {
    this.current = undefined;
    await this.state.update(KEY, undefined);
  }
}

function isDraft(v: unknown): v is SmsDraft {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return typeof d.from === 'string' && typeof d.to === 'string' && typeof d.body === 'string';
}
