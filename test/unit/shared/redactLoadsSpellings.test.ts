// The activation bundle does not carry the readings of a secret in every spelling (src/shared/spelledText.ts): the
// redacting logger's KnownSecrets loads them with the first secret registered, from dist/spelled.js in the shipped
// files. Built with esbuild.mjs's own config and plugins; then, in a fresh process, the shipped layout masks an
// escaped and a look-alike spelling of a secret as the sources do, and loads spelled.js only once a secret is known.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { KnownSecrets, redact } from '../../../src/shared/redact.js';

const root = join(__dirname, '..', '..', '..');
const SECRET = 'sp3lled-Secret/Value+Kx9';
const KEY_ID = 'AKIDSPELLED42';
/** The secret percent-encoded, as a JSON string escape, and in full-width look-alikes, each inside a log line. */
const LINES = [
  `answer: secret=${encodeURIComponent(SECRET)}&x=1`,
  `{"echo":"${[...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`,
  `echo ${[...SECRET].map((c) => (/[a-z]/i.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('')} end`,
];

/** Runs in the fresh process: which files of the build folder are loaded, and the lines as the shipped copy masks them. */
const PROBE = `
const path = require('node:path');
const [dir, keyId, secret, lines] = process.argv.slice(1);
const loaded = () => Object.keys(require.cache).filter((k) => path.dirname(k) === dir).map((k) => path.basename(k)).sort();
const { KnownSecrets, redact } = require(path.join(dir, 'redact.js'));
const known = new KnownSecrets();
const before = { loaded: loaded(), plain: redact('nothing secret here', known) };
known.addCredentials(keyId, secret);
console.log(JSON.stringify({ before, after: loaded(), masked: JSON.parse(lines).map((l) => redact(l, known)) }));
`;

let out: string;
let configs: esbuild.BuildOptions[];

void describe('the redacting logger loads the spellings with the first secret', () => {
  before(async () => {
    ({ configs } = (await import(join(root, 'esbuild.mjs'))) as { configs: esbuild.BuildOptions[] });
    out = mkdtempSync(join(tmpdir(), 'vstk-spelled-'));
  });
  after(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  void it('dist/extension.js does not carry spelledText.ts', async () => {
    const main = configs.find((c) => 'extension' in (c.entryPoints as Record<string, string>))!;
    const entries = main.entryPoints as Record<string, string>;
    const r = await esbuild.build({
      ...main,
      entryPoints: { extension: entries['extension']! },
      absWorkingDir: root,
      write: false,
      metafile: true,
      minify: true,
      sourcemap: false,
      logLevel: 'silent',
    });
    const inputs = Object.keys(r.metafile.inputs);
    assert.ok(inputs.includes('src/shared/redact.ts'), 'the activation bundle masks log lines itself');
    assert.ok(!inputs.includes('src/shared/spelledText.ts'), 'spelledText.ts is in dist/extension.js');
    assert.match(r.outputFiles.find((f) => f.path.endsWith('extension.js'))!.text, /require\("\.\/spelled\.js"\)/);
  });

  void it('the shipped layout masks every spelling as the sources do, loading spelled.js with the first secret', async () => {
    const main = configs.find((c) => 'spelled' in (c.entryPoints as Record<string, string>))!;
    const entries = main.entryPoints as Record<string, string>;
    await esbuild.build({
      ...main,
      entryPoints: { redact: 'src/shared/redact.ts', spelled: entries['spelled']! },
      absWorkingDir: root,
      outdir: out,
      minify: true,
      sourcemap: false,
      metafile: false,
      logLevel: 'silent',
    });
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', PROBE, out, KEY_ID, SECRET, JSON.stringify(LINES)], {
      cwd: out,
      encoding: 'utf8',
    });
    const shipped = JSON.parse(stdout.trim()) as { before: unknown; after: string[]; masked: string[] };
    assert.deepEqual(shipped.before, { loaded: ['redact.js'], plain: 'nothing secret here' });
    assert.deepEqual(shipped.after, ['redact.js', 'spelled.js']);
    const known = new KnownSecrets();
    known.addCredentials(KEY_ID, SECRET);
    const fromSources = LINES.map((l) => redact(l, known));
    assert.deepEqual(shipped.masked, fromSources);
    for (const line of shipped.masked) assert.ok(!line.includes('Kx9') && !line.includes('Ｋｘ9') && !line.includes('4b'), line);
  });
});
