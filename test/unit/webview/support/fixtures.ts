// Month data as the host sends it (already the model's shape: ascending days, flags, totals).
import type { ComparedDays } from '../../../../src/shared/comparison.js';
import type { DayStatsData, JsonValue, MonthTotalsData, MonthViewData, ResponseMeta } from '../../../../src/shared/protocol.js';
import type { PreviousDayData } from '../../../../src/panels/monthView/protocol.js';
import type { TrendMonth } from '../../../../src/panels/trend/protocol.js';

export const MALICIOUS = '<img src=x onerror="window.__pwned=1">Acme <b>Cloud</b>';

type Counts = [inbound: number, outbound: number, legs: number, unique: number, minutes: number];

/** March 2025, "today" the 14th: a zero-traffic Sunday (2nd), a mismatch (5th), a missing day (9th), a
 * day unusual for its weekday (Tuesday 11th: 400 call legs, Tuesdays before it 40–44) once February's days are known. */
const MARCH: Record<number, Counts | 'missing'> = {
  1: [20, 18, 38, 25, 96],
  2: [0, 0, 0, 0, 0],
  3: [24, 20, 44, 30, 120],
  4: [22, 19, 41, 28, 110],
  5: [18, 20, 40, 26, 101],
  6: [25, 21, 46, 31, 130],
  7: [19, 17, 36, 24, 90],
  8: [8, 6, 14, 9, 31],
  9: 'missing',
  10: [23, 22, 45, 30, 118],
  11: [210, 190, 400, 260, 1450],
  12: [21, 20, 41, 27, 104],
  13: [26, 24, 50, 33, 141],
  14: [12, 9, 21, 14, 47],
};

export function day(dateId: string, c: Counts, future = false): DayStatsData {
  return {
    dateId,
    callLegsIn: c[0],
    callLegsOut: c[1],
    callLegs: c[2],
    callsUnique: c[3],
    durationMin: c[4],
    future,
    legsMismatch: c[2] !== c[0] + c[1],
  };
}

export function totalsOf(days: DayStatsData[]): MonthTotalsData {
  const past = days.filter((d) => !d.future);
  const sum = (k: keyof Omit<MonthTotalsData, 'days'>): number => past.reduce((s, d) => s + d[k], 0);
  return {
    callLegs: sum('callLegs'),
    callLegsIn: sum('callLegsIn'),
    callLegsOut: sum('callLegsOut'),
    callsUnique: sum('callsUnique'),
    durationMin: sum('durationMin'),
    days: past.length,
  };
}

export function marchView(): MonthViewData {
  const days: DayStatsData[] = [];
  for (let d = 1; d <= 31; d++) {
    const id = `202503${String(d).padStart(2, '0')}`;
    const c = MARCH[d];
    if (c === 'missing') continue;
    days.push(c ? day(id, c) : day(id, [0, 0, 0, 0, 0], true));
  }
  return {
    monthId: '202503',
    currentDateId: '20250314',
    days,
    missingDays: ['20250309'],
    totals: totalsOf(days),
    // Worded as src/core/model/monthView.ts words them.
    warnings: [
      'Ignored a second entry for 2025-03-12.',
      '2025-03-05: call_legs is 40 but call_legs_in + call_legs_out is 38 (18 + 20).',
      'No data for 1 day: 2025-03-09.',
    ],
  };
}

/**
 * February 2025, a complete month with a weekly rhythm like March's (the "previous month" of the tests): working days
 * 40–44 call legs, Saturdays anywhere from 14 to 38, Sundays 0–2. Against it only March's 11th is unusual.
 */
export function februaryView(): MonthViewData {
  const saturdays: Record<number, number> = { 1: 14, 8: 38, 15: 20, 22: 30 };
  const days = Array.from({ length: 28 }, (_, i) => {
    const d = i + 1;
    const weekday = (6 + i) % 7; // 2025-02-01 was a Saturday
    const legs = weekday === 6 ? saturdays[d]! : weekday === 0 ? d % 3 : 40 + (d % 5);
    const inbound = Math.ceil(legs / 2);
    return day(`202502${String(d).padStart(2, '0')}`, [inbound, legs - inbound, legs, Math.round(legs * 0.65), Math.round(legs * 2.5)]);
  });
  return { monthId: '202502', currentDateId: '20250314', days, missingDays: [], totals: totalsOf(days), warnings: [] };
}

/** February's days as the comparison message carries them. */
export function februaryDays(): PreviousDayData[] {
  return februaryView().days.map((d) => ({ dateId: d.dateId, callLegs: d.callLegs, future: d.future }));
}

/** What the host sends with March (its 14th, not finished): February's first 14 days, like for like. */
export function februaryComparison(): {
  previousMonthId: string;
  totals: MonthTotalsData;
  compared: ComparedDays;
  previousDays: PreviousDayData[];
} {
  return {
    previousMonthId: '202502',
    totals: totalsOf(februaryView().days.slice(0, 14)),
    compared: { monthId: '202503', previousMonthId: '202502', lastDay: 14, previousLastDay: 14, wholeMonths: false },
    previousDays: februaryDays(),
  };
}

export function meta(overrides: Partial<ResponseMeta['service']> = {}): ResponseMeta {
  return {
    service: { provider: MALICIOUS, id: '007', version: '2.10', ...overrides },
    elapsedMs: 142,
    serverTimestamp: '2025-03-14 10:22:01:123 +0000',
  };
}

/** Twelve months ending March 2025, oldest first; October 2024 failed to load. */
export function trendMonths(): TrendMonth[] {
  const out: TrendMonth[] = [];
  const ids = ['202404', '202405', '202406', '202407', '202408', '202409', '202410', '202411', '202412', '202501', '202502', '202503'];
  ids.forEach((monthId, i) => {
    if (monthId === '202410') {
      out.push({ monthId, error: 'The service did not answer within 30 s (headers). <i>Try again</i>' });
      return;
    }
    const inbound = 300 + i * 40;
    const outbound = 250 + i * 25;
    out.push({
      monthId,
      totals: {
        callLegsIn: inbound,
        callLegsOut: outbound,
        callLegs: inbound + outbound,
        callsUnique: 400 + i * 30,
        durationMin: 1800 + i * 120,
        days: 30,
      },
    });
  });
  return out;
}

export const ACTIVITIES_RESULT: JsonValue = {
  activities: {
    activity: [
      { time: '08:01:12', direction: 'in', from: '+4915112345678', durationSec: '62' },
      { time: '09:15:40', direction: 'out', from: '<script>window.__pwned=1</script>', durationSec: '0' },
      { time: '17:42:03', direction: 'in', from: '+4930123456', durationSec: '305' },
    ],
  },
  summary: { count: '3', region: 'eu-1', flags: '' },
};

export const ACTIVITIES_XML =
  '<?xml version="1.0"?>\n<response><result><activities><activity><time>08:01:12</time></activity></activities><note><![CDATA[<b>raw</b>]]></note></result></response>';

/** January 2025 with no traffic at all: every day sent, every counter 0 (the month view's "empty"). */
export function quietMonthView(): MonthViewData {
  const days = Array.from({ length: 31 }, (_, i) => day(`202501${String(i + 1).padStart(2, '0')}`, [0, 0, 0, 0, 0]));
  return { monthId: '202501', currentDateId: '20250314', days, missingDays: [], totals: totalsOf(days), warnings: [] };
}

/** Twelve months without a single call (the trend's "empty"). */
export function quietTrendMonths(): TrendMonth[] {
  return trendMonths().map((m) => ({
    monthId: m.monthId,
    totals: { callLegsIn: 0, callLegsOut: 0, callLegs: 0, callsUnique: 0, durationMin: 0, days: 30 },
  }));
}
