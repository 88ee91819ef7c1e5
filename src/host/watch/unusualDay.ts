// "Is today unusual for the hour?" The service gives whole-day counters only, so the comparison is: today's call
// legs so far against the same weekday's whole-day counts in the months in hand (the months already loaded; the
// check never asks the service for more), each scaled by the share of the UTC day gone by now — an even spread
// over the day, which the alert says. Pure and unit-tested (test/unit/host/watch/rules.test.ts).
import * as l10n from '@vscode/l10n';

export interface DayCount {
  /** YYYYMMDD */
  dateId: string;
  legs: number;
}

export interface UnusualInput {
  instanceId: string;
  today: DayCount;
  /** Days before today (not future days) from the months in hand, any weekday: the check picks the same weekday. */
  history: readonly DayCount[];
  /** Now (ms since the epoch, UTC): how much of today has gone. */
  now: number;
}

export interface UnusualVerdict {
  direction: 'high' | 'low';
  /** 0 = Sunday … 6 = Saturday (UTC). */
  weekday: number;
  /** How many same-weekday days were compared. */
  compared: number;
  /** Their whole-day counts scaled to this hour: the range today fell outside of. */
  lowest: number;
  highest: number;
  /** The share of today gone (0–1). */
  share: number;
  /** What the alert and the log say: what was compared, and how. */
  message: string;
}

/** Fewer same-weekday days than this say nothing about "usual". */
const MIN_SAME_WEEKDAYS = 3;
/** Differences smaller than this many legs are never unusual, whatever the ratio (quiet instances). */
const MIN_DIFFERENCE = 10;
/** Before this share of the day is gone, "lower than usual" is not judged (the morning is always low). */
const MIN_SHARE_FOR_LOW = 0.25;

function weekdayOf(dateId: string): number {
  return new Date(Date.UTC(Number(dateId.slice(0, 4)), Number(dateId.slice(4, 6)) - 1, Number(dateId.slice(6, 8)))).getUTCDay();
}

function dateIdOfUtc(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Share of the UTC day gone at `now` when `dateId` is that day; a day already over counts whole. */
export function shareOfDay(dateId: string, now: number): number {
  const today = dateIdOfUtc(now);
  if (dateId < today) return 1;
  if (dateId > today) return 0;
  const d = new Date(now);
  return (d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds()) / 86_400;
}

/**
 * High: today already passed 1.5× the highest same-weekday count scaled to this hour (and by MIN_DIFFERENCE legs).
 * Low: a quarter of the day or more has gone and today is under half the lowest scaled count (by MIN_DIFFERENCE).
 * Undefined when usual, or when too few same weekdays are in hand to tell.
 */
export function unusualDay(input: UnusualInput, weekdayName: (weekday: number) => string = englishWeekday): UnusualVerdict | undefined {
  const weekday = weekdayOf(input.today.dateId);
  const same = input.history.filter((d) => d.dateId < input.today.dateId && weekdayOf(d.dateId) === weekday);
  if (same.length < MIN_SAME_WEEKDAYS) return undefined;
  const share = shareOfDay(input.today.dateId, input.now);
  const scaled = same.map((d) => d.legs * share);
  const lowest = Math.round(Math.min(...scaled));
  const highest = Math.round(Math.max(...scaled));
  const legs = input.today.legs;
  let direction: 'high' | 'low' | undefined;
  if (legs > highest * 1.5 && legs - highest >= MIN_DIFFERENCE) direction = 'high';
  else if (share >= MIN_SHARE_FOR_LOW && legs < lowest * 0.5 && lowest - legs >= MIN_DIFFERENCE) direction = 'low';
  if (!direction) return undefined;
  const hour = new Date(input.now).toISOString().slice(11, 16);
  const args = [input.instanceId, legs, hour, weekdayName(weekday), same.length, lowest, highest, Math.round(share * 100)];
  const message =
    direction === 'high'
      ? l10n.t(
          '{0}: {1} call legs today by {2} UTC, far above every {3} in the months in hand ({4} days: {5}–{6} by this hour, their whole-day counts scaled by the {7}% of the day gone).',
          ...args,
        )
      : l10n.t(
          '{0}: {1} call legs today by {2} UTC, far below every {3} in the months in hand ({4} days: {5}–{6} by this hour, their whole-day counts scaled by the {7}% of the day gone).',
          ...args,
        );
  return { direction, weekday, compared: same.length, lowest, highest, share, message };
}

function englishWeekday(weekday: number): string {
  return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][weekday] ?? '';
}
