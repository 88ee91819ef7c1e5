// The "Sent SMS" history: one list per profile in the extension's globalState, newest first,
// capped. Editor-free (it takes a Memento-shaped store) so the rules are unit-tested in plain Node.
//
// What is stored: time, sender, the masked destination, the first words, segments, encoding,
// status, message id, an error summary. Resending needs the exact destination and body, so each
// entry also keeps them in a `resend` field. A phone number is not a secret, but it is personal
// data: it stays in globalState only and every surface (tree, tooltip, log, test API) uses
// `toMasked` and the public view returned by `entries()`.
import { maskPhoneNumber } from '../../shared/redact.js';

export type SmsStatus = 'sent' | 'failed' | 'outcome-unknown';

/** What the view, the log and the test API see: never the full number or the full body. */
export interface SmsHistoryEntry {
  id: string;
  /** Epoch milliseconds. */
  time: number;
  profile: string;
  from: string;
  toMasked: string;
  /** The first words of the body, at most PREVIEW_LENGTH characters. */
  preview: string;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
  status: SmsStatus;
  messageId?: string;
  /** The failure as shown to the user (already free of the number: the core masks it). */
  error?: string;
}

/** What resend needs; kept beside the entry in globalState, never shown. */
export interface SmsResendData {
  to: string;
  body: string;
}

interface StoredEntry extends SmsHistoryEntry {
  resend?: SmsResendData;
}

/** The part of vscode.Memento this store uses. */
export interface StateStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

const HISTORY_LIMIT = 200;
const PREVIEW_LENGTH = 40;
const KEY_PREFIX = 'voiceSms.smsHistory.';

export interface NewEntry {
  profile: string;
  from: string;
  /** E.164; masked for display, kept whole only in `resend`. */
  to: string;
  body: string;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
  status: SmsStatus;
  messageId?: string;
  error?: string;
}

/** First words of `body` on one line, cut at a word boundary when possible, at most `max` characters. */
export function previewOf(body: string, max = PREVIEW_LENGTH): string {
  const line = body.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  // A word boundary only when it keeps most of the room; one long word is simply cut.
  return (space >= max / 2 ? cut.slice(0, space) : cut) + '…';
}

export class SmsHistory {
  private readonly listeners = new Set<() => void>();
  private counter = 0;

  constructor(
    private readonly state: StateStore,
    private readonly now: () => number = Date.now,
    private readonly limit = HISTORY_LIMIT,
  ) {}

  /** Called after every change (add, clear). Returns an unsubscribe function. */
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** The profile's entries, newest first, without the resend data. */
  entries(profile: string): SmsHistoryEntry[] {
    return this.stored(profile).map(publicView);
  }

  /** The destination and body to resend entry `id` of `profile`, when it was kept. */
  resendData(profile: string, id: string): (SmsHistoryEntry & SmsResendData) | undefined {
    const entry = this.stored(profile).find((e) => e.id === id);
    if (!entry?.resend) return undefined;
    return { ...publicView(entry), ...entry.resend };
  }

  async add(input: NewEntry): Promise<SmsHistoryEntry> {
    const time = this.now();
    const entry: StoredEntry = {
      id: `${time.toString(36)}-${(this.counter++).toString(36)}`,
      time,
      profile: input.profile,
      from: input.from,
      toMasked: maskPhoneNumber(input.to),
      preview: previewOf(input.body),
      segments: input.segments,
      encoding: input.encoding,
      status: input.status,
      ...(input.messageId !== undefined ? { messageId: input.messageId } : {}),
      ...(input.error !== undefined ? { error: input.error } : {}),
      resend: { to: input.to, body: input.body },
    };
    const list = [entry, ...this.stored(input.profile)].slice(0, this.limit);
    await this.state.update(KEY_PREFIX + input.profile, list);
    this.fire();
    return publicView(entry);
  }

  async clear(profile: string): Promise<void> {
    await this.state.update(KEY_PREFIX + profile, undefined);
    this.fire();
  }

  /** Distinct senders of the profile's history, most recently used first. */
  recentSenders(profile: string): string[] {
    return [...new Set(this.stored(profile).map((e) => e.from))];
  }

  private stored(profile: string): StoredEntry[] {
    const raw = this.state.get<unknown>(KEY_PREFIX + profile);
    // globalState is JSON someone (or an older version) wrote: keep only well-formed entries.
    return Array.isArray(raw) ? raw.filter(isEntry) : [];
  }

  private fire(): void {
    for (const l of [...this.listeners]) l();
  }
}

function publicView(e: StoredEntry): SmsHistoryEntry {
  const { resend: _resend, ...shown } = e;
  return shown;
}

function isEntry(v: unknown): v is StoredEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    typeof e.time === 'number' &&
    typeof e.from === 'string' &&
    typeof e.toMasked === 'string' &&
    typeof e.preview === 'string' &&
    typeof e.segments === 'number' &&
    (e.status === 'sent' || e.status === 'failed' || e.status === 'outcome-unknown')
  );
}
