// Exports keep numbers numbers: random month views, overview rows (negative, fractional and missing changes, the
// 12-month line with gaps, failed and pending rows, ids that look like formulas) and trend months go through every
// export format — month and overview as CSV, JSON and Markdown, the trend as the trend tool's JSON and sentences —
// and are read back here with readers of our own (RFC 4180, a Markdown table splitter, JSON.parse, the sentences'
// wording). Every figure must come back equal, and every CSV figure must be a plain number a spreadsheet reads as
// one: the formula guard (a leading ') is for text only. Expected totals and changes are counted here, not taken
// from the product.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { DayStats, MonthTotals, MonthView } from '../../../src/shared/monthModel.js';
import { formatMonthExport, type ExportFormat } from '../../../src/shared/export.js';
import type { OverviewFigures, OverviewRow } from '../../../src/shared/overview/overview.js';
import { formatOverviewExport } from '../../../src/shared/overview/overviewExport.js';
import { trendToolResult, type TrendToolMonth } from '../../../src/tools/text/trendText.js';

const RUNS = 300;
const FORMATS: ExportFormat[] = ['csv', 'json', 'markdown'];
const COUNTERS = ['callLegs', 'callLegsIn', 'callLegsOut', 'callsUnique', 'durationMin'] as const;
const FIGURES = [...COUNTERS, 'activeDays'] as const;
/** What a spreadsheet reads as a number: digits, an optional minus and decimals; nothing before them. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

// ----- readers

/** RFC 4180: records end with CRLF, fields are split by commas, a quoted field doubles its quotes and may hold CR/LF. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      field = '';
      record = [];
      i++;
    } else {
      field += c;
    }
  }
  assert.equal(field + record.join(''), '', 'the CSV ends with CRLF');
  return records;
}

/** The cells of every Markdown table line: split at unescaped pipes, backslash escapes undone, bold markers dropped. */
function readMarkdownTable(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('| '))
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (c === '\\') {
          cell += line[i + 1] ?? '';
          i++;
        } else if (c === '|') {
          cells.push(cell);
          cell = '';
        } else {
          cell += c;
        }
      }
      return cells.slice(1).map((x) => x.trim().replace(/^\*\*(.*)\*\*$/, '$1'));
    })
    .filter((cells) => !cells.every((x) => /^-+:?$/.test(x))); // the alignment row
}

/** A figure cell: a plain number that equals `expected` (an empty cell for undefined/null). */
function sameFigure(cell: string | undefined, expected: number | null | undefined, where: string): void {
  if (expected === undefined || expected === null) {
    assert.equal(cell, '', `${where}: empty`);
    return;
  }
  assert.match(cell ?? '<none>', PLAIN_NUMBER, `${where}: ${JSON.stringify(cell)} is a plain number`);
  assert.equal(Number(cell), expected, where);
}

// ----- data

const count = fc.maxSafeNat();
const dayOf = (monthId: string, n: number): string => `${monthId}${String(n).padStart(2, '0')}`;
/** Ids that a spreadsheet or a Markdown renderer would read into: formulas, separators, quotes, escapes, line breaks. */
const idArb = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('=SUM(A1)', '-50', '+1', '@x', 'a,b', 'say "hi"', 'x\ny', 'a|b', 'a\\|b', '**b**', '\tTAB'),
);

const monthArb: fc.Arbitrary<MonthView> = fc
  .record({
    length: fc.integer({ min: 1, max: 31 }),
    current: fc.integer({ min: 0, max: 31 }),
    counters: fc.array(fc.tuple(count, count, count, count, count), { minLength: 31, maxLength: 31 }),
  })
  .map(({ length, current, counters }) => {
    const monthId = '202402';
    const days: DayStats[] = Array.from({ length }, (_, i) => {
      const [callLegs, callLegsIn, callLegsOut, callsUnique, durationMin] = counters[i]!;
      const future = i + 1 > current;
      return {
        dateId: dayOf(monthId, i + 1),
        callLegs,
        callLegsIn,
        callLegsOut,
        callsUnique,
        durationMin,
        future,
        legsMismatch: callLegs !== callLegsIn + callLegsOut,
      };
    });
    const past = days.filter((d) => !d.future);
    const totals = { days: past.length } as MonthTotals;
    for (const k of COUNTERS) totals[k] = past.reduce((n, d) => n + d[k], 0); // may pass 2^53: then what the model would show
    return { monthId, currentDateId: dayOf(monthId, Math.max(1, current)), days, missingDays: [], totals, warnings: [] };
  });

const figuresArb: fc.Arbitrary<OverviewFigures> = fc.record({
  callLegs: count,
  callLegsIn: count,
  callLegsOut: count,
  callsUnique: count,
  durationMin: count,
  activeDays: fc.integer({ min: 0, max: 31 }),
});
const pctArb = fc.oneof(
  fc.integer({ min: -1000, max: 100_000 }).map((n) => n / 10),
  fc.constant(null),
  fc.constant(-50),
  fc.constant(-100),
);
const trendArb = fc.array(fc.option(count, { nil: null }), { minLength: 12, maxLength: 12 });

const rowArb: fc.Arbitrary<OverviewRow> = fc.oneof(
  fc.record({
    instanceId: idArb,
    status: fc.constant('ok' as const),
    figures: figuresArb,
    previousCallLegs: fc.option(fc.integer({ min: 0, max: 1e12 }), { nil: undefined }),
    changePct: pctArb,
    trend: trendArb,
  }),
  fc.record({ instanceId: idArb, status: fc.constant('failed' as const), error: fc.string({ maxLength: 40 }), trend: trendArb }),
  fc.record({ instanceId: idArb, status: fc.constant('pending' as const), trend: trendArb }),
);
// Distinct ids: the overview has one row per instance.
const rowsArb = fc.uniqueArray(rowArb, { minLength: 1, maxLength: 8, selector: (r) => r.instanceId });

/** The totals row counted here: loaded rows summed, the change over the rows with a previous month. */
function expectedTotals(rows: readonly OverviewRow[]): Record<string, number | null> {
  const ok = rows.filter((r) => r.status === 'ok' && r.figures);
  const out: Record<string, number | null> = {};
  for (const k of FIGURES) out[k] = ok.reduce((n, r) => n + r.figures![k], 0);
  const compared = ok.filter((r) => r.previousCallLegs !== undefined);
  const base = compared.reduce((n, r) => n + r.previousCallLegs!, 0);
  const now = compared.reduce((n, r) => n + r.figures!.callLegs, 0);
  out['previousCallLegs'] = base;
  out['changePct'] = base > 0 ? Math.round(((now - base) / base) * 1000) / 10 : null;
  return out;
}

// ----- properties

void describe('exports keep numbers numbers (round trips, fast-check)', () => {
  void it(`month export: every counter of every day and the totals come back equal in CSV, JSON and Markdown (${RUNS} cases per format)`, () => {
    fc.assert(
      fc.property(monthArb, idArb, fc.boolean(), (view, instanceId, maskIds) => {
        const csv = readCsv(formatMonthExport(view, 'csv', { instanceId, maskIds }));
        assert.deepEqual(csv[0], [
          'instance',
          'date',
          'call_legs',
          'call_legs_in',
          'call_legs_out',
          'calls_unique',
          'duration_min',
          'future',
        ]);
        assert.equal(csv.length, view.days.length + 2);
        view.days.forEach((d, i) => {
          const r = csv[i + 1]!;
          assert.equal(r[1], d.dateId);
          COUNTERS.forEach((k, j) => sameFigure(r[2 + j], d[k], `csv ${d.dateId} ${k}`));
          assert.equal(r[7], String(d.future));
        });
        COUNTERS.forEach((k, j) => sameFigure(csv.at(-1)![2 + j], view.totals[k], `csv total ${k}`));

        const json = JSON.parse(formatMonthExport(view, 'json', { instanceId, maskIds })) as { days: DayStats[]; totals: MonthTotals };
        view.days.forEach((d, i) => COUNTERS.forEach((k) => assert.equal(json.days[i]![k], d[k], `json ${d.dateId} ${k}`)));
        assert.deepEqual(json.totals, view.totals);

        const md = readMarkdownTable(formatMonthExport(view, 'markdown', { instanceId, maskIds }));
        assert.equal(md.length, view.days.length + 2, 'header, days, total');
        view.days.forEach((d, i) => COUNTERS.forEach((k, j) => sameFigure(md[i + 1]![1 + j], d[k], `md ${d.dateId} ${k}`)));
        COUNTERS.forEach((k, j) => sameFigure(md.at(-1)![1 + j], view.totals[k], `md total ${k}`));
      }),
      { numRuns: RUNS },
    );
  });

  void it(`overview export: figures, previous call legs, changes (negative ones too) and totals come back equal as numbers (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(rowsArb, fc.boolean(), (rows, maskIds) => {
        const totals = expectedTotals(rows);
        const options = { monthId: '202611', maskIds };
        for (const format of FORMATS) assert.ok(formatOverviewExport(rows, format, options).length > 0);

        const csv = readCsv(formatOverviewExport(rows, 'csv', options));
        const col = (name: string): number => {
          const i = csv[0]!.indexOf(name);
          assert.ok(i >= 0, name);
          return i;
        };
        const HEAD = {
          callLegs: 'call_legs',
          callLegsIn: 'call_legs_in',
          callLegsOut: 'call_legs_out',
          callsUnique: 'calls_unique',
          durationMin: 'duration_min',
          activeDays: 'days_with_data',
        };
        assert.equal(csv.length, rows.length + 2);
        rows.forEach((r, i) => {
          const line = csv[i + 1]!;
          for (const k of FIGURES) sameFigure(line[col(HEAD[k])], r.status === 'ok' ? r.figures?.[k] : undefined, `csv row ${i} ${k}`);
          sameFigure(line[col('previous_call_legs')], r.previousCallLegs, `csv row ${i} previous`);
          sameFigure(line[col('change_pct')], r.changePct, `csv row ${i} change`);
        });
        const total = csv.at(-1)!;
        for (const k of FIGURES) sameFigure(total[col(HEAD[k])], totals[k], `csv total ${k}`);
        sameFigure(total[col('previous_call_legs')], totals['previousCallLegs'], 'csv total previous');
        sameFigure(total[col('change_pct')], totals['changePct'], 'csv total change');

        const json = JSON.parse(formatOverviewExport(rows, 'json', options)) as {
          rows: Array<{ figures?: OverviewFigures; previousCallLegs?: number; changePct?: number | null; trend?: (number | null)[] }>;
          totals: Record<string, number | null>;
        };
        rows.forEach((r, i) => {
          const back = json.rows[i]!;
          assert.deepEqual(back.figures, r.status === 'ok' && r.figures ? { ...r.figures } : undefined);
          assert.equal(back.previousCallLegs, r.previousCallLegs);
          if (r.status === 'ok') {
            assert.equal(back.changePct, r.changePct ?? null);
            assert.deepEqual(back.trend, r.trend, 'the 12-month line, gaps kept');
          }
        });
        for (const [k, v] of Object.entries(totals)) assert.equal(json.totals[k], v, `json total ${k}`);

        const md = readMarkdownTable(formatOverviewExport(rows, 'markdown', options));
        assert.equal(md.length, rows.length + 2, 'header, rows, total');
        const mdCol = (name: string): number => md[0]!.indexOf(name);
        rows.forEach((r, i) => {
          for (const k of FIGURES)
            sameFigure(md[i + 1]![mdCol(HEAD[k])], r.status === 'ok' ? r.figures?.[k] : undefined, `md row ${i} ${k}`);
          sameFigure(md[i + 1]![mdCol('Change %')], r.changePct, `md row ${i} change`);
        });
        for (const k of FIGURES) sameFigure(md.at(-1)![mdCol(HEAD[k])], totals[k], `md total ${k}`);
        sameFigure(md.at(-1)![mdCol('Change %')], totals['changePct'], 'md total change');
      }),
      { numRuns: RUNS },
    );
  });

  void it(`trend (the trend tool's JSON and sentences): every month's totals come back equal (${RUNS} cases)`, () => {
    const totalsArb = fc.record({
      callLegs: count,
      callLegsIn: count,
      callLegsOut: count,
      callsUnique: count,
      durationMin: count,
      days: fc.integer({ min: 0, max: 31 }),
    });
    const monthsArb = fc.array(fc.option(totalsArb, { nil: undefined }), { minLength: 1, maxLength: 12 }).map((xs) =>
      xs.map((totals, i): TrendToolMonth => {
        const monthId = `2026${String(i + 1).padStart(2, '0')}`;
        return totals ? { monthId, totals } : { monthId, error: 'Timed out.' };
      }),
    );
    fc.assert(
      fc.property(idArb, monthsArb, (instanceId, months) => {
        const { text, json } = trendToolResult(instanceId, months);
        const back = (JSON.parse(json) as { months: Array<{ month: string; totals?: MonthTotals }> }).months;
        assert.deepEqual(
          back.map((m) => m.totals),
          months.map((m) => (m.totals ? { ...m.totals } : undefined)),
        );
        for (const m of months) {
          if (!m.totals) continue;
          const iso = `${m.monthId.slice(0, 4)}-${m.monthId.slice(4)}`;
          const line = text.split('\n').find((l) => l.startsWith(`${iso}: `)) ?? '';
          const said =
            /^\S+ (\d+) call legs? \((\d+) inbound, (\d+) outbound\), (\d+) unique calls?, (\d+) minutes? over (\d+) days?\.$/.exec(line);
          assert.ok(said, line);
          const t = m.totals;
          assert.deepEqual(said.slice(1).map(Number), [t.callLegs, t.callLegsIn, t.callLegsOut, t.callsUnique, t.durationMin, t.days]);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
