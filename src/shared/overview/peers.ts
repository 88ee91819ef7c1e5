// Instances against their peers, for the account overview (its page, the tool of both doors): an instance stands out
// when its change of call legs (the month so far against the same days of the month before, OverviewRow.changePct)
// lies far from the OTHER instances' changes, by the one rule for "far from the others" (../modifiedZScore.ts, the
// rule unusual days use): the modified z-score against their median and MAD beyond 3.5, at least MIN_COMPARED other
// instances with a change, the MAD = 0 rule, and a difference of at least MIN_DIFFERENCE percentage points from their
// median. Only rows that loaded with a change count; each is compared with the others, never with itself.
// No vscode, no DOM, no words (the page and the tool say it in their own): held to an independent reference in
// test/unit/shared/overview/peers.test.ts.
import { judgeAgainst, spreadOf, type FarVerdict } from '../modifiedZScore.js';
import type { OverviewRow } from './overview.js';

export interface PeerVerdict extends FarVerdict {
  instanceId: string;
  /** The instance's change, in percent (one decimal, as the row has it). */
  changePct: number;
}

export interface PeerComparison {
  /** Rows that loaded with a change: the ones compared. */
  withChange: number;
  /** Each of those rows' verdict against the others, by instance id; none with fewer than MIN_COMPARED others. */
  verdicts: Map<string, PeerVerdict>;
  /** The verdicts that are far (the instances that stand out), in the rows' order. */
  standOut: PeerVerdict[];
}

function changeOf(row: OverviewRow): number | undefined {
  return row.status === 'ok' && typeof row.changePct === 'number' && Number.isFinite(row.changePct) ? row.changePct : undefined;
}

/** Every row's change against the other rows' changes. */
export function comparePeers(rows: readonly OverviewRow[]): PeerComparison {
  const compared = rows.flatMap((r) => {
    const change = changeOf(r);
    return change === undefined ? [] : [{ instanceId: r.instanceId, change }];
  });
  const verdicts = new Map<string, PeerVerdict>();
  const standOut: PeerVerdict[] = [];
  const changes = compared.map((c) => c.change);
  compared.forEach((c, i) => {
    const others = changes.slice(0, i).concat(changes.slice(i + 1));
    const spread = spreadOf(others);
    if (!spread) return;
    const verdict: PeerVerdict = { ...judgeAgainst(c.change, spread), instanceId: c.instanceId, changePct: c.change };
    verdicts.set(c.instanceId, verdict);
    if (verdict.far) standOut.push(verdict);
  });
  return { withChange: compared.length, verdicts, standOut };
}

/** How far a row's change lies from the others', for sorting: the instances that stand out first, then by |score|. */
export function peerSortValue(verdict: PeerVerdict | undefined): number | undefined {
  if (!verdict) return undefined;
  // Scores of the "every other the same" case are infinite: capped, so they still order among themselves by nothing.
  const size = Math.min(Math.abs(verdict.score), 1e6);
  return (verdict.far ? 1e7 : 0) + size;
}
