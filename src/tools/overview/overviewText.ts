// voiceSms_getAccountOverview's result: one sentence per instance and the totals, plus the structured data
// (the same rows and totals as the overview panel). vscode-free, unit-tested in plain Node.
import * as l10n from '@vscode/l10n';
import { comparedDates, sameDays, type ComparedDates, type ComparedDays } from '../../shared/comparison.js';
import { MIN_COMPARED, MIN_DIFFERENCE, Z_THRESHOLD } from '../../shared/modifiedZScore.js';
import type { OverviewProjection, OverviewRow, OverviewTotals } from '../../shared/overview/overview.js';
import { comparePeers, type PeerComparison, type PeerVerdict } from '../../shared/overview/peers.js';
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
    peers?: PeerData;
  }>;
  totals: Omit<OverviewTotals, 'pending' | 'compared'> & { compared?: ComparedDates };
  /** Instances against their peers: which changes lie far from the other instances' changes. */
  peers: {
    /** Instances that loaded with a change (the ones compared). */
    instancesWithChange: number;
    /** Their ids, in the rows' order. */
    standOut: string[];
  };
}

/** One row's change against the other instances' changes (shared/overview/peers.ts). */
interface PeerData {
  standsOut: boolean;
  direction: 'high' | 'low';
  /** The modified z-score, two decimals; null when every other change was the same (infinite or 0 then). */
  score: number | null;
  othersMedianPct: number;
  /** The others' median absolute deviation, in percentage points. */
  othersMad: number;
  scale: 'mad' | 'meanDeviation' | 'none';
  /** The others' mean absolute deviation from their median, when the scale is that (MAD 0). */
  othersMeanDeviation?: number;
  /** How many other instances were compared. */
  others: number;
}

const oneDecimal = (n: number): number => Math.round(n * 10) / 10;
const signedPct = (n: number): string => `${n > 0 ? '+' : ''}${oneDecimal(n)}%`;

function peerData(v: PeerVerdict): PeerData {
  return {
    standsOut: v.far,
    direction: v.direction,
    score: Number.isFinite(v.score) ? Math.round(v.score * 100) / 100 : null,
    othersMedianPct: oneDecimal(v.median),
    othersMad: oneDecimal(v.mad),
    scale: v.scaleKind,
    ...(v.scaleKind === 'meanDeviation' ? { othersMeanDeviation: oneDecimal(v.meanDeviation) } : {}),
    others: v.compared,
  };
}

/** Why an instance stands out: "+240% against the others' median +5% (MAD 3.1 points, 12 instances)". */
function peerReason(v: PeerVerdict): string {
  const spread =
    v.scaleKind === 'mad'
      ? v.mad === 1
        ? l10n.t('MAD 1 point, {0} instances', v.compared)
        : l10n.t('MAD {0} points, {1} instances', oneDecimal(v.mad), v.compared)
      : v.scaleKind === 'meanDeviation'
        ? l10n.t('MAD 0, mean absolute deviation {0} points, {1} instances', oneDecimal(v.meanDeviation), v.compared)
        : l10n.t('all {0} other instances the same', v.compared);
  return l10n.t("{0} against the others' median {1} ({2})", signedPct(v.changePct), signedPct(v.median), spread);
}

/** The text's lines on instances against their peers. */
function peerLines(peers: PeerComparison): string[] {
  const method = l10n.t("modified z-score beyond {0}, at least {1} points from the others' median", Z_THRESHOLD, MIN_DIFFERENCE);
  if (peers.verdicts.size === 0) {
    return [
      l10n.t(
        'Against the others: too few instances with a change ({0}) to tell which stand out; {1} are needed.',
        peers.withChange,
        MIN_COMPARED + 1,
      ),
    ];
  }
  if (peers.standOut.length === 0) {
    return [l10n.t('Against the others: none of the {0} instances with a change stands out ({1}).', peers.withChange, method)];
  }
  return [
    l10n.t('Against the others ({0}), these stand out:', method),
    ...peers.standOut.map((v) => `- ${quoted(v.instanceId, 80)}: ${peerReason(v)}.`),
  ];
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
  const peers = comparePeers(rows);
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
  lines.push(...peerLines(peers));
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
            ...(peers.verdicts.has(r.instanceId) ? { peers: peerData(peers.verdicts.get(r.instanceId)!) } : {}),
          }
        : { instanceId: r.instanceId, status: 'failed' as const, error: r.error ?? '' },
    ),
    totals: { ...rest, ...(common ? { compared: comparedDates(common) } : {}) },
    peers: { instancesWithChange: peers.withChange, standOut: peers.standOut.map((v) => v.instanceId) },
  };
  return { text: lines.join('\n'), data };
}
