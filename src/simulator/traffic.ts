// Deterministic, plausible call traffic per voice instance and day. Exported so that tests (and the demo)
// can compare what the simulator serves with what it should serve.
//
// Shape: each instance has its own weekday volume and inbound share; weekends carry a fraction of it,
// Mondays a little more, Fridays a little less; now and then a day has no traffic at all (more often at
// weekends). Invariants: call_legs = call_legs_in + call_legs_out, calls_unique <= call_legs, and every
// counter is 0 on a zero-traffic day.
import { weekdayOf } from './dates.js';
import { hash32, seededRandom } from './random.js';

export interface DayStats {
  dateId: string;
  call_legs: number;
  call_legs_in: number;
  call_legs_out: number;
  calls_unique: number;
  duration_min: number;
}

export function zeroDay(dateId: string): DayStats {
  return { dateId, call_legs: 0, call_legs_in: 0, call_legs_out: 0, calls_unique: 0, duration_min: 0 };
}

interface InstanceProfile {
  weekdayLegs: number;
  inboundShare: number;
  minutesPerLeg: number;
}

function profileOf(instanceId: string): InstanceProfile {
  const h = hash32(`profile|${instanceId}`);
  return {
    weekdayLegs: 40 + (h % 140),
    inboundShare: 0.5 + ((h >>> 8) % 25) / 100,
    minutesPerLeg: 1.8 + ((h >>> 16) % 20) / 10,
  };
}

const DAY_FACTOR = [0.18, 1.12, 1, 1, 0.97, 0.86, 0.24]; // Sunday .. Saturday

/** The full-day counters of one instance on one day (YYYYMMDD); pure and deterministic. */
export function dayStats(instanceId: string, dateId: string): DayStats {
  const p = profileOf(instanceId);
  const rnd = seededRandom(`day|${instanceId}|${dateId}`);
  const weekday = weekdayOf(dateId);
  const weekend = weekday === 0 || weekday === 6;
  if (rnd() < (weekend ? 0.3 : 0.04)) return zeroDay(dateId);

  const legs = Math.round(p.weekdayLegs * (DAY_FACTOR[weekday] ?? 1) * (0.65 + 0.7 * rnd()));
  if (legs === 0) return zeroDay(dateId);
  const share = Math.min(1, Math.max(0, p.inboundShare + (rnd() - 0.5) * 0.2));
  const legsIn = Math.round(legs * share);
  // Transfers and conferences add legs to a call, so unique calls are a share of the legs.
  const unique = Math.max(1, Math.round(legs * (0.7 + 0.25 * rnd())));
  const minutes = Math.max(1, Math.round(legs * p.minutesPerLeg * (0.8 + 0.4 * rnd())));
  return {
    dateId,
    call_legs: legs,
    call_legs_in: legsIn,
    call_legs_out: legs - legsIn,
    calls_unique: Math.min(unique, legs),
    duration_min: minutes,
  };
}
