/**
 * GET /v1/vvoice/{VVINS}/calls/{MONTHID} — the month view (spec endpoint 2), shaped like the spec's sample:
 *   <result><monthView><currentDateID>YYYYMMDD</currentDateID><calls>
 *     <date dateID="YYYYMMDD"><call_legs/><call_legs_in/><call_legs_out/><calls_unique/><duration_min/></date>…
 *   </calls></monthView></result>
 *
 * One `date` per calendar day, newest first, always the whole month. currentDateID is today (simulator clock,
 * UTC) for the current month and the month's last day for past months; days after it are all zero. A future
 * month answers 200 with every day zero and currentDateID = today (which lies before the month).
 * Counters come from dayStats(instance, day); today is shown as a full day.
 *
 * Refusals: 404 for an unknown instance (voice.ts, before this handler), 400 for a MONTHID that is not YYYYMM
 * with a month 01-12.
 */
import { errorAnswer, okAnswer, shown, type Answer } from '../answer.js';
import { dateIdOf, dateIdsNewestFirst, isMonthId } from '../dates.js';
import { dayStats, zeroDay, type DayStats } from '../traffic.js';
import { el } from '../xml.js';
import type { HandlerContext } from './context.js';

export interface MonthViewData {
  currentDateID: string;
  /** Newest first. */
  days: DayStats[];
}

/**
 * The month view as data, for the handler and for tests that compare. `extraLegs`: calls added to a day while the
 * demo's live traffic runs (liveTraffic.ts), each one leg of one unique call of two minutes, inbound and outbound by turns.
 */
export function monthViewData(
  instanceId: string,
  monthId: string,
  now: number,
  extraLegs: (dateId: string) => number = () => 0,
): MonthViewData {
  const today = dateIdOf(now);
  const days = dateIdsNewestFirst(monthId);
  const lastDay = days[0] ?? `${monthId}01`;
  const currentDateID = monthId < today.slice(0, 6) ? lastDay : today;
  // YYYYMMDD strings compare like the days they name.
  return { currentDateID, days: days.map((d) => (d > currentDateID ? zeroDay(d) : withExtra(dayStats(instanceId, d), extraLegs(d)))) };
}

function withExtra(day: DayStats, extra: number): DayStats {
  if (extra <= 0) return day;
  const extraIn = Math.ceil(extra / 2);
  return {
    dateId: day.dateId,
    call_legs: day.call_legs + extra,
    call_legs_in: day.call_legs_in + extraIn,
    call_legs_out: day.call_legs_out + extra - extraIn,
    calls_unique: day.calls_unique + extra,
    duration_min: day.duration_min + 2 * extra,
  };
}

/** The month view of a known instance (voice.ts checked it). */
export function handleCalls(ctx: HandlerContext): Answer {
  const id = ctx.serviceId;
  const instanceId = ctx.params['instanceId'] ?? '';
  const monthId = ctx.params['monthId'] ?? '';
  if (!isMonthId(monthId)) {
    return errorAnswer(400, `Invalid MONTHID "${shown(monthId)}": expected YYYYMM with a month from 01 to 12, e.g. 202406.`, id, ctx.now);
  }
  const view = monthViewData(instanceId, monthId, ctx.now, (d) => ctx.state.live.legs(instanceId, d, ctx.now));
  const dates = view.days.map((d) =>
    el(
      'date',
      [
        el('call_legs', d.call_legs),
        el('call_legs_in', d.call_legs_in),
        el('call_legs_out', d.call_legs_out),
        el('calls_unique', d.calls_unique),
        el('duration_min', d.duration_min),
      ],
      { dateID: d.dateId },
    ),
  );
  return okAnswer(id, ctx.now, [el('monthView', [el('currentDateID', view.currentDateID), el('calls', dates)])]);
}
