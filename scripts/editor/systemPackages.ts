// The Debian packages the editor tests and `npm start` need, what each is for, how to tell it is there
// (by the file or command that matters, not by the package database, so any way of providing it
// counts), and the plan that follows: nothing to do, install through apt-get (as root or with sudo),
// or stop at once with the one command to run. The planner is pure; setup.ts probes and acts.
import { accessSync, constants, existsSync } from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_CHROMIUM } from './paths.js';

/** What a run is for: `start` needs only what building code-server needs; `test` needs the browser too. */
export type Purpose = 'start' | 'test';

export interface Requirement {
  /** The Debian package that provides it. */
  pkg: string;
  why: string;
  /** Purposes that need it. */
  for: readonly Purpose[];
  /** Purposes for which it only builds code-server's native modules: not needed for them once code-server is installed. */
  buildsCodeServer?: readonly Purpose[];
  present(probe: Probe): boolean;
}

/** How the machine is looked at; tests can give another. */
export interface Probe {
  isExecutable(file: string): boolean;
  exists(file: string): boolean;
  onPath(command: string): boolean;
  chromium: string;
}

export const REQUIREMENTS: readonly Requirement[] = [
  {
    pkg: 'chromium-headless-shell',
    why: 'the browser the webview and end-to-end tests drive',
    for: ['test'],
    present: (p) => p.isExecutable(p.chromium),
  },
  {
    pkg: 'fonts-liberation',
    why: 'readable text in screenshots',
    for: ['test'],
    present: (p) => p.exists('/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'),
  },
  { pkg: 'curl', why: 'runs the generated "Copy as cURL" commands in the tests', for: ['test'], present: (p) => p.onPath('curl') },
  { pkg: 'openssl', why: 'computes the signature in those commands', for: ['test'], present: (p) => p.onPath('openssl') },
  {
    pkg: 'libkrb5-dev',
    why: "gssapi headers for code-server's native kerberos module",
    for: ['start', 'test'],
    buildsCodeServer: ['start', 'test'],
    present: (p) => p.exists('/usr/include/gssapi/gssapi.h'),
  },
  {
    pkg: 'python3',
    why: 'runs the generated "Copy Request as Code" Python snippets in the tests; node-gyp, for code-server\'s native modules',
    for: ['start', 'test'],
    buildsCodeServer: ['start'],
    present: (p) => p.onPath('python3'),
  },
  {
    pkg: 'make',
    why: "node-gyp, for code-server's native modules",
    for: ['start', 'test'],
    buildsCodeServer: ['start', 'test'],
    present: (p) => p.onPath('make'),
  },
  {
    pkg: 'g++',
    why: "node-gyp, for code-server's native modules",
    for: ['start', 'test'],
    buildsCodeServer: ['start', 'test'],
    present: (p) => p.onPath('g++'),
  },
];

/** The packages missing for `purpose` on the machine `probe` sees. */
export function missingPackages(purpose: Purpose, probe: Probe, codeServerInstalled: boolean): Requirement[] {
  return REQUIREMENTS.filter(
    (r) => r.for.includes(purpose) && !(r.buildsCodeServer?.includes(purpose) && codeServerInstalled) && !r.present(probe),
  );
}

/** The one line that installs `packages` (as root). */
export function aptCommand(packages: readonly string[]): string {
  return `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

export interface Machine {
  isRoot: boolean;
  /** sudo exists and may be used here (without a password, or with a terminal to ask for one). */
  sudo: boolean;
  apt: boolean;
  /** VSTK_CHROMIUM, when set: a Chromium of the user's choice, which apt cannot provide. */
  customChromium?: string;
}

export type Plan = { kind: 'ready' } | { kind: 'install'; packages: string[]; commands: string[][] } | { kind: 'stop'; message: string };

/** What to do about `missing` on `machine`. */
export function planSetup(missing: readonly Requirement[], machine: Machine): Plan {
  if (missing.length === 0) return { kind: 'ready' };
  const packages = missing.map((r) => r.pkg);
  const list = missing.map((r) => `  ${r.pkg.padEnd(17)} ${r.why}`).join('\n');
  const header = `Missing system packages:\n${list}\n`;
  if (machine.customChromium && packages.includes('chromium-headless-shell')) {
    return {
      kind: 'stop',
      message:
        `VSTK_CHROMIUM points at ${machine.customChromium}, which is not an executable file. Point it at a Chromium, ` +
        `or unset it to use Debian's (${DEFAULT_CHROMIUM}), installed as root with:\n  ${aptCommand(packages)}`,
    };
  }
  if (!machine.apt) {
    return {
      kind: 'stop',
      message: `${header}This machine has no apt-get. On Debian or Ubuntu, as root:\n  ${aptCommand(packages)}\nElsewhere install the same tools with your package manager, then run this again.`,
    };
  }
  if (!machine.isRoot && !machine.sudo) {
    return { kind: 'stop', message: `${header}Installing them needs root. Run this once as root, then again:\n  ${aptCommand(packages)}` };
  }
  const sudo = machine.isRoot ? [] : ['sudo'];
  return {
    kind: 'install',
    packages,
    commands: [
      [...sudo, 'apt-get', 'update', '-qq'],
      [...sudo, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages],
    ],
  };
}

/** The real machine, as seen from this process. */
export function hostProbe(env: NodeJS.ProcessEnv = process.env): Probe {
  const isExecutable = (file: string): boolean => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return {
    isExecutable,
    exists: existsSync,
    onPath: (command) => dirs.some((d) => isExecutable(path.join(d, command))),
    chromium: env.VSTK_CHROMIUM || DEFAULT_CHROMIUM,
  };
}
