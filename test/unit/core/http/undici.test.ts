// core/http/undici.ts takes Agent and ProxyAgent from undici's own files instead of its index (a third of
// undici's size): they must be the very classes the index exports, with the request API the index adds.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import * as parts from '../../../../src/core/http/undici.js';

const root = join(__dirname, '..', '..', '..', '..');

void describe('undici parts', () => {
  void it('are the classes the package index exports, with request and connect wired', async () => {
    const index = await import('undici');
    assert.equal(parts.Agent, index.Agent);
    assert.equal(parts.ProxyAgent, index.ProxyAgent);
    const agent = new parts.Agent();
    try {
      assert.equal(typeof agent.request, 'function');
      assert.equal(typeof agent.connect, 'function', 'ProxyAgent tunnels through connect()');
    } finally {
      await agent.close();
    }
  });

  void it('wire the request API without the package index ever loading (as in dist/core.js)', () => {
    // A fresh process: here the index is already loaded by the test above and would hide a missing wiring.
    const probe = `const p = require('./src/core/http/undici.ts');
      const a = new p.Agent();
      const indexLoaded = Object.keys(require.cache).some((k) => /undici[\\/]index\\.js$/.test(k));
      console.log(JSON.stringify({ request: typeof a.request, connect: typeof a.connect, indexLoaded }));
      void a.close();`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', probe], { cwd: root, encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), { request: 'function', connect: 'function', indexLoaded: false });
  });
});
