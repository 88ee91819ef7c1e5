// "Is today unusual for the hour?" The one rule of src/shared/unusualDays.ts, with today not over: the service gives
// whole-day counters only, so today's call legs so far are judged against the same weekday's whole-day counts in the
// months in hand (the months already loaded; the check never asks the service for more), each scaled by the share of
// the UTC day gone by now — an even spread over the day, which the alert says. "Lower than usual" waits until a
// quarter of the day has gone. Pure and unit-tested (test/unit/host/watch/rules.test.ts, and against the month view
// in test/unit/shared/unusualAgreement.test.ts).
import * as l10n from '@vscode/l10n';
import { judgeDay, roundedFigure, type DayCount, type UnusualDay } from '../../shared/unusualDays.js';

export type { DayCount };

export interface UnusualInput {
  instanceId: string;
  today: DayCount;
  /** Days before today (not future days) from the months in hand, any weekday: the rule picks the compared ones. */
  history: readonly DayCount[];
  /** Now (ms since the epoch, UTC): how much of today has gone. */
  now: number;
}

export interface UnusualVerdict extends UnusualDay {
  /** What the alert and the log say: the day, what it was compared with, and how. */
  message: string;
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

/** The verdict of the shared rule on today so far, worded for the alert; undefined when usual or too little is known. */
export function unusualDay(input: UnusualInput, weekdayName: (weekday: number) => string = englishWeekday): UnusualVerdict | undefined {
  const share = shareOfDay(input.today.dateId, input.now);
  const verdict = judgeDay(input.today, input.history, { share });
  if (!verdict) return undefined;
  const hour = new Date(input.now).toISOString().slice(11, 16);
  const message = l10n.t({
    message:
      '{0}: {1} call legs today by {2} UTC; {3}s usually {4}–{5} by this hour (median {6}, {7} {3}s before in the months in hand, their whole-day counts scaled by the {8}% of the day gone).',
    args: [
      input.instanceId,
      verdict.callLegs,
      hour,
      weekdayName(verdict.weekday),
      verdict.usualLow,
      verdict.usualHigh,
      roundedFigure(verdict.median),
      verdict.compared,
      Math.round(share * 100),
    ],
    comment: [
      'An unusual-day alert: {0} the instance, {1} call legs so far, {2} the time, {3} a weekday name (e.g. Tuesday), {4}–{5} the usual range, {6} the median, {7} how many earlier days of that weekday, {8} a percentage',
    ],
  });
  return { ...verdict, message };
}

function englishWeekday(weekday: number): string {
  return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][weekday] ?? '';
}
