// The last SMS that did not go out (refused, failed, or outcome unknown), so the next "Send Test
// SMS" opens prefilled instead of making the user type it again; and the last one that did, so
// "Copy as cURL" can repeat it. One pair per profile in globalState (never settings, never the log),
// so removing a profile removes its pair in every window, not only in the workspace it was removed from.
// Both hold the full destination number because that is what gets sent; it is personal data, not a
// secret. The draft is cleared once a send succeeds.
import type { StateStore } from './history.js';

export interface SmsDraft {
  from: string;
  to: string;
  body: string;
}

const DRAFT_KEY_PREFIX = 'voiceSms.smsDraft.';
const SENT_KEY_PREFIX = 'voiceSms.smsLastSent.';
/** Where releases before per-profile drafts kept the pair (workspaceState, one per workspace). */
export const LEGACY_WORKSPACE_KEYS = ['voiceSms.smsDraft', 'voiceSms.smsLastSent'] as const;

/** The message "Copy as cURL" repeats: the unsent draft first, else the last message sent. */
export interface ComposedSms extends SmsDraft {
  sent: boolean;
}

export class SmsDrafts {
  constructor(private readonly state: StateStore) {}

  /** The profile's draft if there is one, else the last message sent through it. */
  lastComposed(profile: string): ComposedSms | undefined {
    const current = this.get(profile);
    if (current) return { ...current, sent: false };
    const sent = read(this.state, SENT_KEY_PREFIX + profile);
    return sent ? { ...sent, sent: true } : undefined;
  }

  /** A send succeeded: remember the message and drop the draft. */
  async markSent(profile: string, sms: SmsDraft): Promise<void> {
    await this.state.update(SENT_KEY_PREFIX + profile, copy(sms));
    await this.clear(profile);
  }

  get(profile: string): SmsDraft | undefined {
    return read(this.state, DRAFT_KEY_PREFIX + profile);
  }

  async keep(profile: string, draft: SmsDraft): Promise<void> {
    await this.state.update(DRAFT_KEY_PREFIX + profile, copy(draft));
  }

  async clear(profile: string): Promise<void> {
    await this.state.update(DRAFT_KEY_PREFIX + profile, undefined);
  }

  /** The profile is gone: its draft and its last sent message too. */
  async forget(profile: string): Promise<void> {
    await this.clear(profile);
    await this.state.update(SENT_KEY_PREFIX + profile, undefined);
  }
}

/**
 * Deletes the pair an older release kept in this workspace, not knowing which profile it belonged to: handing it
 * to whichever profile is active now could offer one account's draft through another.
 */
export async function dropLegacyDrafts(workspaceState: StateStore): Promise<void> {
  for (const key of LEGACY_WORKSPACE_KEYS) if (workspaceState.get(key) !== undefined) await workspaceState.update(key, undefined);
}

function copy(d: SmsDraft): SmsDraft {
  return { from: d.from, to: d.to, body: d.body };
}

function read(state: StateStore, key: string): SmsDraft | undefined {
  const v = state.get<unknown>(key);
  return isDraft(v) ? copy(v) : undefined;
}

function isDraft(v: unknown): v is SmsDraft {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return typeof d.from === 'string' && typeof d.to === 'string' && typeof d.body === 'string';
}
