// The tools' structured results as the page reads them. They come from the host, which had them from the server, so
// nothing is trusted: a field of the wrong type is dropped, never drawn, and every string lands in text nodes.

export interface Totals {
  callLegs: number;
  callLegsIn: number;
  callLegsOut: number;
  callsUnique: number;
  durationMin: number;
}

interface MonthDay extends Totals {
  date: string;
  flags: string[];
}

interface MonthData {
  kind: 'month';
  instanceId: string;
  month: string;
  totals: Totals;
  days: MonthDay[];
}

interface TrendData {
  kind: 'trend';
  instanceId: string;
  months: Array<{ month: string; totals?: Totals; error?: string }>;
}

interface OverviewData {
  kind: 'overview';
  month: string;
  rows: Array<{ instanceId: string; status: string; figures?: Totals; changePct?: number }>;
}

export type ToolData = MonthData | TrendData | OverviewData;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const MONTH = /^\d{4}-\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIGURES = ['callLegs', 'callLegsIn', 'callLegsOut', 'callsUnique', 'durationMin'] as const;

function totals(v: unknown): Totals | undefined {
  return isRec(v) ? (Object.fromEntries(FIGURES.map((k) => [k, num(v[k])])) as unknown as Totals) : undefined;
}

/** A month view's rows are arrays in the order its `columns` name. */
function days(data: Rec): MonthDay[] {
  const columns = list(data['columns']).map(String);
  return list(data['rows']).flatMap((row): MonthDay[] => {
    const day: Rec = Object.fromEntries(columns.map((c, i) => [c, list(row)[i]]));
    const date = str(day['date']);
    if (date === undefined || !DAY.test(date)) return [];
    return [{ ...totals(day)!, date, flags: list(day['flags']).filter((f): f is string => typeof f === 'string') }];
  });
}

/** Which of the three results `data` is, read; undefined when it is none of them. */
export function readToolData(data: unknown): ToolData | undefined {
  if (!isRec(data)) return undefined;
  const month = str(data['month']);
  const instanceId = str(data['instanceId']);
  const ofMonth = month !== undefined && MONTH.test(month);
  if (Array.isArray(data['rows']) && Array.isArray(data['columns']) && instanceId !== undefined && ofMonth) {
    const t = totals(data['totals']);
    return t ? { kind: 'month', instanceId, month, totals: t, days: days(data) } : undefined;
  }
  if (Array.isArray(data['months']) && instanceId !== undefined) {
    const months = data['months'].flatMap((m) => {
      const id = isRec(m) ? str(m['month']) : undefined;
      if (!isRec(m) || id === undefined || !MONTH.test(id)) return [];
      const t = totals(m['totals']);
      const error = str(m['error']);
      return [{ month: id, ...(t ? { totals: t } : {}), ...(error !== undefined ? { error } : {}) }];
    });
    return { kind: 'trend', instanceId, months };
  }
  if (Array.isArray(data['rows']) && ofMonth) {
    const rows = data['rows'].flatMap((r) => {
      const id = isRec(r) ? str(r['instanceId']) : undefined;
      if (!isRec(r) || id === undefined) return [];
      const figures = totals(r['figures']);
      const change = r['changePct'];
      return [
        {
          instanceId: id,
          status: str(r['status']) ?? 'unknown',
          ...(figures ? { figures } : {}),
          ...(typeof change === 'number' && Number.isFinite(change) ? { changePct: change } : {}),
        },
      ];
    });
    return { kind: 'overview', month, rows };
  }
  return undefined;
}
