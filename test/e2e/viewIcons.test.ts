// Each view brings its own icon (package.json `contributes.views[].icon`): the editor shows it when a
// user moves the view out of the Voice & SMS container into a side-bar entry of its own. Without an
// icon the new activity-bar entry has none to show.
import * as assert from 'node:assert/strict';
import { VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { sharedWindow } from './support/signedInSuite.js';
import type { Workbench } from './support/workbench.js';

const VIEWS = [
  { name: 'Account', icon: 'media/views/account.svg' },
  { name: 'Sent SMS', icon: 'media/views/sms-history.svg' },
];

describe('view icons', function () {
  let wb: Workbench;

  const window = sharedWindow(() => false);
  before(function () {
    wb = window.wb;
  });

  afterEach(async function () {
    // Layout outlives the page: put the views back for the next test and the suites after this one.
    await wb?.runCommand('View: Reset View Locations');
  });

  for (const view of VIEWS) {
    it(`"${view.name}" moved to a side-bar entry of its own shows ${view.icon}`, async function () {
      this.timeout(60_000);
      await wb.openViewContainer(VIEW_CONTAINER_TITLE);
      const qi = await wb.palette('View: Move View');
      // Click the command itself: Enter would run whichever row the fuzzy match put first.
      await qi.rows
        .filter({ has: wb.page.locator('.label-name', { hasText: /^View: Move View$/ }) })
        .first()
        .click();
      // "Select a View to Move": every view by name.
      await qi.rows
        .filter({ has: wb.page.locator('.label-name', { hasText: new RegExp(`^${view.name}$`) }) })
        .first()
        .click();
      await qi.pick('New Side Bar Entry');
      // The container the editor made for the view (titled by the view's contextualTitle).
      const item = wb.page.locator('.activitybar a.action-label[class*="activity-workbench-views-service-sidebar-"]');
      await item.waitFor({ state: 'visible', timeout: 15_000 });
      const mask = await item.evaluate((el) => {
        const s = getComputedStyle(el);
        return `${s.maskImage} ${s.getPropertyValue('-webkit-mask-image')}`;
      });
      assert.ok(decodeURIComponent(mask).includes(view.icon), `the activity-bar entry of "${view.name}" is drawn with ${mask}`);
      await wb.screenshot(`view-icon-${view.name.toLowerCase().replace(/\s+/g, '-')}`);
    });
  }
});
