// A month after the service's current one has no data yet: answering it with zeros ("call legs 0 (0%)") reads as
// a month without traffic. Refused with one sentence instead, judged by the service's own current day (the
// currentDateID of that month's answer), not this computer's clock, which may sit in another time zone or be wrong.
// One check for every surface: the month view, trend and overview tools of both doors and the editor's three panels.
import * as l10n from '@vscode/l10n';
import { isoId } from './text/dataText.js';
import { ToolRefusal } from './refusal.js';

/** The sentence for `monthId` (YYYYMM) when it is after the month of `currentDateId` (YYYYMMDD), else undefined. */
export function futureMonthProblem(monthId: string, currentDateId: string): string | undefined {
  const current = currentDateId.slice(0, 6);
  if (!/^\d{6}$/.test(current) || monthId <= current) return undefined;
  return l10n.t(
    "{0} is after the current month: the service's current day is {1}, so {0} has no data yet. Ask for {2} or an earlier month.",
    isoId(monthId),
    isoId(currentDateId),
    isoId(current),
  );
}

/** The same for the answer of `monthId` itself, if there is one (an answer for an earlier month may name its own last day). */
export function futureMonthOf(monthId: string, answer: { view: { currentDateId: string } } | undefined): string | undefined {
  return answer ? futureMonthProblem(monthId, answer.view.currentDateId) : undefined;
}

export function refuseFutureMonth(monthId: string, currentDateId: string): void {
  const problem = futureMonthProblem(monthId, currentDateId);
  if (problem) throw new ToolRefusal('validation', problem);
}
