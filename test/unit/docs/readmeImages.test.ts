// The README shows the real UI: every image it links must be in the repository (npm run screenshots
// refreshes them), and every committed screenshot should be worth showing somewhere.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const root = path.join(__dirname, '..', '..', '..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const linked = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((p) => !/^https?:/.test(p));

void describe('README images', () => {
  void it('links screenshots at all', () => {
    assert.ok(linked.length >= 20, `only ${linked.length} images linked`);
  });

  void it('every linked image exists in the repository', () => {
    const missing = linked.filter((p) => !existsSync(path.join(root, p)));
    assert.deepEqual(missing, [], `README links images that are not committed (run npm run screenshots): ${missing.join(', ')}`);
  });
});
