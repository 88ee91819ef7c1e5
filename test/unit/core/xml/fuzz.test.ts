// Property-based tests of the response parser (fast-check): 11,000 generated envelopes and month views —
// valid, mutated, truncated, deeply nested, with huge numbers, unicode, and ids as attributes or as
// elements. The parser returns a value or a typed VoiceSmsError and never throws anything else or hangs;
// a valid month view survives a round trip through the JSON export unchanged.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { interpretMonthView } from '../../../../src/core/api/monthView.js';
import { isVoiceSmsError } from '../../../../src/core/errors.js';
import { dateIdsOfMonth } from '../../../../src/core/model/month.js';
import type { MonthView } from '../../../../src/shared/monthModel.js';
import { parseEnvelope } from '../../../../src/core/xml/envelope.js';
import { formatMonthExport } from '../../../../src/shared/export.js';
import { el, renderXml, type XmlElement } from '../../../../src/simulator/xml.js';

/** The slowest a single parse may take before it counts as a hang (generous: a loaded 2-core machine). */
const MAX_PARSE_MS = 2000;

/** Parses as the client does; anything but a value or a VoiceSmsError fails the property. */
function parseMonth(xml: string, monthId: string): MonthView | 'typed error' {
  const t0 = performance.now();
  try {
    return interpretMonthView(parseEnvelope(xml), monthId);
  } catch (e) {
    assert.ok(isVoiceSmsError(e), `not a typed error: ${e instanceof Error ? e.stack : String(e)}`);
    return 'typed error';
  } finally {
    const ms = performance.now() - t0;
    assert.ok(ms < MAX_PARSE_MS, `the parse took ${Math.round(ms)} ms`);
  }
}

const counter = fc.oneof(fc.nat({ max: 10_000 }), fc.nat());
const monthArb = fc
  .record({ year: fc.integer({ min: 2000, max: 2099 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => `${year}${String(month).padStart(2, '0')}`);

interface GenMonth {
  monthId: string;
  currentDay: number;
  days: { day: number; counts: number[] }[];
  message: string;
  dateIdAsElement: boolean;
}

const validMonth: fc.Arbitrary<GenMonth> = monthArb.chain((monthId) => {
  const length = dateIdsOfMonth(monthId).length;
  return fc.record({
    monthId: fc.constant(monthId),
    currentDay: fc.integer({ min: 1, max: length }),
    days: fc.uniqueArray(
      fc.record({ day: fc.integer({ min: 1, max: length }), counts: fc.array(counter, { minLength: 5, maxLength: 5 }) }),
      { selector: (d) => d.day, maxLength: length },
    ),
    message: fc.string({ unit: 'grapheme', maxLength: 40 }),
    dateIdAsElement: fc.constant(false),
  });
});

function monthXml(g: GenMonth): string {
  const dateId = (day: number): string => `${g.monthId}${String(day).padStart(2, '0')}`;
  const names = ['call_legs', 'call_legs_in', 'call_legs_out', 'calls_unique', 'duration_min'];
  const dates: XmlElement[] = g.days.map((d) => {
    const counters = names.map((n, i) => el(n, d.counts[i] ?? 0));
    return g.dateIdAsElement ? el('date', [el('dateID', dateId(d.day)), ...counters]) : el('date', counters, { dateID: dateId(d.day) });
  });
  return renderXml(
    el('response', [
      el('status', [el('code', '200'), el('message', g.message), el('timestamp', '2024-01-01T00:00:00.000Z')]),
      el('service', [el('provider', 'fuzz'), el('id', 'vvoice'), el('version', '2.10')]),
      el('result', [el('monthView', [el('currentDateID', dateId(g.currentDay)), el('calls', dates)])]),
    ]),
  );
}

/** The MonthView read back from its JSON export. */
function fromJsonExport(text: string): MonthView {
  const doc = JSON.parse(text) as Omit<MonthView, 'days' | 'currentDateId'> & {
    currentDateId: string;
    days: (Omit<MonthView['days'][number], 'legsMismatch'> & { legsMismatch?: boolean })[];
  };
  return {
    monthId: doc.monthId,
    currentDateId: doc.currentDateId,
    days: doc.days.map((d) => ({ ...d, legsMismatch: d.legsMismatch ?? false })),
    missingDays: doc.missingDays,
    totals: doc.totals,
    warnings: doc.warnings,
  };
}

/** Small edits that turn a valid document into a hostile one. */
const mutation = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    op: fc.constant('insert' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    text: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom(
        '<',
        '>',
        '&',
        '&amp;',
        '&#0;',
        '&#x1F600;',
        ']]>',
        '<![CDATA[',
        '<!DOCTYPE x>',
        '<?pi?>',
        '"',
        "'",
        '</response>',
        '<date dateID="20240101">',
        '99999999999999999999999',
        '-1',
        '1e308',
        '0x10',
        'NaN',
      ),
    ),
  }),
  fc.record({ op: fc.constant('delete' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.nat({ max: 40 }) }),
  fc.record({
    op: fc.constant('number' as const),
    value: fc.constantFrom('9007199254740993', '1'.repeat(400), '-5', '3.5', '1e3', '', ' 7 ', '٣', '＋1'),
  }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(xml: string, m: Mutation): string {
  const pos = 'at' in m ? Math.floor(m.at * xml.length) : 0;
  switch (m.op) {
    case 'truncate':
      return xml.slice(0, pos);
    case 'insert':
      return xml.slice(0, pos) + m.text + xml.slice(pos);
    case 'delete':
      return xml.slice(0, pos) + xml.slice(pos + m.length);
    case 'number':
      return xml.replace(/>(\d+)</, `>${m.value}<`);
  }
}

/** Arbitrary XML trees: random names, attributes, text and depth, inside or outside an envelope. */
const nameArb = fc.constantFrom(
  'response',
  'status',
  'code',
  'result',
  'monthView',
  'calls',
  'date',
  'currentDateID',
  'call_legs',
  'dateID',
  '__proto__',
  'constructor',
  '#text',
  'x',
  'ü',
  'a-b',
);
const attrsArb = fc.dictionary(fc.constantFrom('dateID', 'id', 'code', '__proto__', 'x'), fc.string({ maxLength: 10 }), { maxKeys: 2 });
const textArb = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 16 }), fc.constantFrom('200', '20240131', '18446744073709551616'));
const tree: fc.Arbitrary<XmlElement> = fc.letrec<{ node: XmlElement }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 8, depthIdentifier: 'tree' },
    fc.tuple(nameArb, textArb, attrsArb).map(([n, t, a]) => el(n, t, a)),
    fc.tuple(nameArb, attrsArb).map(([n, a]) => el(n, undefined, a)),
    fc.tuple(nameArb, fc.array(tie('node'), { maxLength: 4, depthIdentifier: 'tree' }), attrsArb).map(([n, c, a]) => el(n, c, a)),
  ),
})).node;

function nested(depth: number, leaf: string): string {
  return '<a>'.repeat(depth) + leaf + '</a>'.repeat(depth);
}

void describe('response parser under fuzzing (fast-check)', () => {
  void it('a valid month view parses and survives the JSON export round trip unchanged (3,000 cases)', () => {
    fc.assert(
      fc.property(validMonth, (g) => {
        const view = parseMonth(monthXml(g), g.monthId);
        assert.notEqual(view, 'typed error', 'a valid month view must parse');
        if (view === 'typed error') return;
        assert.equal(view.days.length, g.days.length);
        const back = fromJsonExport(formatMonthExport(view, 'json', { instanceId: 'VI-FUZZ' }));
        assert.deepEqual(back, view);
        const csvLines = formatMonthExport(view, 'csv', { instanceId: 'VI-FUZZ' }).trimEnd().split('\r\n');
        assert.equal(csvLines.length, view.days.length + 2);
      }),
      { numRuns: 3000 },
    );
  });

  void it('mutated and truncated month views give a value or a typed error (4,000 cases)', () => {
    fc.assert(
      fc.property(validMonth, fc.boolean(), fc.array(mutation, { minLength: 1, maxLength: 3 }), (g, asElement, ms) => {
        const xml = ms.reduce(mutate, monthXml({ ...g, dateIdAsElement: asElement }));
        parseMonth(xml, g.monthId);
      }),
      { numRuns: 4000 },
    );
  });

  void it('arbitrary XML trees, in and out of an envelope, give a value or a typed error (3,000 cases)', () => {
    fc.assert(
      fc.property(tree, fc.boolean(), monthArb, (t, wrap, monthId) => {
        const root = wrap ? el('response', [el('status', [el('code', '200')]), el('result', [t])]) : t;
        parseMonth(renderXml(root), monthId);
      }),
      { numRuns: 3000 },
    );
  });

  void it('random text and deep nesting give a typed error, never a crash or a hang (1,000 cases)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.integer({ min: 1, max: 20_000 }).map((d) => nested(d, '<response/>')),
          fc
            .integer({ min: 1, max: 5000 })
            .map((d) => `<response><status><code>200</code></status><result>${nested(d, 'x')}</result></response>`),
        ),
        (text) => {
          parseMonth(text, '202401');
        },
      ),
      { numRuns: 1000 },
    );
  });
});
