// When an alert is due. Pure decisions over what is stored in the editor's global state (shared by every
// window of the user, so two windows do not both alert for the same crossing); the host shows and logs them
// (watch/alerts.ts). Unit-tested in plain Node (test/unit/host/watch/alertRules.test.ts).

/** globalState keys, per profile. */
export const LOW_BALANCE_KEY_PREFIX = 'voiceSms.alerts.lowBalance.';
export const CALL_LEGS_KEY_PREFIX = 'voiceSms.alerts.callLegs.';
export const UNUSUAL_KEY_PREFIX = 'voiceSms.alerts.unusual.';

export interface LowBalanceMark {
  /** The last reading was at or below the threshold (an alert was given for this crossing). */
  low: boolean;
}

/**
 * One balance reading against the threshold. An alert only when the balance goes from above (or unknown) to at
 * or below it; again only after a reading above it re-armed the alert. `next` is what to store (undefined:
 * nothing changes). An amount that is not a plain number neither alerts nor re-arms.
 */
export function lowBalanceStep(
  stored: LowBalanceMark | undefined,
  amount: number | undefined,
  threshold: number,
): { alert: boolean; next?: LowBalanceMark } {
  if (amount === undefined) return { alert: false };
  const low = amount <= threshold;
  const wasLow = stored?.low === true;
  if (low && !wasLow) return { alert: true, next: { low: true } };
  if (!low && wasLow) return { alert: false, next: { low: false } };
  return { alert: false };
}

/** The call-legs alert given for one instance: the day and the threshold it was given for. */
export interface CallLegsMark {
  dateId: string;
  threshold: number;
}

/** Today's legs passed the threshold (0 = off): once per instance, day and threshold. */
export function callLegsDue(threshold: number, today: { dateId: string; legs: number }, stored: CallLegsMark | undefined): boolean {
  if (!(threshold > 0) || today.legs <= threshold) return false;
  return !(stored?.dateId === today.dateId && stored.threshold === threshold);
}
