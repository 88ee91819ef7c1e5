// The typed month view that the core parses and the tree, the webviews, exports and the status bar all read: plain data,
// below the core so the shared calculations (comparison, projection, export) can name it.

/** One calendar day of the calls month view; counters are integers. */
export interface DayStats {
  /** YYYYMMDD */
  dateId: string;
  callLegs: number;
  callLegsIn: number;
  callLegsOut: number;
  callsUnique: number;
  durationMin: number;
  /** The day lies after the service's currentDateID: no traffic yet, which is not the same as zero traffic. */
  future: boolean;
  /** call_legs differs from call_legs_in + call_legs_out (shown as a data warning). */
  legsMismatch: boolean;
}

/** Sums over the non-future days; `days` is how many days were summed. */
export interface MonthTotals {
  callLegs: number;
  callLegsIn: number;
  callLegsOut: number;
  callsUnique: number;
  durationMin: number;
  days: number;
}

export interface MonthView {
  /** YYYYMM */
  monthId: string;
  /** YYYYMMDD, as the service reported it. */
  currentDateId: string;
  /** Ascending by dateId, whatever order the service used. */
  days: DayStats[];
  /** Days of the month up to currentDateId (inclusive) for which the service sent no entry, ascending. */
  missingDays: string[];
  /** Non-future days only. */
  totals: MonthTotals;
  /** Human-readable data warnings (mismatched legs, missing or stray days, traffic on future days). */
  warnings: string[];
}
