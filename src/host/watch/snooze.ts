// "Snooze for a Day" on an alert: the kind is quiet until a stored end time, kept in the global state every window
// shares (so it survives a reload and holds in every window) and judged by the watch's clock, which the test seam
// moves by hand. Pure, so a hand-edited or older stored value is checked here before anything trusts it.

export type AlertKind = 'lowBalance' | 'callLegs' | 'unusualDay';

/** globalState key: { [kind]: the end of its snooze, ms since the epoch }. */
export const SNOOZE_KEY = 'voiceSms.alerts.snoozed';
export const SNOOZE_MS = 24 * 60 * 60_000;

const KINDS: readonly AlertKind[] = ['lowBalance', 'callLegs', 'unusualDay'];

/** Each kind's end time as stored, if it is a number. */
function snoozes(raw: unknown): Partial<Record<AlertKind, number>> {
  const out: Partial<Record<AlertKind, number>> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const kind of KINDS) {
    const until = (raw as Record<string, unknown>)[kind];
    if (typeof until === 'number' && Number.isFinite(until)) out[kind] = until;
  }
  return out;
}

/** The end of `kind`'s snooze when it is still on at `now`; undefined when none is. */
export function snoozedUntil(raw: unknown, kind: AlertKind, now: number): number | undefined {
  const until = snoozes(raw)[kind];
  return until !== undefined && until > now ? until : undefined;
}

/** What to store with `kind` snoozed until `until` (snoozes over by `now` are dropped). */
export function withSnooze(raw: unknown, kind: AlertKind, until: number, now: number): Partial<Record<AlertKind, number>> {
  const out = Object.fromEntries(Object.entries(snoozes(raw)).filter(([, end]) => end > now));
  return { ...out, [kind]: until };
}

/** What to store with `kind`'s snooze undone, if it is still the one ending at `until` (Undo). */
export function withoutSnooze(raw: unknown, kind: AlertKind, until: number): Partial<Record<AlertKind, number>> {
  const out = snoozes(raw);
  if (out[kind] === until) delete out[kind];
  return out;
}
