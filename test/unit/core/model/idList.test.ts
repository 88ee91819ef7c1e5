// Lists of instance ids as pasted or imported: separators, quotes, BOM, CRLF, CSV first column and its
// heading row, repeats within the list, the validator's sentence for an invalid entry, and the limits.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  markAdded,
  MAX_LIST_CHARS,
  MAX_LIST_ENTRIES,
  planInstanceList,
  readCsvFirstColumn,
  splitPastedList,
} from '../../../../src/core/model/idList.js';
import { validateId } from '../../../../src/core/model/ids.js';

const texts = (entries: { text: string }[]): string[] => entries.map((e) => e.text);

void describe('splitPastedList', () => {
  void it('splits on commas, semicolons, spaces, tabs and line breaks (LF, CRLF, CR), with the line of each entry', () => {
    const entries = splitPastedList('VI-1, VI-2;VI-3\tVI-4\r\nVI-5\n\n  VI-6 ,, VI-7\rVI-8');
    assert.deepEqual(texts(entries), ['VI-1', 'VI-2', 'VI-3', 'VI-4', 'VI-5', 'VI-6', 'VI-7', 'VI-8']);
    assert.deepEqual(
      entries.map((e) => e.line),
      [1, 1, 1, 1, 2, 4, 4, 5],
    );
  });

  void it('takes a JSON array or quoted ids, and skips a BOM', () => {
    assert.deepEqual(texts(splitPastedList('\uFEFF["VI-1", "VI-2"]')), ['VI-1', 'VI-2']);
    assert.deepEqual(texts(splitPastedList('\'VI-3\' "VI-4"')), ['VI-3', 'VI-4']);
    assert.deepEqual(texts(splitPastedList('\uFEFFVI-1')), ['VI-1']);
  });

  void it('an empty or blank paste has no entries', () => {
    assert.deepEqual(splitPastedList(''), []);
    assert.deepEqual(splitPastedList(' ,\n\r\n ; '), []);
  });

  void it('refuses a list over the limits, whole', () => {
    const many = Array.from({ length: MAX_LIST_ENTRIES + 1 }, (_, i) => `VI-${i}`).join('\n');
    assert.throws(() => splitPastedList(many), /at most 1000 can be added at once/);
    assert.equal(splitPastedList(many.split('\n').slice(0, MAX_LIST_ENTRIES).join(',')).length, MAX_LIST_ENTRIES);
    assert.throws(() => splitPastedList('x'.repeat(MAX_LIST_CHARS + 1)), /larger than 1024 KiB/);
  });
});

void describe('readCsvFirstColumn', () => {
  void it('reads the first field of each record, CRLF or LF, skipping blank records and a BOM', () => {
    const entries = readCsvFirstColumn('\uFEFFinstance,office\r\nVI-1,Berlin\r\n\r\nVI-2,"Paris, FR"\nVI-3\n');
    assert.deepEqual(texts(entries), ['instance', 'VI-1', 'VI-2', 'VI-3']);
    assert.deepEqual(
      entries.map((e) => e.line),
      [1, 2, 4, 5],
    );
  });

  void it('unquotes a quoted first field, with "" as a quote, delimiters and line breaks inside', () => {
    const entries = readCsvFirstColumn('"VI-1","x"\n"VI ""2""",y\n"VI\n3",z\nVI-4,"a\nb",c\nVI-5');
    assert.deepEqual(texts(entries), ['VI-1', 'VI "2"', 'VI\n3', 'VI-4', 'VI-5']);
    // A quoted line break counts: the records after it keep their real line numbers.
    assert.deepEqual(
      entries.map((e) => e.line),
      [1, 2, 3, 5, 7],
    );
  });

  void it('takes ; or tab as the delimiter when the first line uses it', () => {
    assert.deepEqual(texts(readCsvFirstColumn('id;name\nVI-1;a,b\n')), ['id', 'VI-1']);
    assert.deepEqual(texts(readCsvFirstColumn('id\tname\nVI-1\tx\n')), ['id', 'VI-1']);
  });

  void it('keeps an unterminated quote to the end of the file (the validator then refuses the line break)', () => {
    assert.deepEqual(texts(readCsvFirstColumn('VI-1\n"VI-2\nVI-3')), ['VI-1', 'VI-2\nVI-3']);
  });
});

void describe('planInstanceList', () => {
  const entry = (text: string, line: number): { text: string; line: number } => ({ text, line });

  void it('sorts entries into new, already listed, repeated and invalid, quoting the validator', () => {
    const plan = planInstanceList(
      [entry('VI-1', 1), entry('VI-2', 2), entry('VI/3', 3), entry('VI-1', 4), entry('VI-9', 5), entry('..', 6)],
      ['VI-9'],
    );
    assert.deepEqual(plan.notAdded, ['VI-1', 'VI-2']);
    assert.deepEqual(plan.alreadyListed, ['VI-9']);
    assert.deepEqual(plan.repeated, ['VI-1']);
    assert.deepEqual(plan.added, []);
    const reason = (text: string): string => {
      try {
        validateId('instanceId', text);
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    };
    assert.deepEqual(plan.invalid, [
      { text: 'VI/3', line: 3, reason: reason('VI/3') },
      { text: '..', line: 6, reason: reason('..') },
    ]);
    assert.match(plan.invalid[0]?.reason ?? '', /^Invalid instanceId: must not contain "\/"$/);
    assert.deepEqual(
      plan.entries.map((e) => e.outcome),
      ['notAdded', 'notAdded', 'invalid', 'repeated', 'alreadyListed', 'invalid'],
    );
  });

  void it('a first CSV row that is not a valid id, or reads as a heading, is the heading: reported, not invalid', () => {
    const heading = planInstanceList([entry('Voice Instance ID', 1), entry('VI-1', 2)], [], { firstIsHeader: true });
    assert.deepEqual(heading.header, { text: 'Voice Instance ID', line: 1, reason: 'reads as a column heading' });
    assert.deepEqual(heading.invalid, []);
    assert.deepEqual(heading.notAdded, ['VI-1']);

    const refused = planInstanceList([entry('id/name', 1), entry('VI-1', 2)], [], { firstIsHeader: true });
    assert.match(refused.header?.reason ?? '', /must not contain "\/"/);
    assert.deepEqual(refused.invalid, []);

    const data = planInstanceList([entry('VI-0', 1), entry('VI-1', 2)], [], { firstIsHeader: true });
    assert.equal(data.header, undefined, 'a first row that is an id is data');
    assert.deepEqual(data.notAdded, ['VI-0', 'VI-1']);

    const pasted = planInstanceList([entry('instance', 1)], []);
    assert.deepEqual(pasted.notAdded, ['instance'], 'a pasted list has no heading');
  });

  void it('markAdded moves the written ids from notAdded to added', () => {
    const plan = planInstanceList([entry('VI-1', 1), entry('VI-2', 2)], []);
    const done = markAdded(plan, ['VI-2']);
    assert.deepEqual(done.added, ['VI-2']);
    assert.deepEqual(done.notAdded, ['VI-1']);
    assert.deepEqual(
      done.entries.map((e) => e.outcome),
      ['notAdded', 'added'],
    );
  });
});

void describe('look-alike ids (compared by their NFKC form)', () => {
  // Written out here, not taken from the product: the full-width letters, and e + U+0301 COMBINING ACUTE ACCENT.
  const fullWidthVI1 = '\uFF36\uFF29-1';
  const decomposedCafe = 'cafe\u0301';

  void it('refuses an entry that looks like a listed id, saying which', () => {
    const plan = planInstanceList(
      [
        { text: fullWidthVI1, line: 1 },
        { text: decomposedCafe, line: 2 },
        { text: 'VI-2', line: 3 },
      ],
      ['VI-1', 'caf\u00e9'],
    );
    assert.deepEqual(plan.notAdded, ['VI-2']);
    assert.deepEqual(
      plan.invalid.map((i) => i.text),
      [fullWidthVI1, decomposedCafe],
    );
    assert.match(plan.invalid[0]?.reason ?? '', /looks the same as VI-1, which is already listed/);
    assert.match(plan.invalid[1]?.reason ?? '', /looks the same as caf\u00e9, which is already listed/);
  });

  void it('refuses the second of two look-alikes within one list, naming the first and its line', () => {
    const plan = planInstanceList(
      [
        { text: 'caf\u00e9', line: 1 },
        { text: decomposedCafe, line: 4 },
        { text: 'caf\u00e9', line: 5 },
      ],
      [],
    );
    assert.deepEqual(plan.notAdded, ['caf\u00e9']);
    assert.deepEqual(plan.repeated, ['caf\u00e9'], 'the same characters again are a repeat, not a look-alike');
    assert.equal(plan.invalid.length, 1);
    assert.match(plan.invalid[0]?.reason ?? '', /looks the same as caf\u00e9 \(line 1\)/);
  });
});
