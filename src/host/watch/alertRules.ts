// When an alert is due. Pure decisions over what is stored in the editor's global state (shared by every
// window of the user, so two windows do not both alert for the same crossing or day); watchAlerts.ts and
// lowBalanceAlert.ts apply them and show the alerts. Unit-tested in plain Node (test/unit/host/watch/).

/** globalState keys, per profile. */
export const LOW_BALANCE_KEY_PREFIX = 'voiceSms.alerts.lowBalance.';
export const CALL_LEGS_KEY_PREFIX = 'voiceSms.alerts.callLegs.';
export const UNUSUAL_KEY_PREFIX = 'voiceSms.alerts.unusual.';

export interface LowBalanceMark {
  /** An alert was given for this fall, and no reading has risen far enough above the threshold since to re-arm it. */
  low: boolean;
}

/**
 * How far above the threshold a reading must rise to re-arm the low-balance alert: 10% of the threshold, and at
 * least 1 (in the balance's currency). A balance flapping 5.01 / 4.99 around a threshold of 5 alerts once; it
 * alerts again only after a reading above 6. With a threshold of 500: above 550.
 */
const LOW_BALANCE_REARM_SHARE = 0.1;
const LOW_BALANCE_REARM_MIN = 1;

/** The reading above which the low-balance alert is armed again. */
function lowBalanceRearmAbove(threshold: number): number {
  return threshold + Math.max(Math.abs(threshold) * LOW_BALANCE_REARM_SHARE, LOW_BALANCE_REARM_MIN);
}

/**
 * One balance reading against the threshold. An alert only when the balance goes from armed (above, or unknown)
 * to at or below it; armed again only by a reading above lowBalanceRearmAbove(threshold). `next` is what to store
 * (undefined: nothing changes). An amount that is not a plain number neither alerts nor re-arms.
 */
export function lowBalanceStep(
  stored: LowBalanceMark | undefined,
  amount: number | undefined,
  threshold: number,
): { alert: boolean; next?: LowBalanceMark } {
  if (amount === undefined) return { alert: false };
  const wasLow = stored?.low === true;
  if (amount <= threshold && !wasLow) return { alert: true, next: { low: true } };
  if (wasLow && amount > lowBalanceRearmAbove(threshold)) return { alert: false, next: { low: false } };
  return { alert: false };
}

/**
 * The days (YYYYMMDD) one kind of alert was given for one instance, newest last: at most one alert per kind,
 * instance and day, however the service's current day moves (a day flapping between two dates is two days, each
 * alerted once). The watch believes only days within two of this computer's clock, so a handful is enough.
 */
const ALERTED_DAYS_KEPT = 8;

const DATE_ID = /^\d{8}$/;

/**
 * The days a stored mark names, whatever wrote it: a list (this version), an earlier call-legs mark
 * `{ dateId, threshold }` or an earlier unusual-day mark `"YYYYMMDD:high"`; anything else names none.
 */
export function alertedDays(stored: unknown): string[] {
  if (Array.isArray(stored)) return stored.filter((d): d is string => typeof d === 'string' && DATE_ID.test(d)).slice(-ALERTED_DAYS_KEPT);
  if (typeof stored === 'string') return DATE_ID.test(stored.slice(0, 8)) ? [stored.slice(0, 8)] : [];
  const dateId = (stored as { dateId?: unknown } | null | undefined)?.dateId;
  return typeof dateId === 'string' && DATE_ID.test(dateId) ? [dateId] : [];
}

/** Whether an alert was already given for `dateId`. */
export function alertedOn(stored: unknown, dateId: string): boolean {
  return alertedDays(stored).includes(dateId);
}

/** The mark to store once an alert is given for `dateId`. */
export function withAlertedDay(stored: unknown, dateId: string): string[] {
  const days = alertedDays(stored).filter((d) => d !== dateId);
  days.push(dateId);
  return days.slice(-ALERTED_DAYS_KEPT);
}

/** Today's legs passed the threshold (0 = off), and no call-legs alert was given for that day yet. */
export function callLegsDue(threshold: number, today: { dateId: string; legs: number }, stored: unknown): boolean {
  if (!(threshold > 0) || today.legs <= threshold) return false;
  return !alertedOn(stored, today.dateId);
}
