// The month view, trend and day-activities panels inside a real extension host, against the
// simulator started in this process: the commands return the panel titles contract.ts promises,
// the panels receive the simulator's numbers, and a service error reaches the panel as the
// service's own message.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_INSTANCES, monthViewData } from '../../src/simulator/index.js';
import { waitFor } from './waitFor.js';
import { WEBVIEW_FIRST_MESSAGES_ATTRIBUTE } from '../../src/shared/protocol.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';

interface Shown {
  type: string;
  view?: { currentDateId: string; days: { dateId: string; callLegs: number }[]; totals: Record<string, number> };
  months?: { monthId: string; totals?: Record<string, number>; error?: string }[];
  error?: { message: string; kind?: string };
  result?: unknown;
  rawXml?: string;
}

const PROFILE = 'Panels integration';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';

function utcMonthId(d: Date): string {
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

function monthName(monthId: string): string {
  const d = new Date(Date.UTC(Number(monthId.slice(0, 4)), Number(monthId.slice(4, 6)) - 1, 1));
  return `${d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${monthId.slice(0, 4)}`;
}

/** The messages a panel's page carries (html.ts, an attribute of <body> holding escaped JSON); [] when none. */
function carriedBy(html: string): Shown[] {
  const attr = new RegExp(`${WEBVIEW_FIRST_MESSAGES_ATTRIBUTE}="([^"]*)"`).exec(html);
  return attr ? (JSON.parse(attr[1]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))) as Shown[]) : [];
}

describe('panels: month view, trend, day activities', function () {
  let api: VoiceSmsTestApi;
  let profile: SimulatorProfile | undefined;

  async function content(title: string): Promise<Shown[]> {
    const c = await api.panelContent(title);
    assert.ok(c, `no open panel titled "${title}"`);
    return c.shown as Shown[];
  }

  before(async function () {
    profile = await useStoredProfile(PROFILE, { profile: { voiceInstances: [...DEMO_INSTANCES] } });
    ({ api } = profile);
  });

  after(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await profile?.remove();
  });

  it('openMonthView returns the title, and the panel gets the simulator numbers for that month', async function () {
    const monthId = utcMonthId(new Date());
    const title = await vscode.commands.executeCommand<string | undefined>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId });
    assert.equal(title, `Calls ${monthName(monthId)} · ${INSTANCE}`);
    const data = (await content(title)).find((m) => m.type === 'monthData');
    assert.ok(data?.view, `expected month data, got ${JSON.stringify(await content(title)).slice(0, 300)}`);
    const expected = monthViewData(INSTANCE, monthId, Date.now());
    const counted = expected.days.filter((d) => d.dateId <= expected.currentDateID);
    assert.equal(data.view.currentDateId, expected.currentDateID);
    assert.equal(
      data.view.totals.callLegs,
      counted.reduce((n, d) => n + d.call_legs, 0),
    );
    assert.equal(
      data.view.totals.durationMin,
      counted.reduce((n, d) => n + d.duration_min, 0),
    );
    assert.equal(data.view.days.length, expected.days.length);
  });

  it('a new page carries the month the host already has (the month cache), and "Loading" while it has not', async function () {
    // Seven months back: neither the tree nor another test has asked for it.
    const d = new Date();
    const monthId = utcMonthId(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 7, 1)));
    const open = async (): Promise<{ shown: Shown[]; carried: Shown[] }> => {
      const title = await vscode.commands.executeCommand<string>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId });
      return waitFor('the page set and the month loaded', async () => {
        const c = await api.panelContent(title);
        // The comparison too: the month before must be cached as well before the panel closes.
        if (!c?.html.includes('<body') || !c.shown.some((m) => (m as Shown).type === 'comparison')) return undefined;
        return { shown: c.shown as Shown[], carried: carriedBy(c.html) };
      });
    };
    const first = await open();
    assert.deepEqual(
      first.carried.map((m) => m.type),
      ['loading'],
      'asked of the service: the page shows Loading until the data is posted',
    );
    // The suite's set-up stores the profile's credentials, and the editor may report that change late: a credentials
    // change drops the month cache (months/sessionMonthCache.ts), so a load it interrupted went to the service directly
    // and left nothing cached (the month, or the month before it that the comparison needs). Opening again then
    // caches them; at most twice more.
    let again: Awaited<ReturnType<typeof open>> | undefined;
    for (let attempt = 0; attempt < 3 && (!again || again.carried.length < 2); attempt++) {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      again = await open();
    }
    assert.ok(again);
    assert.deepEqual(
      again.carried.map((m) => m.type),
      ['monthData', 'comparison'],
    );
    assert.deepEqual(again.carried, JSON.parse(JSON.stringify(again.shown)), 'exactly what the host posts after ready');
    assert.equal(again.carried[0]?.view?.days.length, first.shown.find((m) => m.type === 'monthData')?.view?.days.length);
  });

  it('a month after the current one: the month view, trend and overview commands open panels showing one sentence, no figures', async function () {
    this.timeout(60_000);
    const d = new Date();
    const next = utcMonthId(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
    const opened = [
      await vscode.commands.executeCommand<string>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId: next }),
      await vscode.commands.executeCommand<string>('voiceSms.openTrend', { instanceId: INSTANCE, monthId: next }),
      await vscode.commands.executeCommand<string>('voiceSms.openAccountOverview', { monthId: next }),
    ];
    const said: string[] = [];
    for (const title of opened) {
      assert.ok(title, 'each command opens its panel');
      const error = await waitFor(`an error in "${title}"`, async () => (await content(title)).find((m) => m.type === 'error'));
      assert.match(error.error?.message ?? '', /is after the current month: the service's current day is/, title);
      const shown = (await content(title)).map((m) => m.type);
      for (const figures of ['monthData', 'trendData', 'overviewRow', 'overviewDone'])
        assert.ok(!shown.includes(figures), `${title} shows ${figures}`);
      said.push(error.error?.message ?? '');
    }
    assert.equal(new Set(said).size, 1, said.join('\n'));
  });

  it("a wrong instance id shows the service's 404 message in the panel", async function () {
    const monthId = utcMonthId(new Date());
    const title = await vscode.commands.executeCommand<string | undefined>('voiceSms.openMonthView', { instanceId: 'VI-NOPE', monthId });
    assert.ok(title, 'the panel opens and shows the error with Retry');
    const error = (await content(title)).find((m) => m.type === 'error');
    assert.ok(error?.error, 'expected an error in the panel');
    assert.equal(error.error.message.includes('Voice instance "VI-NOPE" not found.'), true, error.error.message);
  });

  it('openTrend loads twelve months, the newest equal to the month view', async function () {
    this.timeout(60_000);
    const monthId = utcMonthId(new Date());
    const title = await vscode.commands.executeCommand<string | undefined>('voiceSms.openTrend', { instanceId: INSTANCE });
    assert.equal(title, `12-month trend · ${INSTANCE}`);
    const trend = (await content(title)).find((m) => m.type === 'trendData');
    assert.ok(trend?.months, 'expected trend data');
    assert.equal(trend.months.length, 12);
    assert.deepEqual(
      trend.months.filter((m) => m.error).map((m) => `${m.monthId}: ${m.error ?? ''}`),
      [],
    );
    const newest = trend.months[11];
    assert.equal(newest?.monthId, monthId);
    const expected = monthViewData(INSTANCE, monthId, Date.now());
    const legs = expected.days.filter((d) => d.dateId <= expected.currentDateID).reduce((n, d) => n + d.call_legs, 0);
    assert.equal(newest.totals?.callLegs, legs);
  });

  it('showDayActivities accepts YYYY-MM-DD and opens the activities of that day', async function () {
    const today = new Date().toISOString().slice(0, 10);
    const title = await vscode.commands.executeCommand<string | undefined>('voiceSms.showDayActivities', {
      instanceId: INSTANCE,
      dateId: today,
    });
    assert.equal(title, `Activities ${today} · ${INSTANCE}`);
    const data = await waitFor('activities data', async () => (await content(title)).find((m) => m.type === 'activitiesData'));
    assert.match(data.rawXml ?? '', /<activities>/);
    assert.ok(data.result && typeof data.result === 'object');
  });

  it('refuses a date that does not exist without opening a panel', async function () {
    const title = await vscode.commands.executeCommand<string | undefined>('voiceSms.showDayActivities', {
      instanceId: INSTANCE,
      dateId: '2023-02-30',
    });
    assert.equal(title, undefined);
    assert.equal(await api.panelContent(`Activities 2023-02-30 · ${INSTANCE}`), undefined);
  });
});
