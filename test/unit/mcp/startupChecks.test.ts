// The built server asked by a person (--help, --version: printed, exit 0) and started where it cannot work (no base
// URL, an address that is not a URL, plain http:// to another host): one sentence on stderr naming the variable,
// never its value, nothing on stdout, and a non-zero exit — instead of a server whose every call fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildServer, root } from './harness.js';

let built: Awaited<ReturnType<typeof buildServer>>;
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

function run(args: string[], env: Record<string, string> = {}): { status: number | null; stderr: string; stdout: string } {
  const r = spawnSync(process.execPath, [built.mcpJs, ...args], {
    input: '',
    encoding: 'utf8',
    timeout: 20_000,
    env: { PATH: process.env['PATH'] ?? '', ...env },
  });
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

void describe('MCP server: --help, --version and a server that cannot work', { timeout: 120_000 }, () => {
  before(async () => {
    built = await buildServer();
  });
  after(() => built?.dispose());

  void it('--help prints the flags and the variables on stdout and exits 0, whatever else the line holds', () => {
    for (const args of [['--help'], ['-h'], ['--demo', '--help'], ['--allowsend', '--help']]) {
      const r = run(args);
      assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stdout, /^voice-sms-toolkit MCP server /);
      for (const word of ['--allow-send', '--max-sends-per-hour N', '--demo', 'VOICESMS_BASE_URL', 'VOICESMS_SECRET_ACCESS_KEY']) {
        assert.ok(r.stdout.includes(word), `${word} in --help`);
      }
      // Issue 50: the cap is per profile and rolling hour across restarts (a state file), not per process.
      assert.doesNotMatch(r.stdout, /per process|from this process/);
      assert.match(
        r.stdout.replace(/\s+/g, ' '),
        /at most N messages per rolling hour and profile, sent or declined, counted across restarts/,
      );
    }
  });

  void it('--version prints the version of package.json and exits 0', () => {
    const r = run(['--version']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `${version}\n`);
  });

  void it('no base URL, or one that cannot be used: one sentence on stderr naming the variable, and a non-zero exit', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /VOICESMS_BASE_URL is not set.*--demo/],
      [{ VOICESMS_BASE_URL: '   ' }, /VOICESMS_BASE_URL is not set/],
      [{ VOICESMS_BASE_URL: 'svc.corp.test/v1' }, /VOICESMS_BASE_URL is not an absolute URL/],
      [{ VOICESMS_BASE_URL: 'http://svc.corp.test' }, /VOICESMS_BASE_URL uses plain http:\/\/ for a host that is not this computer/],
      [{ VOICESMS_BASE_URL: 'http://svc.corp.test/?token=tk-77' }, /VOICESMS_BASE_URL uses plain http:\/\//],
      [{ VOICESMS_BASE_URL: 'ftp://svc.corp.test' }, /VOICESMS_BASE_URL must start with https:\/\//],
    ];
    for (const [env, sentence] of cases) {
      const r = run([], { ...env, VOICESMS_ACCESS_KEY_ID: 'AKID', VOICESMS_SECRET_ACCESS_KEY: 'secret-Xy7' });
      assert.notEqual(r.status, 0, JSON.stringify(env));
      assert.equal(r.stdout, '', 'nothing on the protocol channel');
      assert.match(r.stderr, sentence);
      assert.match(r.stderr, /cannot work and stops/);
      assert.ok(
        !r.stderr.includes('svc.corp.test') && !r.stderr.includes('tk-77') && !r.stderr.includes('secret-Xy7'),
        'no value repeated',
      );
    }
  });

  void it('a loopback http:// address and --demo start as before', () => {
    // Started with empty stdin: the server comes up, and stops when the client (none) closes its input.
    for (const [args, env] of [
      [[], { VOICESMS_BASE_URL: 'http://127.0.0.1:9' }],
      [['--demo'], {}],
    ] as const) {
      const r = run([...args], env);
      assert.equal(r.status, 0, r.stderr);
      assert.doesNotMatch(r.stderr, /cannot work/);
    }
  });
});
