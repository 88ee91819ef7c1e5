// A month-end projection (shared/projection.ts) as the tools say it: a projection, not data, with its range and its
// basis, in the text and the structured result of the month view and overview tools of both doors. vscode-free.
import * as l10n from '@vscode/l10n';
import { PROFILE_WEEKS, PROJECTED_COUNTERS, WIDE_SHARE, type MonthProjection, type ProjectedCounter } from '../../shared/projection.js';

export interface ProjectionData {
  /** Always true: these figures are projected, not the service's. */
  projected: true;
  basis: MonthProjection['basis'];
  /** The basis and the range's rule in words. */
  basisText: string;
  /** Days still to come, the current one included. */
  remainingDays: number;
  /** Finished months the range came from (0: the wide range). */
  backtestMonths: number;
  totals: Record<ProjectedCounter, { projected: number; low: number; high: number }>;
}

/** The basis and the range's rule, in words. */
export function projectionBasis(p: Pick<MonthProjection, 'basis' | 'profileDays' | 'backtestMonths'>): string {
  const wide = l10n.t('the range is the remaining days {0} % lower to {0} % higher', WIDE_SHARE * 100);
  const range =
    p.backtestMonths > 0
      ? l10n.t(
          'the range spans the lowest to the highest miss of the same method on {0} finished months, each projected from as many of its first days',
          p.backtestMonths,
        )
      : l10n.t('too few finished months to test the method on, so {0}', wide);
  return p.basis === 'weekdays'
    ? l10n.t(
        'remaining days from the median of each weekday over the {0} weeks before (at least {1} of each weekday); {2}',
        PROFILE_WEEKS,
        p.profileDays,
        range,
      )
    : l10n.t(
        'too little history (fewer than 3 of each weekday in the {0} weeks before): remaining days at the mean of the days so far this month; {1}',
        PROFILE_WEEKS,
        wide,
      );
}

export function projectionData(p: MonthProjection): ProjectionData {
  const totals = {} as ProjectionData['totals'];
  for (const c of PROJECTED_COUNTERS) totals[c] = { projected: p.counters[c].total, low: p.counters[c].low, high: p.counters[c].high };
  return {
    projected: true,
    basis: p.basis,
    basisText: projectionBasis(p),
    remainingDays: p.remainingDays,
    backtestMonths: p.backtestMonths,
    totals,
  };
}

/** "N (a–b)": a projected figure with its range. */
function withRange(t: { projected: number; low: number; high: number }): string {
  return `${t.projected} (${t.low}–${t.high})`;
}

/** The sentence of the month tool's text. */
export function projectionSentence(d: ProjectionData): string {
  const t = d.totals;
  return l10n.t(
    'Projected by month end (a projection, not data; {0} days to come, today included): call legs {1}, inbound {2}, outbound {3}, unique calls {4}, minutes {5}. Basis: {6}.',
    d.remainingDays,
    withRange(t.callLegs),
    withRange(t.callLegsIn),
    withRange(t.callLegsOut),
    withRange(t.callsUnique),
    withRange(t.durationMin),
    d.basisText,
  );
}
