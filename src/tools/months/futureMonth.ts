// A month after the service's current one has no data yet: answering it with zeros ("call legs 0 (0%)") reads as
// a month without traffic. Refused with one sentence instead, judged by the service's own current day (the
// currentDateID of that month's answer), not this computer's clock, which may sit in another time zone or be a
// little off — as long as the clock allows that day: a day it does not (shared/serviceDay.ts, the rule the
// finished-months store keeps) is not believed, and a month after this computer's is then refused too, so a
// service answering November 2029 with a current day of 2029-11-30 does not get a month view of it.
// One check for every surface: the month view, trend and overview tools of both doors and the editor's panels.
import * as l10n from '@vscode/l10n';
import { doubtedServiceDay, utcMonthId } from '../../shared/serviceDay.js';
import { isoId } from '../text/dataText.js';

/**
 * The sentence for `monthId` (YYYYMM) when it is after the month of `currentDateId` (YYYYMMDD), or after this
 * computer's month at `now` while `currentDateId` is not believed; else undefined.
 */
export function futureMonthProblem(monthId: string, currentDateId: string, now: number = Date.now()): string | undefined {
  const current = currentDateId.slice(0, 6);
  if (/^\d{6}$/.test(current) && monthId > current) {
    return l10n.t(
      "{0} is after the current month: the service's current day is {1}, so {0} has no data yet. Ask for {2} or an earlier month.",
      isoId(monthId),
      isoId(currentDateId),
      isoId(current),
    );
  }
  const thisMonth = utcMonthId(now);
  if (!(monthId > thisMonth)) return undefined;
  const doubted = doubtedServiceDay({ monthId, currentDateId }, now);
  if (doubted === undefined) return undefined;
  if (doubted.reason === 'notADate') {
    return l10n.t(
      "{0} is after this computer's month, and the service's current day {1} is not a date. Ask for {2} or an earlier month.",
      isoId(monthId),
      currentDateId,
      isoId(thisMonth),
    );
  }
  return l10n.t(
    "{0} is after the current month: the service says its current day is {1}, {2} days ahead of this computer's clock ({3} UTC), which is not believed, so {0} has no data yet. Ask for {4} or an earlier month.",
    isoId(monthId),
    isoId(currentDateId),
    doubted.days,
    doubted.today,
    isoId(thisMonth),
  );
}

/** The same for the answer of `monthId` itself, if there is one (an answer for an earlier month may name its own last day). */
export function futureMonthOf(monthId: string, answer: { view: { currentDateId: string } } | undefined, now?: number): string | undefined {
  return answer ? futureMonthProblem(monthId, answer.view.currentDateId, now) : undefined;
}
