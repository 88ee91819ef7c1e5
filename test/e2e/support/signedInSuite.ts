// The hooks of a suite whose first test ("signs in …") signs in: one page for the whole suite, the
// later tests skipped when signing in failed (so one failure is reported, not a cascade), and the
// profile signed out and removed at the end, leaving the shared editor as the next suite expects.
import { VIEW_CONTAINER_TITLE } from '../../integration/contract.js';
import { Workbench } from './workbench.js';

export interface SignedInSuite {
  /** The suite's page (available from the suite's own `before` hooks on). */
  readonly wb: Workbench;
  /** Call once the sign-in test succeeded. */
  signedIn(): void;
}

export function signedInSuite(): SignedInSuite {
  let page: Workbench | undefined;
  let signedIn = false;
  before(async function () {
    page = await Workbench.open({ waitForActivityItem: VIEW_CONTAINER_TITLE });
  });
  after(async function () {
    if (signedIn) await page?.signOutAndRemoveProfile();
    await page?.close();
  });
  beforeEach(function () {
    if (!signedIn && !this.currentTest?.title.startsWith('signs in')) this.skip();
  });
  return {
    get wb(): Workbench {
      if (!page) throw new Error('the suite page is not open yet');
      return page;
    },
    signedIn: () => {
      signedIn = true;
    },
  };
}
