// voiceSms_getMonthView's result: a few sentences a model can quote (totals, the change against the same days
// of the previous month, the flagged days) and one JSON block with every figure, each day as a row. Figures
// are the month model's (src/core/model/monthView.ts), the same the month view panel shows; unusual days use
// the panel's rule (src/shared/unusualDays.ts), each with why. vscode-free, unit-tested in plain Node.
import * as l10n from '@vscode/l10n';
import type { MonthTotals, MonthView } from '../../shared/monthModel.js';
import { comparedDates, type ComparedDates, type MonthComparison } from '../../shared/comparison.js';
import {
  MIN_DIFFERENCE,
  roundedFigure,
  unusualDaysOfMonth,
  Z_THRESHOLD,
  type MonthDay,
  type UnusualDay,
} from '../../shared/unusualDays.js';
import { projectionData, projectionSentence, type ProjectionData } from './projectionText.js';
import type { MonthProjection } from '../../shared/projection.js';
import { change, comparedText, isoId, quoted, totalsPhrases, totalsWords } from './dataText.js';

type DayFlag = 'mismatch' | 'missing' | 'unusual' | 'future';

/** An unusual day with why: its call legs against the same weekday of the weeks before (shared/unusualDays.ts). */
interface UnusualDayData {
  day: string;
  direction: 'high' | 'low';
  callLegs: number;
  weekday: string;
  /** The call legs the rule calls usual for that weekday, lowest and highest. */
  usual: [number, number];
  median: number;
  /** How many earlier days of that weekday were compared. */
  compared: number;
  reason: string;
}

export interface MonthToolData {
  instanceId: string;
  month: string;
  currentDay: string;
  totals: MonthTotals;
  /** The month before over the compared days (the same days while the month is not finished), and the change. */
  previous?: {
    month: string;
    totals: MonthTotals;
    change: Record<keyof Omit<MonthTotals, 'days'>, string>;
    compared: ComparedDates;
  };
  /** Where the month will end, with its range and basis: only for a month in progress (and the setting on). */
  projection?: ProjectionData;
  flags: Record<DayFlag, string[]>;
  /** The days flagged unusual, each with why. */
  unusual: UnusualDayData[];
  columns: readonly string[];
  rows: Array<[string, number | null, number | null, number | null, number | null, number | null, DayFlag[]]>;
  warnings: string[];
}

const DAY_COLUMNS = ['date', 'callLegs', 'callLegsIn', 'callLegsOut', 'callsUnique', 'durationMin', 'flags'] as const;
const COUNTERS = ['callLegs', 'callLegsIn', 'callLegsOut', 'callsUnique', 'durationMin'] as const;

function weekdayName(weekday: number): string {
  return (
    [l10n.t('Sunday'), l10n.t('Monday'), l10n.t('Tuesday'), l10n.t('Wednesday'), l10n.t('Thursday'), l10n.t('Friday'), l10n.t('Saturday')][
      weekday
    ] ?? ''
  );
}

/** Why a day is unusual, as the month view panel says it (without the date). */
function unusualReason(u: UnusualDay): string {
  return l10n.t({
    message: '{0}: {1} call legs; {0}s usually {2}–{3} (median {4}, {5} {0}s before)',
    args: [weekdayName(u.weekday), u.callLegs, u.usualLow, u.usualHigh, roundedFigure(u.median), u.compared],
    comment: [
      'Why a day is unusual: {0} a weekday name (e.g. Tuesday), {1} its call legs, {2}–{3} the usual range, {4} the median, {5} how many earlier days of that weekday',
    ],
  });
}

/**
 * Every calendar day of the month with its figures (null when the service sent none) and flags. `previousDays`: the
 * month before's days, which the first weeks' unusual-day verdicts compare with.
 */
export function monthToolData(
  instanceId: string,
  view: MonthView,
  comparison?: MonthComparison,
  previousDays: readonly MonthDay[] = [],
  projection?: MonthProjection,
): MonthToolData {
  const byId = new Map(view.days.map((d) => [d.dateId, d]));
  const y = Number(view.monthId.slice(0, 4));
  const m = Number(view.monthId.slice(4, 6));
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const ids = new Set([...Array.from({ length }, (_, i) => `${view.monthId}${String(i + 1).padStart(2, '0')}`), ...byId.keys()]);
  const missing = new Set(view.missingDays);
  const unusual = unusualDaysOfMonth(view, previousDays);
  const flags: Record<DayFlag, string[]> = { mismatch: [], missing: [], unusual: [], future: [] };
  const rows: MonthToolData['rows'] = [...ids].sort().map((id) => {
    const d = byId.get(id);
    const f: DayFlag[] = [];
    if (d ? d.future : id > view.currentDateId) f.push('future');
    if (!d && missing.has(id)) f.push('missing');
    if (d?.legsMismatch) f.push('mismatch');
    if (unusual.has(id)) f.push('unusual');
    for (const k of f) flags[k].push(isoId(id));
    return [
      isoId(id),
      d?.callLegs ?? null,
      d?.callLegsIn ?? null,
      d?.callLegsOut ?? null,
      d?.callsUnique ?? null,
      d?.durationMin ?? null,
      f,
    ];
  });
  const data: MonthToolData = {
    instanceId,
    month: isoId(view.monthId),
    currentDay: isoId(view.currentDateId),
    totals: { ...view.totals },
    ...(projection ? { projection: projectionData(projection) } : {}),
    flags,
    unusual: [...unusual.values()].map((u) => ({
      day: isoId(u.dateId),
      direction: u.direction,
      callLegs: u.callLegs,
      weekday: weekdayName(u.weekday),
      usual: [u.usualLow, u.usualHigh],
      median: roundedFigure(u.median),
      compared: u.compared,
      reason: unusualReason(u),
    })),
    columns: DAY_COLUMNS,
    rows,
    warnings: [...view.warnings],
  };
  if (comparison) {
    const c = {} as Record<(typeof COUNTERS)[number], string>;
    for (const k of COUNTERS) c[k] = change(comparison.current[k], comparison.previous[k]);
    data.previous = {
      month: isoId(comparison.compared.previousMonthId),
      totals: { ...comparison.previous },
      change: c,
      compared: comparedDates(comparison.compared),
    };
  }
  return data;
}

/** The sentences before the JSON block. */
function monthToolText(data: MonthToolData): string {
  const lines = [
    l10n.t(
      "Voice instance {0}, {1} (the service's current day is {2}): {3} ({4} inbound, {5} outbound), {6}, {7}, summed over {8}.",
      quoted(data.instanceId, 80),
      data.month,
      data.currentDay,
      ...totalsWords(data.totals),
    ),
  ];
  const p = data.previous;
  lines.push(
    p
      ? l10n.t(
          'Change, {0}: call legs {1}, inbound {2}, outbound {3}, unique calls {4}, minutes {5} (the month before over those days: {6}, {7}).',
          comparedText(p.compared),
          p.change.callLegs,
          p.change.callLegsIn,
          p.change.callLegsOut,
          p.change.callsUnique,
          p.change.durationMin,
          totalsPhrases(p.totals).callLegs,
          totalsPhrases(p.totals).minutes,
        )
      : l10n.t('The previous month could not be loaded (or this month has not begun), so there is no comparison.'),
  );
  if (data.projection) lines.push(projectionSentence(data.projection));
  const f = data.flags;
  if (data.unusual.length > 0)
    lines.push(
      l10n.t(
        'Unusual days (far from the same weekday of the weeks before: modified z-score over {0}, at least {1} call legs off the median): {2}.',
        Z_THRESHOLD,
        MIN_DIFFERENCE,
        data.unusual
          .map((u) => `${u.day} (${u.direction === 'high' ? l10n.t('unusually high') : l10n.t('unusually low')}; ${u.reason})`)
          .join('; '),
      ),
    );
  if (f.mismatch.length > 0)
    lines.push(l10n.t('Days where call legs differ from inbound + outbound (a data warning): {0}.', f.mismatch.join(', ')));
  if (f.missing.length > 0) lines.push(l10n.t('Days the service sent no entry for: {0}.', f.missing.join(', ')));
  if (f.future.length > 0)
    lines.push(l10n.t("Days after the service's current day, with no data yet (not zero traffic): {0}.", f.future.join(', ')));
  if (f.unusual.length + f.mismatch.length + f.missing.length === 0) lines.push(l10n.t('No unusual days, mismatches or missing days.'));
  lines.push(
    l10n.t('The JSON below has every figure; each row is one day with the fields named in "columns" (null: no entry from the service).'),
  );
  return lines.join('\n');
}

export function monthToolResult(
  instanceId: string,
  view: MonthView,
  comparison?: MonthComparison,
  previousDays?: readonly MonthDay[],
  projection?: MonthProjection,
): { text: string; json: string; data: MonthToolData } {
  const data = monthToolData(instanceId, view, comparison, previousDays, projection);
  return { text: monthToolText(data), json: JSON.stringify(data), data };
}
