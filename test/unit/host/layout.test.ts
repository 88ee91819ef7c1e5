// The house rules a newcomer relies on (docs/development.md, Layout): the entry point stays a short table
// of contents, and the top of src/host holds rooms (folders), not loose files.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(import.meta.dirname, '..', '..', '..');

test('src/extension.ts is under 80 lines', () => {
  const lines = readFileSync(join(root, 'src', 'extension.ts'), 'utf8')
    .trimEnd()
    .split('\n').length;
  assert.ok(lines < 80, `src/extension.ts has ${lines} lines; move the wiring into the room it belongs to`);
});

test('the top of src/host holds folders and at most a handful of files', () => {
  const files = readdirSync(join(root, 'src', 'host'), { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
  assert.ok(files.length <= 5, `loose files at the top of src/host: ${files.join(', ')}`);
});
