// Deterministic per-call records of one instance and day, consistent with that day's counters: one activity
// per unique call (capped at MAX_ACTIVITIES), inbound/outbound in the proportion of the day's legs, and the
// durations of answered calls adding up to the day's minutes (scaled down when capped). Phone numbers come
// from ranges reserved for fiction (NANP 555-01xx, UK 020 7946 0xxx), so nothing here reaches a real person.
import { createHash } from 'node:crypto';
import { startOfDay } from './dates.js';
import { hash32, intBetween, seededRandom } from './random.js';
import { dayStats } from './traffic.js';

export const MAX_ACTIVITIES = 200;

type ActivityStatus = 'completed' | 'no-answer' | 'busy' | 'failed';

export interface Activity {
  callId: string;
  direction: 'inbound' | 'outbound';
  from: string;
  to: string;
  /** ISO 8601 UTC, within the day. */
  start: string;
  durationSec: number;
  status: ActivityStatus;
}

const AREA_CODES = ['202', '212', '305', '312', '415', '512', '617', '702', '808', '917'];

function nanpFiction(area: string, last2: number): string {
  return `+1${area}55501${String(last2).padStart(2, '0')}`;
}

/** The instance's own (fictional) number, stable per instance. */
export function instanceNumber(instanceId: string): string {
  const h = hash32(`number|${instanceId}`);
  return nanpFiction(AREA_CODES[h % AREA_CODES.length] ?? '415', (h >>> 8) % 100);
}

function otherParty(rnd: () => number): string {
  if (rnd() < 0.2) return `+442079460${String(intBetween(rnd, 0, 999)).padStart(3, '0')}`;
  return nanpFiction(AREA_CODES[intBetween(rnd, 0, AREA_CODES.length - 1)] ?? '212', intBetween(rnd, 0, 99));
}

function statusOf(rnd: () => number): ActivityStatus {
  const r = rnd();
  if (r < 0.86) return 'completed';
  if (r < 0.94) return 'no-answer';
  if (r < 0.97) return 'busy';
  return 'failed';
}

// Office hours carry most calls: a start between 07:00 and 20:00 UTC, a few outside.
function startSecond(rnd: () => number): number {
  if (rnd() < 0.08) return intBetween(rnd, 0, 86_399);
  return intBetween(rnd, 7 * 3600, 20 * 3600 - 1);
}

function callId(instanceId: string, dateId: string, index: number): string {
  return 'CA' + createHash('sha256').update(`call|${instanceId}|${dateId}|${index}`).digest('hex').slice(0, 32);
}

/** Activities of one instance on one day (YYYYMMDD), oldest first; pure and deterministic. */
export function dayActivities(instanceId: string, dateId: string): Activity[] {
  const stats = dayStats(instanceId, dateId);
  const n = Math.min(stats.calls_unique, MAX_ACTIVITIES);
  if (n === 0) return [];
  const rnd = seededRandom(`activities|${instanceId}|${dateId}`);
  const inbound = Math.round((n * stats.call_legs_in) / stats.call_legs);
  const own = instanceNumber(instanceId);
  const midnight = startOfDay(dateId);

  const starts = Array.from({ length: n }, () => startSecond(rnd)).sort((x, y) => x - y);
  // Directions are shuffled over the day rather than all inbound calls first.
  const directions: Activity['direction'][] = Array.from({ length: n }, (_, i) => (i < inbound ? 'inbound' : 'outbound'));
  for (let i = n - 1; i > 0; i--) {
    const j = intBetween(rnd, 0, i);
    [directions[i], directions[j]] = [directions[j] ?? 'inbound', directions[i] ?? 'inbound'];
  }
  const statuses = Array.from({ length: n }, () => statusOf(rnd));
  if (!statuses.includes('completed')) statuses[0] = 'completed';

  // The day's minutes, in the share that the listed calls represent, split over the answered calls.
  const totalSec = Math.round((stats.duration_min * 60 * n) / stats.calls_unique);
  const weights = statuses.map((s) => (s === 'completed' ? 0.3 + rnd() : 0));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const durations = weights.map((w) => Math.round((totalSec * w) / weightSum));

  return starts.map((second, i) => {
    const direction = directions[i] ?? 'inbound';
    const party = otherParty(rnd);
    return {
      callId: callId(instanceId, dateId, i),
      direction,
      from: direction === 'inbound' ? party : own,
      to: direction === 'inbound' ? own : party,
      start: new Date(midnight + second * 1000).toISOString().replace('.000Z', 'Z'),
      durationSec: durations[i] ?? 0,
      status: statuses[i] ?? 'completed',
    };
  });
}
