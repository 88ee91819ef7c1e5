// The first request of a window loads only what it uses (issue 34): the shipped dist/core.js carries neither undici
// nor the phone metadata nor the SMS segment counter; each is a bundle of its own that the core requires on first
// use. Built from esbuild.mjs's own config into a temp folder (the shipped layout), then loaded in a fresh process
// that reads a month view the way the editor does (Node's http, as NodeHttpTransport takes the editor's), then
// checks an SMS destination and body, then reads over the bundled undici client (loopback, outside the editor).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { start, type Simulator } from '../../../src/simulator/index.js';

const root = join(__dirname, '..', '..', '..');
const CREDENTIALS = { accessKeyId: 'AKID-LAZY-PARTS-7Q2', secretAccessKey: 'lazy-parts-secret-never-echo-4k' };

/** Runs in the fresh process: which files of the build folder are loaded after each step. */
const PROBE = `
const path = require('node:path');
const [dir, baseUrl, keyId, secret] = process.argv.slice(1);
const loaded = () => Object.keys(require.cache).filter((k) => path.dirname(k) === dir).map((k) => path.basename(k)).sort();
const before = new Set(process.moduleLoadList);
const core = require(path.join(dir, 'core.js'));
const builtinsLoaded = process.moduleLoadList.filter((m) => !before.has(m) && /^NativeModule (tls|crypto|net|http|https|fs[/]promises)$/.test(m));
const http = require('node:http');
const https = require('node:https');
const credentials = { accessKeyId: keyId, secretAccessKey: secret };
(async () => {
  const steps = { required: loaded(), builtinsLoaded };
  const editorLike = core.createClient({
    baseUrl,
    credentials,
    transport: (o) => new core.NodeHttpTransport({ ...o, modules: { http, https }, ownAgents: true }),
  });
  const month = await editorLike.getMonthView('VI-DEMO-01', '202610');
  steps.monthViewRead = loaded();
  core.normalizeE164('+4915123456789');
  steps.phoneChecked = loaded();
  core.analyzeBody('Hello from the lazily loaded parts');
  steps.bodyAnalysed = loaded();
  const bundled = core.createClient({ baseUrl, credentials });
  const again = await bundled.getMonthView('VI-DEMO-01', '202610');
  steps.bundledRead = loaded();
  steps.sameFigures = month.view !== undefined && JSON.stringify(month.view) === JSON.stringify(again.view);
  await Promise.all([editorLike.close(), bundled.close()]);
  console.log(JSON.stringify(steps));
})().catch((e) => { console.error(e); process.exit(1); });
`;

let out: string;
let sim: Simulator;

void describe('dist/core.js and the parts it loads on first use', () => {
  before(async () => {
    const { configs } = (await import(join(root, 'esbuild.mjs'))) as { configs: esbuild.BuildOptions[] };
    const main = configs.find((c) => 'core' in (c.entryPoints as Record<string, string>));
    if (!main) throw new Error('esbuild.mjs has no core entry');
    const { extension: _extension, features: _features, ...shared } = main.entryPoints as Record<string, string>;
    out = mkdtempSync(join(tmpdir(), 'vstk-lazy-parts-'));
    await esbuild.build({
      ...main,
      entryPoints: shared,
      absWorkingDir: root,
      outdir: out,
      minify: true,
      sourcemap: false,
      metafile: false,
    });
    sim = await start({ credentials: CREDENTIALS, controlEndpoint: false });
  });
  after(async () => {
    await sim?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  void it('carries neither undici, nor the phone metadata, nor the segment counter', () => {
    const core = readFileSync(join(out, 'core.js'), 'utf8');
    // undici's HTTP parser (WebAssembly, base64), the metadata's country table, one of the counter's methods.
    for (const [part, mark] of [
      ['undici.js', 'llhttp'],
      ['phone.js', 'country_calling_codes'],
      ['segments.js', 'getNonGsmCharacters'],
    ] as const) {
      assert.ok(readFileSync(join(out, part), 'utf8').includes(mark), `${mark} marks ${part}`);
      assert.ok(!core.includes(mark), `dist/core.js holds what ${part} carries (${mark})`);
    }
  });

  void it('a month view read loads the core alone; SMS loads the phone metadata and the counter; loopback undici', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-e', PROBE, out, sim.url, CREDENTIALS.accessKeyId, CREDENTIALS.secretAccessKey],
      {
        cwd: out,
        encoding: 'utf8',
      },
    );
    const steps = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    assert.deepEqual(steps, {
      required: ['core.js'],
      // Node's tls alone costs ~18 ms to load in a fresh process, crypto ~8, fs/promises ~2 (bench row "process
      // start"); an extension host holds them already, and a loopback read never needs tls (src/core/nodeBuiltins.ts,
      // esbuild.mjs l10nContentsOnly).
      builtinsLoaded: [],
      // The client's answer boundary knows its credentials, so the readings of a secret in every spelling load
      // with it (src/shared/redact.ts, 5 KB).
      monthViewRead: ['core.js', 'spelled.js'],
      phoneChecked: ['core.js', 'phone.js', 'spelled.js'],
      bodyAnalysed: ['core.js', 'phone.js', 'segments.js', 'spelled.js'],
      bundledRead: ['core.js', 'phone.js', 'segments.js', 'spelled.js', 'undici.js'],
      sameFigures: true,
    });
  });
});
