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

export interface MonthData {
  kind: 'month';
  instanceId: string;
  month: string;
  totals: Totals;
  days: MonthDay[];
}

export interface TrendData {
  kind: 'trend';
  instanceId: string;
  months: Array<{ month: string; totals?: Totals; error?: string }>;
}

export interface OverviewData {
  kind: 'overview';
  month: string;
  rows: Array<{ instanceId: string; status: string; figures?: Totals; changePct?: number }>;
}

export type ToolData = MonthData | TrendData | OverviewData;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const MONTH = /^\d{4}-\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function totals(v: unknown): Totals | undefined {
  if (!isRec(v)) return undefined;
  return {
    callLegs: num(v['callLegs']),
    callLegsIn: num(v['callLegsIn']),
    callLegsOut: num(v['callLegsOut']),
    callsUnique: num(v['callsUnique']),
    durationMin: num(v['durationMin']),
  };
}

/** A month view's rows are arrays in the order its `columns` name. */
function days(data: Rec): MonthDay[] {
  const columns = Array.isArray(data['columns']) ? data['columns'].map(String) : [];
  const at = (name: string): number => columns.indexOf(name);
  const rows = Array.isArray(data['rows']) ? data['rows'] : [];
  return rows.flatMap((row): MonthDay[] => {
    if (!Array.isArray(row)) return [];
    const date = str(row[at('date')]);
    if (date === undefined || !DAY.test(date)) return [];
    const flags: unknown = row[at('flags')];
    return [
      {
        date,
        callLegs: num(row[at('callLegs')]),
        callLegsIn: num(row[at('callLegsIn')]),
        callLegsOut: num(row[at('callLegsOut')]),
        callsUnique: num(row[at('callsUnique')]),
        durationMin: num(row[at('durationMin')]),
        flags: Array.isArray(flags) ? flags.filter((f): f is string => typeof f === 'string') : [],
      },
    ];
  });
}

/** Which of the three results `data` is, read; undefined when it is none of them. */
export function readToolData(data: unknown): ToolData | undefined {
  if (!isRec(data)) return undefined;
  const month = str(data['month']);
  const instanceId = str(data['instanceId']);
  if (
    Array.isArray(data['rows']) &&
    Array.isArray(data['columns']) &&
    instanceId !== undefined &&
    month !== undefined &&
    MONTH.test(month)
  ) {
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
  if (Array.isArray(data['rows']) && month !== undefined && MONTH.test(month)) {
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

/** "2026-11" → "202611", the form the page's formatters and the tools take. */
export const compactId = (id: string): string => id.replaceAll('-', '');
