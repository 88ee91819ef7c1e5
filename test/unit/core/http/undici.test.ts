// core/http/undici.ts takes Agent and ProxyAgent from undici's own files instead of its index (a third of
// undici's size): they must be the very classes the index exports, with the request API the index adds.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import * as parts from '../../../../src/core/http/undici.js';
import { startLoopback } from './loopback.js';

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

  void it('are shipped without the fetch API’s body code (dist/undici.js), and still send a string body', async () => {
    // esbuild.mjs noFormDataBodies: the built bundle, as shipped, posting the way the core does (a string body).
    const { configs } = (await import(join(root, 'esbuild.mjs'))) as { configs: esbuild.BuildOptions[] };
    const main = configs.find((c) => 'undici' in (c.entryPoints as Record<string, string>))!;
    const out = mkdtempSync(join(tmpdir(), 'vstk-undici-'));
    const server = await startLoopback((_req, res, body) => res.end(`got ${body}`));
    try {
      const entry = { undici: (main.entryPoints as Record<string, string>)['undici']! };
      await esbuild.build({
        ...main,
        entryPoints: entry,
        absWorkingDir: root,
        outdir: out,
        sourcemap: false,
        metafile: false,
        logLevel: 'silent',
      });
      const built = readFileSync(join(out, 'undici.js'), 'utf8');
      assert.doesNotMatch(built, /webidl/, 'no WebIDL, fetch utilities or FormData parser');
      assert.match(built, /not shipped: a FormData request body/);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const shipped = require(join(out, 'undici.js')) as typeof parts;
      const agent = new shipped.Agent();
      try {
        const res = await agent.request({ origin: server.url, path: '/send', method: 'POST', body: 'to=+15550100' });
        assert.equal(res.statusCode, 200);
        assert.equal(await res.body.text(), 'got to=+15550100');
      } finally {
        await agent.close();
      }
    } finally {
      await server.close();
      rmSync(out, { recursive: true, force: true });
    }
  });
});
