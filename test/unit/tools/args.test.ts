// Month and date ids as clients send them (src/tools/args.ts): "202611", 202611 and "2026-11" for a month,
// "20261128", 20261128 and "2026-11-28" for a day, each turned into YYYYMM / YYYYMMDD; anything else refused with
// one sentence naming the accepted forms. The expected values are written out by hand (calendar facts, not the
// code's own arithmetic), and the chat door's input (src/tools/chatInput.ts) is checked to take the same forms.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { DATE_ARG, dateIdArg, MONTH_ARG, monthIdArg, periodArgProblem, toolArgs } from '../../../src/tools/args.js';
import { chatToolInput } from '../../../src/tools/chatInput.js';
import { CHAT_DOOR, MCP_DOOR, specOf, TOOL_SPECS } from '../../../src/tools/index.js';
import { toolError } from '../../../src/tools/text/errorText.js';

/** What a call refuses with, as the doors word it; undefined when it does not throw. */
function refusal(f: () => unknown): { kind: string; message: string } | undefined {
  try {
    f();
    return undefined;
  } catch (e) {
    return toolError(e);
  }
}

const MONTHS_ACCEPTED: Array<[unknown, string]> = [
  ['202611', '202611'],
  [202611, '202611'],
  ['2026-11', '202611'],
  ['202601', '202601'],
  ['2026-12', '202612'],
  ['100001', '100001'],
  [999912, '999912'],
  ['9999-12', '999912'],
  // Spaces around a string are dropped, as the palette and the core drop them.
  [' 202611', '202611'],
  ['2026-11 ', '202611'],
  ['\t2026-11\n', '202611'],
  // A JSON number written 202611.0 or 2.02611e5 arrives as the same number.
  [202611.0, '202611'],
  [2.02611e5, '202611'],
];

const MONTHS_REFUSED: unknown[] = [
  '202613',
  202613,
  '2026-13',
  '202600',
  '2026-00',
  202600,
  '2026-1',
  '20261',
  '2026-011',
  '2026 11',
  '2026/11',
  '2026.11',
  '11-2026',
  '2026-11-28',
  '20261128',
  '0999-12',
  '099912',
  99912,
  '-202611',
  -202611,
  202611.5,
  2026.11,
  '202611.0',
  '+202611',
  '2026-11-',
  '2026--11',
  '2026 - 11',
  ' 2026 11 ',
  '２０２６１１',
  '٢٠٢٦١١',
  '२०२६११',
  '2026-１１',
  '202611\u200b',
  '',
  '   ',
  202611000000,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  Infinity,
  -Infinity,
  NaN,
  true,
  null,
  undefined,
  [202611],
  ['202611'],
  { monthId: '202611' },
  BigInt(202611),
];

const DATES_ACCEPTED: Array<[unknown, string]> = [
  ['20261128', '20261128'],
  [20261128, '20261128'],
  ['2026-11-28', '20261128'],
  ['20260101', '20260101'],
  ['2026-12-31', '20261231'],
  ['20261130', '20261130'],
  ['20240229', '20240229'],
  ['2000-02-29', '20000229'],
  [20260131, '20260131'],
  ['10000101', '10000101'],
  [99991231, '99991231'],
  [' 20261128 ', '20261128'],
  ['  2026-11-28', '20261128'],
];

const DATES_REFUSED: unknown[] = [
  '20261131',
  20261131,
  '2026-11-31',
  '20260230',
  '20230229',
  '1900-02-29',
  '2100-02-29',
  '20260431',
  '20260631',
  '20260931',
  '20261132',
  '20261100',
  '2026-11-00',
  '20261328',
  '2026-13-28',
  '20260028',
  '2026-1128',
  '202611-28',
  '2026-11-2',
  '2026-1-28',
  '2026-11-028',
  '2026/11/28',
  '28.11.2026',
  '2026-11',
  '202611',
  202611,
  '09991231',
  '-20261128',
  -20261128,
  20261128.5,
  '20261128.0',
  '２０２６１１２８',
  '2026-11-２８',
  '٢٠٢٦١١٢٨',
  '',
  2026112800,
  1e21,
  NaN,
  false,
  null,
  [20261128],
  { dateId: '20261128' },
];

void describe('month ids as clients send them', () => {
  for (const [value, want] of MONTHS_ACCEPTED) {
    void it(`takes ${JSON.stringify(value)} (${typeof value}) as ${want}`, () => {
      assert.equal(monthIdArg(value), want);
    });
  }
  void it('refuses every other value', () => {
    for (const value of MONTHS_REFUSED) assert.equal(monthIdArg(value), undefined, `${typeof value} ${String(value)}`);
  });
});

void describe('date ids as clients send them', () => {
  for (const [value, want] of DATES_ACCEPTED) {
    void it(`takes ${JSON.stringify(value)} (${typeof value}) as ${want}`, () => {
      assert.equal(dateIdArg(value), want);
    });
  }
  void it('refuses every other value, days that no calendar has among them', () => {
    for (const value of DATES_REFUSED) assert.equal(dateIdArg(value), undefined, `${typeof value} ${String(value)}`);
  });
  void it('takes every real day of a leap year and of a common year, and no other', () => {
    const lengths = { 2024: [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], 2026: [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] };
    for (const [year, months] of Object.entries(lengths)) {
      months.forEach((days, i) => {
        const mm = String(i + 1).padStart(2, '0');
        for (let d = 1; d <= 31; d++) {
          const dd = String(d).padStart(2, '0');
          const want = d <= days ? `${year}${mm}${dd}` : undefined;
          assert.equal(dateIdArg(`${year}-${mm}-${dd}`), want, `${year}-${mm}-${dd}`);
          assert.equal(dateIdArg(Number(`${year}${mm}${dd}`)), want, `${year}${mm}${dd}`);
        }
      });
    }
  });
});

void describe('the patterns the schemas show', () => {
  void it('are anchored, without nested quantifiers or backreferences, and read ASCII digits only', () => {
    for (const re of [MONTH_ARG, DATE_ARG]) {
      assert.ok(re.source.startsWith('^') && re.source.endsWith('$'), re.source);
      assert.doesNotMatch(re.source, /\)[*+?{]/, `${re.source}: no quantified group`);
      assert.doesNotMatch(re.source, /\\\d|\\d|\\w/, `${re.source}: [0-9], no \\d, \\w or backreference`);
      assert.equal(re.flags, '');
    }
  });
  void it('take on a long hostile string as fast as on a short one', () => {
    const hostile = `${'2026-'.repeat(20_000)}x`;
    const started = performance.now();
    for (let i = 0; i < 50; i++) {
      assert.equal(monthIdArg(hostile), undefined);
      assert.equal(dateIdArg(hostile), undefined);
    }
    assert.ok(performance.now() - started < 1000, 'linear');
  });
});

void describe('toolArgs: what every tool receives', () => {
  void it('gives each month and date argument of a spec its canonical form and leaves the rest as it was', () => {
    const monthView = specOf('getMonthView');
    assert.deepEqual(toolArgs(monthView, { instanceId: ' VI-1 ', monthId: 202611 }), { instanceId: ' VI-1 ', monthId: '202611' });
    assert.deepEqual(toolArgs(monthView, { instanceId: 'VI-1', monthId: '2026-11' }), { instanceId: 'VI-1', monthId: '202611' });
    const day = specOf('getDayActivities');
    for (const dateId of ['20261128', 20261128, '2026-11-28'])
      assert.deepEqual(toolArgs(day, { instanceId: 'VI-1', dateId }), { instanceId: 'VI-1', dateId: '20261128' });
    const trend = specOf('getTrend');
    assert.deepEqual(toolArgs(trend, { instanceId: 'VI-1', months: 3, endMonthId: '2026-02' }), {
      instanceId: 'VI-1',
      months: 3,
      endMonthId: '202602',
    });
  });

  void it('leaves an optional one out when absent, and refuses a required one that is absent', () => {
    assert.deepEqual(toolArgs(specOf('getAccountOverview'), {}), {});
    assert.deepEqual(toolArgs(specOf('getTrend'), { instanceId: 'VI-1', months: 2, endMonthId: undefined }), {
      instanceId: 'VI-1',
      months: 2,
    });
    assert.equal(refusal(() => toolArgs(specOf('getMonthView'), { instanceId: 'VI-1' }))?.kind, 'validation');
    assert.equal(refusal(() => toolArgs(specOf('getDayActivities'), { instanceId: 'VI-1' }))?.kind, 'validation');
  });

  void it('refuses a wrong form with one sentence naming the field and the three forms, never the value or a pattern', () => {
    for (const [key, field, value] of [
      ['getMonthView', 'monthId', '2026-13'],
      ['getMonthView', 'monthId', 202611.5],
      ['getTrend', 'endMonthId', '2025-1'],
      ['getAccountOverview', 'monthId', -202611],
      ['getDayActivities', 'dateId', '20261131'],
      ['getDayActivities', 'dateId', '2026-11-2８'],
    ] as const) {
      const r = refusal(() => toolArgs(specOf(key), { instanceId: 'VI-1', months: 2, [field]: value }));
      assert.equal(r?.kind, 'validation', `${key} ${String(value)}`);
      const message = r?.message ?? '';
      // One sentence: a capital or the field's name first, one full stop, at the end.
      assert.ok(message.startsWith(field), message);
      assert.equal(message.split(/\.(?:\s|$)/).length - 1, 1, message);
      assert.ok(message.endsWith('.'), message);
      assert.doesNotMatch(message, /\n/);
      assert.doesNotMatch(message, /\^|\$|\[0-9\]|\\d|\(\?:|pattern|regex|schema|anyOf/i, message);
      assert.ok(!message.includes(String(value)), `${message} repeats ${String(value)}`);
      if (field === 'dateId') {
        for (const form of ['"YYYYMMDD"', 'the number YYYYMMDD', '"YYYY-MM-DD"', '"20261128"', '20261128', '"2026-11-28"'])
          assert.ok(message.includes(form), `${message} names ${form}`);
      } else {
        for (const form of ['"YYYYMM"', 'the number YYYYMM', '"YYYY-MM"', '"202611"', '202611', '"2026-11"'])
          assert.ok(message.includes(form), `${message} names ${form}`);
      }
    }
    assert.equal(periodArgProblem('monthId', 'month'), refusal(() => toolArgs(specOf('getMonthView'), { monthId: 'x' }))?.message);
  });
});

void describe("every spec's month and date inputs", () => {
  const period = (schema: unknown): 'month' | 'date' | undefined => {
    const branches = (schema as { anyOf?: Array<{ type?: string; pattern?: string }> }).anyOf ?? [];
    const pattern = branches.find((b) => b.type === 'string')?.pattern;
    return pattern === MONTH_ARG.source ? 'month' : pattern === DATE_ARG.source ? 'date' : undefined;
  };

  for (const spec of TOOL_SPECS) {
    void it(`${spec.key}: periodArgs names exactly the inputs whose schema is a month or date union, with their required-ness`, () => {
      for (const door of [CHAT_DOOR, MCP_DOOR]) {
        const json = z.toJSONSchema(spec.input(z, door), { io: 'input' }) as {
          properties?: Record<string, unknown>;
          required?: string[];
        };
        const keys = Object.keys(json.properties ?? {}).filter((k) => period(json.properties?.[k]) !== undefined);
        const fromSchema = keys.map((k) => [
          k,
          { kind: period(json.properties?.[k]), ...((json.required ?? []).includes(k) ? {} : { optional: true }) },
        ]);
        assert.deepEqual(Object.fromEntries(fromSchema), spec.periodArgs ?? {});
        for (const k of keys) {
          const s = json.properties?.[k] as { anyOf: Array<Record<string, unknown>>; description?: string };
          assert.deepEqual(
            s.anyOf.map((b) => b['type']),
            ['string', 'integer'],
          );
          assert.ok((s.description ?? '').length > 20, `${spec.key}.${k} is described in words`);
          for (const b of s.anyOf) assert.ok(typeof b['description'] === 'string', `${spec.key}.${k} ${String(b['type'])} is described`);
        }
      }
    });
  }

  void it('the zod schema takes a wrong form, so that the door refuses it with its sentence (the MCP SDK would list zod issues)', () => {
    const schema = specOf('getMonthView').input(z, MCP_DOOR);
    for (const monthId of ['2026-13', 202611.5, true, null]) assert.equal(schema.safeParse({ instanceId: 'VI-1', monthId }).success, true);
    assert.equal(schema.safeParse({ instanceId: 'VI-1', monthId: '202611', extra: 1 }).success, false, 'still strict');
  });
});

void describe('the chat door takes the same forms (src/tools/chatInput.ts)', () => {
  void it('hands run() the canonical ids and refuses a wrong one with the same sentence', () => {
    assert.deepEqual(chatToolInput(specOf('getMonthView'), { instanceId: 'VI-1', monthId: 202611 }, CHAT_DOOR), {
      instanceId: 'VI-1',
      monthId: '202611',
    });
    assert.deepEqual(chatToolInput(specOf('getDayActivities'), { instanceId: 'VI-1', dateId: '2026-11-28' }, CHAT_DOOR), {
      instanceId: 'VI-1',
      dateId: '20261128',
    });
    assert.deepEqual(chatToolInput(specOf('getTrend'), { instanceId: 'VI-1', endMonthId: 202602 }, CHAT_DOOR), {
      instanceId: 'VI-1',
      months: 12,
      endMonthId: '202602',
    });
    assert.deepEqual(chatToolInput(specOf('getAccountOverview'), { monthId: '2026-11' }, CHAT_DOOR), { monthId: '202611' });
    assert.deepEqual(chatToolInput(specOf('getAccountOverview'), {}, CHAT_DOOR), {});
    const r = refusal(() => chatToolInput(specOf('getMonthView'), { instanceId: 'VI-1', monthId: '202613' }, CHAT_DOOR));
    assert.deepEqual(r, { kind: 'validation', message: periodArgProblem('monthId', 'month') });
  });
});
