// The docs' list of the service's operations is the code's (src/core/api/operations.ts): docs/service.md's table is
// what `npm run docs:operations` writes, every request a page names (`GET /v1/…`, a `/v1/…` path) is one of the
// table's with its method, and no page counts the operations or the reads otherwise. Each detector is also shown
// the sentences that drifted before, and must flag them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { OPERATION_NAMES, OPERATIONS, READ_OPERATIONS } from '../../../src/core/api/operations.js';
import { OPERATIONS_PAGE, operationsTable, TABLE_END, TABLE_START, withOperationsTable } from '../../../scripts/operationsDoc.js';

const root = path.join(__dirname, '..', '..', '..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
/** Every page that describes the product as it is (CHANGELOG tells what it was). */
const PAGES = [
  'README.md',
  'src/simulator/README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Each operation's request line as a pattern: any text (a spec name like `{VVINS}`, or a value) for a parameter. */
const ROUTES = OPERATION_NAMES.map((name) => ({
  method: OPERATIONS[name].method,
  path: new RegExp(`^/${OPERATIONS[name].route.replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/** `/v1/…` paths a text names that no operation has, or with a method that is not the operation's. */
export function unknownRequests(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\b(GET|POST|PUT|PATCH|DELETE) )?(\/v1\/[^\s`|)"]*)/g)) {
    const [said, method, named] = [m[0], m[1], m[2]!];
    const route = ROUTES.find((r) => r.path.test(named));
    if (!route) out.push(`no such operation: ${said}`);
    else if (method !== undefined && method !== route.method) out.push(`${said}: the operation is ${route.method}`);
  }
  return out;
}

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** A count in figures or words, a capital allowed at a sentence's start. */
const NUMBER = `(\\d+|${Object.keys(NUMBERS)
  .map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`)
  .join('|')})`;

/** "the four operations", "the three GET operations", "the three GETs" that the table does not count so (not the fault matrix's "× 4 operations"). */
export function operationCounts(text: string, all: number, reads: number): string[] {
  const flat = text.replace(/\s+/g, ' ');
  const out: string[] = [];
  // Case matters: "GETs" are requests, "30 gets" is not.
  const pattern = new RegExp(String.raw`(×\s*)?\b${NUMBER} (?:(GET|read) operations|(GET)s|(?:service |\/v1 |\x60\/v1\x60 )?operations)\b`, 'g');
  for (const m of flat.matchAll(pattern)) {
    if (m[1]) continue;
    const n = NUMBERS[m[2]!.toLowerCase()] ?? Number(m[2]);
    const want = m[3] || m[4] ? reads : all;
    if (n !== want) out.push(m[0]);
  }
  return out;
}

void describe("the docs' list of operations is the table's", () => {
  void it(`${OPERATIONS_PAGE} carries the table npm run docs:operations writes`, () => {
    const page = read(OPERATIONS_PAGE);
    assert.ok(page.includes(TABLE_START) && page.includes(TABLE_END), `${OPERATIONS_PAGE} lacks the table's markers`);
    assert.equal(page, withOperationsTable(page), `${OPERATIONS_PAGE} differs from src/core/api/operations.ts: run npm run docs:operations`);
  });

  void it('names every operation in one row, with its method, route and answer cap', () => {
    const rows = operationsTable().split('\n').slice(2);
    assert.equal(rows.length, OPERATION_NAMES.length);
    OPERATION_NAMES.forEach((name, i) => {
      const op = OPERATIONS[name];
      assert.ok(rows[i]!.startsWith(`| \`${name}\` | \`${op.method} /${op.route}\` |`), rows[i]);
    });
    assert.match(rows[OPERATION_NAMES.indexOf('sms')]!, /\| 256 KiB \| never waits for the reads \| never \| signed \|$/);
  });

  void it('every page names only requests the table has, with their methods', () => {
    // docs/development.md's "Adding an operation" walks through a made-up one: its requests are examples.
    const withoutExamples = (p: string): string =>
      p === 'docs/development.md' ? read(p).replace(/^## Adding an operation\n[\s\S]*?(?=^## )/m, '') : read(p);
    assert.ok(withoutExamples('docs/development.md') !== read('docs/development.md'), 'docs/development.md has no "Adding an operation"');
    assert.deepEqual(
      PAGES.flatMap((p) => unknownRequests(withoutExamples(p)).map((x) => `${p}: ${x}`)),
      [],
    );
  });

  void it('no page counts the operations or the reads otherwise', () => {
    assert.deepEqual(
      PAGES.flatMap((p) => operationCounts(read(p), OPERATION_NAMES.length, READ_OPERATIONS.length).map((x) => `${p}: ${x}`)),
      [],
    );
  });
});

void describe('operations detectors flag what drifted', () => {
  void it('a table that is not the code', () => {
    const page = `# Service\n\n${TABLE_START}\n| Operation |\n|---|\n| \`calls\` |\n${TABLE_END}\n`;
    assert.notEqual(withOperationsTable(page), page);
    assert.throws(() => withOperationsTable('# Service\n'), /needs the lines/);
  });

  void it('a request no operation has, or with another method', () => {
    assert.deepEqual(unknownRequests('`GET /v1/vvoice/{VVINS}/calls/{MONTHID}` and `GET /v1/account/ACC-1/balance`'), []);
    assert.deepEqual(unknownRequests('`GET /v1/message/sms`, `POST /v1/vvoice/{VVINS}/calls/{MONTHID}`, `/v1/account/{ACCNT}/credit`'), [
      'GET /v1/message/sms: the operation is POST',
      'POST /v1/vvoice/{VVINS}/calls/{MONTHID}: the operation is GET',
      'no such operation: /v1/account/{ACCNT}/credit',
    ]);
  });

  void it('counts that are not the table', () => {
    const old = 'serves the four operations; the three GET operations; only the three GETs; 19 faults × 4 operations';
    assert.deepEqual(operationCounts(old, 4, 3), []);
    assert.deepEqual(operationCounts(old, 5, 4), ['four operations', 'three GET operations', 'three GETs']);
    assert.deepEqual(operationCounts('Four operations are served. 30 gets.', 5, 4), ['Four operations']);
  });
});
