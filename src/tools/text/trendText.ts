// voiceSms_getTrend's result: one sentence per month (oldest first) and a JSON block with the
// totals, the same figures as the trend panel. vscode-free, unit-tested in plain Node.
import * as l10n from '@vscode/l10n';
import type { MonthTotals } from '../../shared/monthModel.js';
import { counted, isoId, itemLine, quoted, totalsWords } from './dataText.js';

export interface TrendToolMonth {
  monthId: string;
  totals?: MonthTotals;
  /** One sentence, already made inert. */
  error?: string;
}

export function trendToolResult(instanceId: string, months: readonly TrendToolMonth[]): { text: string; json: string } {
  const first = months[0]?.monthId ?? '';
  const last = months.at(-1)?.monthId ?? '';
  const lines = [
    l10n.t(
      'Monthly totals of voice instance {0} from {1} to {2} ({3}, oldest first):',
      quoted(instanceId, 80),
      isoId(first),
      isoId(last),
      counted(months.length, l10n.t('1 month'), l10n.t('{0} months', months.length)),
    ),
  ];
  for (const m of months) {
    const month = isoId(m.monthId);
    lines.push(
      itemLine(
        month,
        m.totals,
        (t) => l10n.t('{0}: {1} ({2} inbound, {3} outbound), {4}, {5} over {6}.', month, ...totalsWords(t)),
        m.error,
      ),
    );
  }
  const data = {
    instanceId,
    months: months.map((m) => ({ month: isoId(m.monthId), ...(m.totals ? { totals: m.totals } : { error: m.error ?? '' }) })),
  };
  return { text: lines.join('\n'), json: JSON.stringify(data) };
}
