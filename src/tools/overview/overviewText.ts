// voiceSms_getAccountOverview's result: one sentence per instance and the totals, plus the structured data
// (the same rows and totals as the overview panel). vscode-free, unit-tested in plain Node.
import * as l10n from '@vscode/l10n';
import { comparedDates, sameDays, type ComparedDates, type ComparedDays } from '../../shared/comparison.js';
import type { OverviewProjection, OverviewRow, OverviewTotals } from '../../shared/overview/overview.js';
import { comparedText, isoId, itemLine, quoted } from '../text/dataText.js';

export interface OverviewToolData {
  month: string;
  previousMonth: string;
  rows: Array<{
    instanceId: string;
    status: 'ok' | 'failed';
    figures?: OverviewRow['figures'];
    previousCallLegs?: number;
    changePct?: number | null;
    compared?: ComparedDates;
    trend?: (number | null)[];
    error?: string;
    projection?: OverviewProjection & { projected: true };
  }>;
  totals: Omit<OverviewTotals, 'pending' | 'compared'> & { compared?: ComparedDates };
}

/** A change in a sentence; the days it compares are named unless the opening sentence named them for every row. */
function change(pct: number | null | undefined, compared: ComparedDays | undefined, common: ComparedDays | undefined): string {
  if (pct === null || pct === undefined || !compared) return l10n.t('no previous month to compare');
  const signed = pct > 0 ? `+${pct}` : pct;
  return common && sameDays(common, compared)
    ? l10n.t('{0}% change', signed)
    : l10n.t('{0}% ({1})', signed, comparedText(comparedDates(compared)));
}

/** A row's projection after its sentence: a projection, with its range and basis. */
function projected(p: OverviewProjection): string {
  const basis =
    p.basis === 'monthSoFar'
      ? l10n.t('too little history: from the days so far, wide range')
      : p.backtestMonths > 0
        ? l10n.t('weekday profile, range from {0} finished months', p.backtestMonths)
        : l10n.t('weekday profile, wide range (too few finished months in hand)');
  return ' ' + l10n.t('Projected by month end (a projection): {0} call legs ({1}–{2}; {3}).', p.callLegs, p.low, p.high, basis);
}

export function overviewToolResult(
  monthId: string,
  previousMonthId: string,
  rows: readonly OverviewRow[],
  totals: OverviewTotals,
): { text: string; data: OverviewToolData } {
  const lines = [
    l10n.t(
      'Account overview for {0}: {1} voice instances ({2} loaded, {3} failed).',
      isoId(monthId),
      rows.length,
      totals.instances,
      totals.failed,
    ),
  ];
  const common = totals.compared;
  if (common) lines.push(l10n.t('Changes of call legs compare {0}.', comparedText(comparedDates(common))));
  for (const r of rows) {
    const id = quoted(r.instanceId, 80);
    lines.push(
      itemLine(
        id,
        r.figures,
        (f) =>
          l10n.t(
            '{0}: {1} call legs ({2} inbound, {3} outbound), {4} unique calls, {5} minutes, {6} days with data; {7}.',
            id,
            f.callLegs,
            f.callLegsIn,
            f.callLegsOut,
            f.callsUnique,
            f.durationMin,
            f.activeDays,
            change(r.changePct, r.compared, common),
          ) + (r.projection ? projected(r.projection) : ''),
        r.error,
      ),
    );
  }
  lines.push(
    l10n.t(
      'Total: {0} call legs ({1} inbound, {2} outbound), {3} unique calls, {4} minutes; {5}.',
      totals.callLegs,
      totals.callLegsIn,
      totals.callLegsOut,
      totals.callsUnique,
      totals.durationMin,
      change(totals.changePct, totals.compared, common),
    ),
  );
  const { pending: _pending, compared: _compared, ...rest } = totals;
  const data: OverviewToolData = {
    month: isoId(monthId),
    previousMonth: isoId(previousMonthId),
    rows: rows.map((r) =>
      r.status === 'ok'
        ? {
            instanceId: r.instanceId,
            status: 'ok' as const,
            ...(r.figures ? { figures: r.figures } : {}),
            ...(r.previousCallLegs !== undefined ? { previousCallLegs: r.previousCallLegs } : {}),
            changePct: r.changePct ?? null,
            ...(r.compared ? { compared: comparedDates(r.compared) } : {}),
            trend: r.trend,
            ...(r.projection ? { projection: { projected: true as const, ...r.projection } } : {}),
          }
        : { instanceId: r.instanceId, status: 'failed' as const, error: r.error ?? '' },
    ),
    totals: { ...rest, ...(common ? { compared: comparedDates(common) } : {}) },
  };
  return { text: lines.join('\n'), data };
}
