// `npm test` and `npm start` run this first: it installs the Debian packages the run needs when they
// are missing (as root, or through sudo), or stops within seconds with the one command to run, so no
// later step waits on a browser or fails minutes into building code-server.
// Usage: tsx scripts/editor/setup.ts [test|start]   (default: test)
import { spawnSync } from 'node:child_process';
import { installedCodeServerVersion } from './install.js';
import { CODE_SERVER_VERSION } from './paths.js';
import { HarnessError, runMain } from './processes.js';
import { hostProbe, missingPackages, planSetup, type Purpose } from './systemPackages.js';

function succeeds(command: string, args: string[]): boolean {
  const r = spawnSync(command, args, { stdio: 'ignore' });
  return r.error === undefined && r.status === 0;
}

function setup(): void {
  const purpose: Purpose = process.argv[2] === 'start' ? 'start' : 'test';
  const probe = hostProbe();
  const codeServerInstalled = installedCodeServerVersion() === CODE_SERVER_VERSION;
  const missing = missingPackages(purpose, probe, codeServerInstalled);
  const isRoot = process.getuid?.() === 0;
  const plan = planSetup(missing, {
    isRoot,
    // A password prompt needs a terminal: without one (CI), only password-less sudo counts.
    sudo: !isRoot && probe.onPath('sudo') && (succeeds('sudo', ['-n', 'true']) || process.stdin.isTTY === true),
    apt: probe.onPath('apt-get'),
    customChromium: process.env.VSTK_CHROMIUM || undefined,
  });
  if (plan.kind === 'ready') {
    console.log(`[setup] system packages for npm ${purpose}: all present`);
    return;
  }
  if (plan.kind === 'stop') throw new HarnessError(plan.message);

  console.log(`[setup] installing ${plan.packages.join(' ')} (apt-get, once)`);
  const started = Date.now();
  for (const [command, ...args] of plan.commands) {
    const r = spawnSync(command!, args, { stdio: 'inherit' });
    if (r.error || r.status !== 0)
      throw new HarnessError(`${[command, ...args].join(' ')} failed (${r.error?.message ?? `exit code ${r.status}`})`);
  }
  const still = missingPackages(purpose, hostProbe(), codeServerInstalled);
  if (still.length > 0) throw new HarnessError(`still missing after apt-get: ${still.map((r) => r.pkg).join(' ')}`);
  console.log(`[setup] installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

runMain('setup', () => Promise.resolve().then(setup));
