// The hooks of suites that share one window (sharedWindow), and of a suite whose first test ("signs in …") signs in:
// one page for the whole suite, the later tests skipped when signing in failed (so one failure is reported, not a
// cascade), and the profile signed out and removed at the end, leaving the shared editor as the next suite expects.
// A suite that ended clean hands its signed-out window to the next such suite (Workbench.park / reuseOrOpen).
import * as assert from 'node:assert/strict';
import { VIEW_CONTAINER_TITLE } from '../../integration/contract.js';
import { session, type SimulatorInfo } from './session.js';
import { Workbench } from './workbench.js';

export interface SignedInSuite {
  /** The suite's page (available from the suite's own `before` hooks on). */
  readonly wb: Workbench;
  /** Call once the sign-in test succeeded. */
  signedIn(): void;
}

/** Whether no test of `suite` (nested suites included) failed; false when there is no suite to read. */
function allPassed(suite: Mocha.Suite | undefined): boolean {
  if (!suite) return false;
  return suite.tests.every((t) => t.state !== 'failed') && suite.suites.every((s) => allPassed(s));
}

/**
 * The page of a suite that needs no window of its own: the window the last such suite handed on (tidied: no quick
 * input, editor, notification or signed-in profile left), or a new one. At the end, when `signedIn()` says so, the
 * profile is signed out and removed; a suite that ended clean hands the window on, one that failed closes it.
 * Register an `after` that must run while the profile is still signed in before calling this.
 */
export function sharedWindow(signedIn: () => boolean): { readonly wb: Workbench } {
  let page: Workbench | undefined;
  before(async function () {
    page = await Workbench.reuseOrOpen({ waitForActivityItem: VIEW_CONTAINER_TITLE });
  });
  after(async function () {
    if (signedIn()) await page?.signOutAndRemoveProfile();
    const clean = allPassed(this.test?.parent);
    if (clean) page?.park();
    else await page?.close();
  });
  return {
    get wb(): Workbench {
      if (!page) throw new Error('the suite page is not open yet');
      return page;
    },
  };
}

export function signedInSuite(): SignedInSuite {
  let signedIn = false;
  const window = sharedWindow(() => signedIn);
  beforeEach(function () {
    if (!signedIn && !this.currentTest?.title.startsWith('signs in')) this.skip();
  });
  return {
    get wb(): Workbench {
      return window.wb;
    },
    signedIn: () => {
      signedIn = true;
    },
  };
}

/** A signed-in suite on the runner's simulator: its page and the simulator. */
export interface SimulatorSuite extends SignedInSuite {
  /** The runner's simulator (available from the suite's own `before` hooks on). */
  readonly sim: SimulatorInfo;
}

/**
 * signedInSuite() whose first test signs `profile` in to the runner's simulator with its account id and a voice
 * instance (Workbench.signInToSimulator) and clears the notifications. Call it first in the describe.
 */
export function simulatorSuite(profile: string): SimulatorSuite {
  const suite = signedInSuite();
  let info: SimulatorInfo | undefined;
  before(async function () {
    info = await session().simulator();
  });
  it('signs in with an account id and a voice instance', async function () {
    const wb = suite.wb;
    const ok = await wb.signInToSimulator(profile);
    assert.ok(ok, 'the sign-in flow closed');
    await wb.signedInNotice(profile, 20_000);
    suite.signedIn();
    await wb.clearNotifications();
  });
  return {
    get wb(): Workbench {
      return suite.wb;
    },
    get sim(): SimulatorInfo {
      if (!info) throw new Error('the simulator is not started yet');
      return info;
    },
    signedIn: () => suite.signedIn(),
  };
}
