// `npm run docs:operations`: writes the table of the service's operations in docs/service.md from the one place
// they are declared, src/core/api/operations.ts, between the page's two marker lines (everything else on the
// page is kept). test/unit/docs/operations.test.ts fails when the page and the code differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATION_NAMES, OPERATIONS, type OperationSpec } from '../src/core/api/operations.js';

export const OPERATIONS_PAGE = 'docs/service.md';
export const TABLE_START = '<!-- operations: written by npm run docs:operations from src/core/api/operations.ts -->';
export const TABLE_END = '<!-- end of operations -->';

const QUEUE: Record<OperationSpec['priority'], string> = {
  high: 'first',
  normal: 'in turn',
  highThisMonth: 'first for the current month, else in turn',
  unqueued: 'never waits for the reads',
};

function size(bytes: number): string {
  const MiB = 1024 * 1024;
  return bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes / 1024} KiB`;
}

/** The table, one row per operation in the table's order. */
export function operationsTable(): string {
  const rows = OPERATION_NAMES.map((name) => {
    const op: OperationSpec = OPERATIONS[name];
    const cells = [
      `\`${name}\``,
      `\`${op.method} /${op.route}\``,
      op.summary,
      size(op.maxBytes),
      QUEUE[op.priority],
      op.retry ? 'yes' : 'never',
      op.seedForm,
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return [
    '| Operation | Request | What it is | Answer cap | Queue | Retried | Credentials (`seed`) |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** `page` with the text between its markers replaced by the table; throws when a marker is missing. */
export function withOperationsTable(page: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${OPERATIONS_PAGE} needs the lines ${TABLE_START} and ${TABLE_END}, in that order.`);
  return `${page.slice(0, start + TABLE_START.length)}\n${operationsTable()}\n${page.slice(end)}`;
}

if (require.main === module) {
  const file = join(__dirname, '..', OPERATIONS_PAGE);
  writeFileSync(file, withOperationsTable(readFileSync(file, 'utf8')));
  console.log(`${OPERATIONS_PAGE}: ${OPERATION_NAMES.length} operations written from src/core/api/operations.ts.`);
}
