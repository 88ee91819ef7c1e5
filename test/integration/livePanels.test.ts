// Live month views inside a real extension host (issue 40): reloading the current month through the month cache — what
// a watch's tick does — reaches an open month view of that month as one `monthUpdate` posted to the page it has (no
// new page), its snapshot becomes the newer month, and a reload of another month posts nothing. The simulator answers
// the reload with other minutes (an `echo` fault rewrites every day's duration_min), so the newer month differs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_INSTANCES } from '../../src/simulator/index.js';
import { waitFor } from './waitFor.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';

interface Message {
  type: string;
  monthId?: string;
  view?: { currentDateId: string; days: { dateId: string; durationMin: number; future: boolean }[]; totals: { durationMin: number } };
}

const PROFILE = 'Live panels integration';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';

function utcMonthId(d: Date): string {
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe('live month views: the month cache reloads the current month', function () {
  let profile: SimulatorProfile | undefined;

  before(async function () {
    profile = await useStoredProfile(PROFILE, {
      profile: { voiceInstances: [...DEMO_INSTANCES] },
      // Projection off: this counts following's messages, and a projection is posted later, after each (unit livePanels.test.ts).
      settings: { 'forecast.show': false },
      waitSignedIn: true,
    });
  });

  after(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await profile?.remove();
  });

  it('an open month view of that month is updated in place: one monthUpdate to its page, no new page', async function () {
    this.timeout(60_000);
    const { api, sim } = profile!;
    const monthId = utcMonthId(new Date());
    const title = await vscode.commands.executeCommand<string>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId });
    // Shown: the page said `ready` and was posted the month and its comparison.
    const opened = await waitFor('the month posted to its page', async () => {
      const c = await api.panelContent(title);
      const posted = (c?.posted ?? []) as Message[];
      return c?.html.includes('<body') && posted.some((m) => m.type === 'comparison') ? c : undefined;
    });
    const before = opened.shown.find((m) => (m as Message).type === 'monthData') as Message | undefined;
    assert.ok(before?.view, 'the month on show');
    assert.ok(before.view.totals.durationMin > 0 || before.view.days.every((d) => d.future), 'the simulator month has minutes');
    const postedBefore = opened.posted.length;

    sim.addFault({ kind: 'echo', serviceMessage: '7', fields: ['duration_min'], match: { operation: 'calls', id: INSTANCE }, times: 1 });
    assert.equal(await api.reloadMonth(INSTANCE, monthId), 'loaded');

    const after = await waitFor('the update posted', async () => {
      const c = await api.panelContent(title);
      return c && c.posted.length > postedBefore ? c : undefined;
    });
    // One message more than the opening ones (the gate keeps the last eight; the opening took at most three).
    assert.equal(after.posted.length, postedBefore + 1);
    const news = after.posted.slice(postedBefore) as Message[];
    assert.deepEqual(
      news.map((m) => m.type),
      ['monthUpdate'],
    );
    const update = news[0]!;
    assert.equal(update.monthId, monthId);
    const past = update.view!.days.filter((d) => !d.future);
    assert.ok(past.length > 0 && past.every((d) => d.durationMin === 7), 'the newer load: every day 7 minutes');
    assert.equal(update.view!.totals.durationMin, 7 * past.length);
    assert.equal(after.html, opened.html, 'the same page: nothing was painted afresh');
    assert.deepEqual(
      (after.shown as Message[]).map((m) => m.type),
      ['monthData', 'comparison'],
      'a page made afresh later gets the newer month whole',
    );
    assert.equal((after.shown[0] as Message).view?.totals.durationMin, 7 * past.length);

    // Another month of the same instance, and the same month of another instance: nothing for this panel.
    const previous = utcMonthId(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)));
    await api.reloadMonth(INSTANCE, previous);
    await api.reloadMonth(DEMO_INSTANCES[1] ?? 'VI-DEMO-02', monthId);
    const still = await api.panelContent(title);
    assert.equal(still?.posted.length, after.posted.length);
    assert.deepEqual(still?.posted.at(-1), after.posted.at(-1));
  });
});
