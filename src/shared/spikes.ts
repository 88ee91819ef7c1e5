// Spike detection shared by the month view (webview) and the chat tools (host): a day is a spike
// when its call legs exceed SPIKE_FACTOR times the median of the active (non-zero, non-future) days.

export const SPIKE_FACTOR = 3;

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The median of the non-zero, non-future days' call legs: the baseline for spike detection. */
export function spikeBaseline(days: readonly { future: boolean; callLegs: number }[]): number {
  return median(days.filter((d) => !d.future && d.callLegs > 0).map((d) => d.callLegs));
}

/** The day's call legs over the baseline when that makes it a spike, else undefined. */
export function spikeFactor(day: { future: boolean; callLegs: number }, baseline: number): number | undefined {
  return !day.future && baseline > 0 && day.callLegs > SPIKE_FACTOR * baseline ? day.callLegs / baseline : undefined;
}
