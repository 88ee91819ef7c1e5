// The last SMS that did not go out (refused, failed, or outcome unknown), so the next "Send Test
// SMS" opens prefilled instead of making the user type it again. Kept in memory and in
// workspaceState (never settings, never the log). It holds the full destination number because
// that is what gets sent; it is personal data, not a secret, and it is cleared once a send succeeds.
import type { StateStore } from './history.js';

export interface SmsDraft {
  from: string;
  to: string;
  body: string;
}

const KEY = 'voiceSms.smsDraft';

export class SmsDrafts {
  private current: SmsDraft | undefined;

  constructor(private readonly state: StateStore) {
    const stored = state.get<unknown>(KEY);
    if (isDraft(stored)) this.current = stored;
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
