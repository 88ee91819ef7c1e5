// The runtime of the MCP setup snippet (src/host/mcp/runtime.ts): the first node on PATH that is at least
// 20.18.1 (undici 7's floor), by the path PATH gives; too old, missing or broken ones are skipped.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { nodeOnPath, nodeVersionOk } from '../../../../src/host/mcp/runtime.js';

const work = mkdtempSync(join(tmpdir(), 'vstk-runtime-'));
after(() => rmSync(work, { recursive: true, force: true }));

function fakeNode(dir: string, output: string): string {
  const d = join(work, dir);
  mkdirSync(d, { recursive: true });
  const file = join(d, 'node');
  writeFileSync(file, `#!/bin/sh\n${output}\n`);
  chmodSync(file, 0o755);
  return d;
}

void describe('MCP runtime', () => {
  void it('compares versions against 20.18.1', () => {
    assert.equal(nodeVersionOk('v20.18.0'), false);
    assert.equal(nodeVersionOk('v20.18.1\n'), true);
    assert.equal(nodeVersionOk('v20.19.0'), true);
    assert.equal(nodeVersionOk('v18.20.4'), false);
    assert.equal(nodeVersionOk('v24.0.0'), true);
    assert.equal(nodeVersionOk('not a version'), false);
  });

  void it('takes the first recent enough node on PATH', { skip: process.platform === 'win32' }, async () => {
    const old = fakeNode('old', 'echo v18.20.0');
    const broken = fakeNode('broken', 'exit 3');
    const good = fakeNode('good', 'echo v22.11.0');
    const later = fakeNode('later', 'echo v24.1.0');
    assert.equal(await nodeOnPath([join(work, 'missing'), 'relative/bin', old, broken, good, later].join(delimiter)), join(good, 'node'));
    assert.equal(await nodeOnPath([old, broken].join(delimiter)), undefined);
  });
});
