// Month export formats: CSV (header, one row per day with all five counters and the future flag,
// totals, escaping), JSON and a Markdown table, and masking of the instance id.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DayStats, MonthView } from '../../../src/shared/monthModel.js';
import { formatMonthExport, maskId } from '../../../src/shared/export.js';

// The two renderers a Markdown export most likely meets: markdown-it as the editor's preview runs it
// (linkify on, HTML allowed) and marked with GFM (tables, autolinks). Untyped CommonJS: the shape used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (o: { html: boolean; linkify: boolean }) => { render(src: string): string };
const markdownIt = new MarkdownIt({ html: true, linkify: true });

function day(dateId: string, legsIn: number, legsOut: number, unique: number, minutes: number, future = false): DayStats {
  return {
    dateId,
    callLegs: legsIn + legsOut,
    callLegsIn: legsIn,
    callLegsOut: legsOut,
    callsUnique: unique,
    durationMin: minutes,
    future,
    legsMismatch: false,
  };
}

const VIEW: MonthView = {
  monthId: '202402',
  currentDateId: '20240202',
  days: [
    day('20240201', 3, 4, 5, 60),
    { ...day('20240202', 1, 1, 2, 9), callLegs: 5, legsMismatch: true },
    day('20240203', 0, 0, 0, 0, true),
  ],
  missingDays: [],
  totals: { callLegs: 12, callLegsIn: 4, callLegsOut: 5, callsUnique: 7, durationMin: 69, days: 2 },
  warnings: ['20240202: call_legs 5 differs from in + out (2)'],
};

void describe('formatMonthExport: csv', () => {
  void it('writes a header, one row per day with the five counters and the future flag, and a totals row', () => {
    const csv = formatMonthExport(VIEW, 'csv', { instanceId: 'VI-1' });
    assert.equal(
      csv,
      [
        'instance,date,call_legs,call_legs_in,call_legs_out,calls_unique,duration_min,future',
        'VI-1,20240201,7,3,4,5,60,false',
        'VI-1,20240202,5,1,1,2,9,false',
        'VI-1,20240203,0,0,0,0,0,true',
        'VI-1,total,12,4,5,7,69,',
        '',
      ].join('\r\n'),
    );
  });

  void it('quotes ids holding commas, quotes or line breaks, and disarms spreadsheet formulas', () => {
    const row = (id: string): string => formatMonthExport(VIEW, 'csv', { instanceId: id }).split('\r\n')[1]!;
    assert.equal(row('a,b'), '"a,b",20240201,7,3,4,5,60,false');
    assert.equal(row('say "hi"'), '"say ""hi""",20240201,7,3,4,5,60,false');
    assert.ok(formatMonthExport(VIEW, 'csv', { instanceId: 'x\ny' }).includes('"x\ny",20240201'));
    assert.equal(row('=1+2'), "'=1+2,20240201,7,3,4,5,60,false");
    assert.equal(row('-3'), "'-3,20240201,7,3,4,5,60,false");
  });

  void it('masks the instance id to its first 3 characters', () => {
    assert.equal(maskId('VI-DEMO-01'), 'VI-***');
    assert.equal(maskId('ab'), 'ab***');
    const csv = formatMonthExport(VIEW, 'csv', { instanceId: 'VI-DEMO-01', maskIds: true });
    assert.ok(!csv.includes('DEMO'));
    assert.equal(csv.split('\r\n')[1], 'VI-***,20240201,7,3,4,5,60,false');
  });
});

void describe('formatMonthExport: json', () => {
  void it('round-trips every day, the totals and the warnings', () => {
    const doc = JSON.parse(formatMonthExport(VIEW, 'json', { instanceId: 'VI-1' })) as Record<string, unknown>;
    assert.equal(doc.instanceId, 'VI-1');
    assert.equal(doc.monthId, '202402');
    assert.equal(doc.currentDateId, '20240202');
    assert.deepEqual(doc.totals, VIEW.totals);
    const days = doc.days as Record<string, unknown>[];
    assert.equal(days.length, 3);
    assert.deepEqual(days[0], {
      dateId: '20240201',
      callLegs: 7,
      callLegsIn: 3,
      callLegsOut: 4,
      callsUnique: 5,
      durationMin: 60,
      future: false,
    });
    assert.equal(days[1]?.legsMismatch, true);
    assert.equal(days[2]?.future, true);
    assert.deepEqual(doc.warnings, VIEW.warnings);
  });

  void it('masks the id in JSON too', () => {
    const doc = JSON.parse(formatMonthExport(VIEW, 'json', { instanceId: 'VI-DEMO-01', maskIds: true })) as { instanceId: string };
    assert.equal(doc.instanceId, 'VI-***');
  });
});

void describe('formatMonthExport: markdown', () => {
  void it('writes a table with a header, an alignment row, one row per day, the totals and the warnings', () => {
    const lines = formatMonthExport(VIEW, 'markdown', { instanceId: 'VI|1' }).split('\n');
    assert.equal(lines[0], '## VI\\|1 · 2024-02');
    assert.equal(lines[2], '| Date | call_legs | call_legs_in | call_legs_out | calls_unique | duration_min | Note |');
    assert.match(lines[3] ?? '', /^\| --- \|( ---: \|){5} --- \|$/);
    assert.equal(lines[4], '| 2024-02-01 | 7 | 3 | 4 | 5 | 60 |  |');
    assert.equal(lines[5], '| 2024-02-02 | 5 | 1 | 1 | 2 | 9 | legs ≠ in + out |');
    assert.equal(lines[6], '| 2024-02-03 | 0 | 0 | 0 | 0 | 0 | future |');
    assert.equal(lines[7], '| **Total** (2 days) | **12** | **4** | **5** | **7** | **69** |  |');
    assert.ok(lines.includes('- 20240202\\: call\\_legs 5 differs from in + out (2)'), lines.join('\n'));
    // Every table row has the same number of cells, so no escaped pipe split a cell.
    const cells = lines.slice(2, 8).map((l) => l.split(/(?<!\\)\|/).length);
    assert.ok(
      cells.every((n) => n === cells[0]),
      cells.join(','),
    );
  });
});

void describe('formatMonthExport: markdown with hostile text (security)', () => {
  const hostile = [
    '[Pay now](https://evil.example/pay)',
    '![x](https://evil.example/t.png)',
    '<img src=x onerror=alert(1)>',
    '<a href="command:voiceSms.signOut">x</a>',
    'https://evil.example/a',
    'www.evil.example',
    'mail admin@evil.example',
    '&lt;b&gt; &#x3C;',
    '**bold** _em_ `code` ~~s~~',
    'a|b\n| c | d |',
    'VI #',
  ];

  void it('renders the instance id, dates and warnings as plain text: no link, image, autolink, tag or entity in every renderer', async () => {
    // `marked` is ESM-only; this test file compiles as CommonJS.
    const { marked } = await import('marked');
    for (const text of hostile) {
      const view: MonthView = { ...VIEW, warnings: [text, `day note: ${text}`] };
      const md = formatMonthExport(view, 'markdown', { instanceId: text });
      for (const [name, html] of [
        ['markdown-it', markdownIt.render(md)],
        ['marked', marked.parse(md, { gfm: true, async: false })],
      ] as const) {
        assert.doesNotMatch(html, /<a\b|<img\b/i, `${name} made a link or image of ${JSON.stringify(text)}:\n${html}`);
        // Only the tags the export itself makes: heading, table, list, strong.
        for (const tag of html.match(/<\/?([a-z0-9]+)/gi) ?? []) {
          assert.match(
            tag,
            /^<\/?(h2|table|thead|tbody|tr|th|td|ul|li|strong)$/i,
            `${name}: ${tag} from ${JSON.stringify(text)}:\n${html}`,
          );
        }
        assert.doesNotMatch(html, /<(em|code|del|s)>/, `${name}: markup from ${JSON.stringify(text)}`);
      }
      // The table keeps its shape: every row as many cells as the header.
      const rows = md.split('\n').filter((l) => l.startsWith('|'));
      const cells = rows.map((l) => l.split(/(?<!\\)\|/).length);
      assert.ok(
        cells.every((n) => n === cells[0]),
        `${JSON.stringify(text)}: ${cells.join(',')}`,
      );
    }
  });

  void it('still reads as the text: the heading shows the instance id as written', () => {
    const html = markdownIt.render(formatMonthExport(VIEW, 'markdown', { instanceId: '[Pay](https://evil.example) <b>' }));
    assert.match(html, /<h2>\[Pay\]\(https:\/\/evil\.example\) &lt;b&gt; · 2024-02<\/h2>/);
  });
});
