// What a watch knows of each watched instance: today's call legs as last read, the figure when the watch began
// (so the status bar can say "+14 since the watch began"), and when it was read. Pure: the engine and the status
// bar share these rules, and plain-Node unit tests check them.
import type { MonthView } from '../../shared/monthModel.js';

export interface Baseline {
  /** YYYYMMDD: the service's today when the baseline was taken. */
  dateId: string;
  legs: number;
}

export interface InstanceReading {
  instanceId: string;
  /** The service's today (currentDateID) at the last reading. */
  dateId?: string;
  /** Today's call legs at the last reading. */
  legs?: number;
  /** Today's figure when the watch began (0 for a day that began while watching). */
  baseline?: Baseline;
  /** When the last reading arrived (the watch's clock). */
  readAt?: number;
}

/** Today's row of a month view of the current month (the service's currentDateID), if the answer has it. */
export function todayLegs(view: MonthView): { dateId: string; legs: number } | undefined {
  const day = view.days.find((d) => d.dateId === view.currentDateId);
  return day ? { dateId: day.dateId, legs: day.callLegs } : undefined;
}

/**
 * The reading after a month view arrived: a first reading sets the baseline; a new day starts from zero,
 * so "since the watch began" counts that day's calls, never a negative change across midnight.
 */
export function applyReading(previous: InstanceReading, view: MonthView, at: number): InstanceReading {
  const today = todayLegs(view);
  if (!today) return { ...previous, readAt: at };
  const baseline: Baseline =
    previous.baseline === undefined
      ? { dateId: today.dateId, legs: today.legs }
      : previous.baseline.dateId === today.dateId
        ? previous.baseline
        : { dateId: today.dateId, legs: 0 };
  return { instanceId: previous.instanceId, dateId: today.dateId, legs: today.legs, baseline, readAt: at };
}

/** Today's legs minus the baseline; undefined before the first reading. */
export function changeSinceStart(r: InstanceReading): number | undefined {
  if (r.legs === undefined || r.baseline === undefined) return undefined;
  return r.legs - (r.baseline.dateId === r.dateId ? r.baseline.legs : 0);
}

/** The status bar's figures: the sum of today's legs over the instances read so far and their change. */
export function totalsOf(readings: readonly InstanceReading[]): { legs: number; change: number; read: number } {
  let legs = 0;
  let change = 0;
  let read = 0;
  for (const r of readings) {
    if (r.legs === undefined) continue;
    read++;
    legs += r.legs;
    change += changeSinceStart(r) ?? 0;
  }
  return { legs, change, read };
}

/** "+14", "−3", "±0": the change as the status bar writes it. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '\u00b10';
}
