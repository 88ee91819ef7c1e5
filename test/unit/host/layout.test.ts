// The house rules a newcomer relies on (docs/development.md, Layout): the entry point stays a short table
// of contents, and the top of src/host holds rooms (folders), not loose files.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const root = join(__dirname, '..', '..', '..');

void describe('the house rules', () => {
  void it('src/extension.ts is under 80 lines', () => {
    const lines = readFileSync(join(root, 'src', 'extension.ts'), 'utf8')
      .trimEnd()
      .split('\n').length;
    assert.ok(lines < 80, `src/extension.ts has ${lines} lines; move the wiring into the room it belongs to`);
  });

  void it('the top of src/host holds folders and at most a handful of files', () => {
    const files = readdirSync(join(root, 'src', 'host'), { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
    assert.ok(files.length <= 5, `loose files at the top of src/host: ${files.join(', ')}`);
  });

  void it('a command failure reaches the user from one place: only commands/table.ts calls showError', () => {
    const callers: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else if (e.name.endsWith('.ts') && /\bshowError\(/.test(readFileSync(path, 'utf8'))) callers.push(path.slice(root.length + 1));
      }
    };
    walk(join(root, 'src', 'shell'));
    walk(join(root, 'src', 'host'));
    assert.deepEqual(callers.sort(), ['src/host/commands/table.ts', 'src/host/platform/errors.ts']);
  });
});
