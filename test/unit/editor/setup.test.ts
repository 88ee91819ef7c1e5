// `npm test` and `npm start` begin with scripts/editor/setup.ts: on a machine without the system
// packages it installs them (root or sudo) or stops within seconds printing the one command to run,
// and the browser tests fail at once, never waiting on a timeout. These run the real scripts as child
// processes with the browser pointed at nothing, and the planner on every kind of machine.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../../../scripts/editor/paths.js';
import { aptCommand, hostProbe, missingPackages, planSetup, REQUIREMENTS, type Probe } from '../../../scripts/editor/systemPackages.js';

const tsx = ['--import', 'tsx'];

function run(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): { status: number | null; output: string; ms: number } {
  const started = Date.now();
  // Without the runner's own marker, a nested `node --test` reports as a top-level run would.
  const { NODE_TEST_CONTEXT: _, ...clean } = env;
  const r = spawnSync(process.execPath, [...tsx, ...args], { cwd: repoRoot, env: clean, encoding: 'utf8', timeout: timeoutMs });
  return { status: r.status, output: `${r.stdout}${r.stderr}`, ms: Date.now() - started };
}

/** A machine where everything is present except what `absent` names. */
function probe(absent: string[] = []): Probe {
  const gone = (x: string): boolean => absent.some((a) => x.includes(a));
  return { isExecutable: (f) => !gone(f), exists: (f) => !gone(f), onPath: (c) => !gone(c), chromium: '/usr/bin/chromium-headless-shell' };
}

void describe('setup: system packages before any test', () => {
  void it('with VSTK_CHROMIUM pointed at nothing, stops within seconds with the command to run', () => {
    const r = run(
      ['scripts/editor/setup.ts', 'test'],
      { ...process.env, VSTK_CHROMIUM: path.join(os.tmpdir(), 'no-such-chromium') },
      30_000,
    );
    assert.equal(r.status, 1, r.output);
    assert.ok(r.ms < 15_000, `took ${r.ms} ms`);
    assert.match(r.output, /VSTK_CHROMIUM points at .*no-such-chromium/);
    assert.ok(r.output.includes(aptCommand(['chromium-headless-shell'])), r.output);
  });

  void it('without apt-get (and without curl), stops within seconds naming the packages and the apt line', () => {
    // A PATH holding only what the probe may find: the build tools and openssl, but no curl, apt-get or sudo.
    const bin = mkdtempSync(path.join(os.tmpdir(), 'vstk-setup-path-'));
    try {
      for (const tool of ['openssl', 'python3', 'make', 'g++']) {
        const found = hostProbe().onPath(tool) ? spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim() : '';
        if (found) symlinkSync(found, path.join(bin, tool));
      }
      const r = run(['scripts/editor/setup.ts', 'test'], { ...process.env, PATH: bin, VSTK_CHROMIUM: '' }, 30_000);
      assert.equal(r.status, 1, r.output);
      assert.ok(r.ms < 15_000, `took ${r.ms} ms`);
      assert.match(r.output, /curl +runs the generated "Copy as cURL" commands/);
      assert.match(r.output, /no apt-get/);
      assert.match(r.output, /apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends .*\bcurl\b/);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  void it('the browser tests fail at once with the command when the browser is missing', () => {
    const r = run(
      ['--test', '--test-reporter=spec', '--test-timeout=60000', 'test/unit/webview/webviews.browser.test.ts'],
      { ...process.env, VSTK_CHROMIUM: path.join(os.tmpdir(), 'no-such-chromium') },
      60_000,
    );
    assert.notEqual(r.status, 0);
    assert.ok(r.ms < 30_000, `took ${r.ms} ms: a test waited for the browser`);
    assert.match(r.output, /Chromium not found at .*no-such-chromium/);
    assert.match(r.output, /npm run setup/);
    assert.match(r.output, /ℹ pass 0/);
  });

  void it('plans: nothing missing → ready; root → apt-get; user with sudo → sudo apt-get; user without → stop', () => {
    assert.deepEqual(planSetup(missingPackages('test', probe(), false), { isRoot: false, sudo: false, apt: true }), { kind: 'ready' });
    const missing = missingPackages('test', probe(['chromium', 'gssapi']), false);
    assert.deepEqual(
      missing.map((r) => r.pkg),
      ['chromium-headless-shell', 'libkrb5-dev'],
    );
    const root = planSetup(missing, { isRoot: true, sudo: false, apt: true });
    assert.deepEqual(root, {
      kind: 'install',
      packages: ['chromium-headless-shell', 'libkrb5-dev'],
      commands: [
        ['apt-get', 'update', '-qq'],
        [
          'env',
          'DEBIAN_FRONTEND=noninteractive',
          'apt-get',
          'install',
          '-y',
          '-qq',
          '--no-install-recommends',
          'chromium-headless-shell',
          'libkrb5-dev',
        ],
      ],
    });
    const sudo = planSetup(missing, { isRoot: false, sudo: true, apt: true });
    assert.ok(sudo.kind === 'install' && sudo.commands.every((c) => c[0] === 'sudo'));
    const stop = planSetup(missing, { isRoot: false, sudo: false, apt: true });
    assert.ok(
      stop.kind === 'stop' &&
        stop.message.includes(aptCommand(['chromium-headless-shell', 'libkrb5-dev'])) &&
        /needs root/.test(stop.message),
    );
  });

  void it('npm start needs only what builds code-server, and nothing once it is installed', () => {
    const none = probe(['chromium', 'liberation', 'curl', 'openssl', 'gssapi', 'python3', 'make', 'g++']);
    assert.deepEqual(
      missingPackages('start', none, false).map((r) => r.pkg),
      ['libkrb5-dev', 'python3', 'make', 'g++'],
    );
    assert.deepEqual(missingPackages('start', none, true), []);
    // python3 also runs the Python snippets of Copy Request as Code: the tests need it after the build too.
    assert.deepEqual(
      missingPackages('test', none, true).map((r) => r.pkg),
      ['chromium-headless-shell', 'fonts-liberation', 'curl', 'openssl', 'python3'],
    );
    assert.equal(REQUIREMENTS.length, 8);
  });
});
