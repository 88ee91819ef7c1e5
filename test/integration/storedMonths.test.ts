// Finished months kept on disk across windows, inside a real extension host against a simulator of its own. A
// "second window" is this window with its month cache dropped (test API dropMonthCache): only the disk store is
// left, as in a new window. The simulator counts the requests: the 12-month trend's stored months cost none.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { profilePrefix } from '../../src/core/store/monthStore.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { DEMO_INSTANCES } from '../../src/simulator/index.js';
import { channelText } from './logFile.js';
import { answering, SIGN_OUT, SIGN_OUT_AND_REMOVE } from './modals.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';
import { waitFor } from './waitFor.js';

const PROFILE = 'Stored months integration';
const INSTANCE = DEMO_INSTANCES[0] ?? 'VI-DEMO-01';

interface TrendShown {
  type: string;
  months?: { monthId: string; totals?: Record<string, number>; error?: string }[];
}

function monthIdsBack(n: number): string[] {
  const d = new Date();
  return Array.from({ length: n }, (_, i) => {
    const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1));
    return `${m.getUTCFullYear()}${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

describe('finished months kept on disk across windows', function () {
  this.timeout(120_000);
  let api: VoiceSmsTestApi;
  let profile: SimulatorProfile | undefined;
  /**
   * The months of the trend that may be kept, worked out here from the calendar alone: every month before this
   * computer's (UTC) month; the simulator names a past month's last day as its current day, which counts as over
   * once UTC is a whole day past the month, so on the 1st the previous month is not kept yet.
   */
  let finished: string[];

  const ours = async (): Promise<string[]> => (await api.storedMonths.files()).filter((f) => f.startsWith(`${profilePrefix(PROFILE)}-`));
  const callsAsked = (from: number): string[] =>
    profile!.sim.requests
      .slice(from)
      .map((r) => r.path)
      .filter((p) => p.includes('/calls/'));

  async function openTrend(): Promise<TrendShown> {
    const title = await vscode.commands.executeCommand<string>('voiceSms.openTrend', { instanceId: INSTANCE });
    return waitFor('the trend with its twelve months', async () => {
      const shown = (await api.panelContent(title))?.shown as TrendShown[] | undefined;
      const trend = shown?.find((m) => m.type === 'trendData');
      return trend?.months?.length === 12 && trend.months.every((m) => m.totals || m.error) ? trend : undefined;
    });
  }

  before(async function () {
    profile = await useStoredProfile(PROFILE, { profile: { voiceInstances: [INSTANCE] }, waitSignedIn: true });
    ({ api } = profile);
    const today = new Date();
    finished = monthIdsBack(12).slice(today.getUTCDate() === 1 ? 2 : 1);
  });

  after(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await profile?.remove();
  });

  it('a second window opens the 12-month trend from the store: zero requests for stored months, one for the current month', async function () {
    api.storedMonths.dropMonthCache();
    const first = await openTrend();
    assert.deepEqual(
      first.months?.filter((m) => m.error),
      [],
    );
    await api.storedMonths.flush();
    assert.equal((await ours()).length, finished.length, 'every finished month of the trend is on disk');
    if (process.platform !== 'win32') {
      assert.equal((await fs.stat(api.storedMonths.dir)).mode & 0o777, 0o700, 'the folder is private');
      for (const f of await ours())
        assert.equal((await fs.stat(path.join(api.storedMonths.dir, f))).mode & 0o777, 0o600, `${f} is private`);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    api.storedMonths.dropMonthCache(); // the new window: nothing in memory
    const before = profile!.sim.requests.length;
    const second = await openTrend();
    const asked = callsAsked(before);
    const current = monthIdsBack(1)[0]!;
    const expected = monthIdsBack(12).filter((m) => !finished.includes(m));
    assert.equal(asked.length, expected.length, `requests: ${asked.join(', ')}`);
    assert.ok(
      asked.some((p) => p.endsWith(`/calls/${current}`)),
      'the current month is asked as today',
    );
    assert.equal(finished.includes(current), false);
    assert.deepEqual(
      second.months?.map((m) => m.totals),
      first.months?.map((m) => m.totals),
      'the same figures as from the service',
    );
  });

  it('a corrupted store file is reported in the log, ignored and rebuilt', async function () {
    const month = finished[0];
    assert.ok(month, 'a 12-month trend has finished months');
    await api.storedMonths.flush();
    const file = (await ours()).find((f) => f.endsWith(`-${month}.json`));
    assert.ok(file, `${month} is stored`);
    const full = path.join(api.storedMonths.dir, file);
    await fs.writeFile(full, '{"format":"voiceSms.finishedMonth","version":1,"result":{');
    api.storedMonths.dropMonthCache();
    const before = profile!.sim.requests.length;
    const title = await vscode.commands.executeCommand<string>('voiceSms.openMonthView', { instanceId: INSTANCE, monthId: month });
    await waitFor('the month shown', async () =>
      ((await api.panelContent(title))?.shown as { type: string }[] | undefined)?.some((m) => m.type === 'monthData'),
    );
    assert.ok(
      callsAsked(before).some((p) => p.endsWith(`/calls/${month}`)),
      'the corrupt month is asked of the service again',
    );
    await waitFor('the log line', async () =>
      (await channelText(api)).includes(`Stored month ${month} (${file}) ignored and deleted: not valid JSON`),
    );
    await api.storedMonths.flush();
    const rebuilt = JSON.parse(await fs.readFile(full, 'utf8')) as { format: string; monthId: string };
    assert.equal(rebuilt.format, 'voiceSms.finishedMonth');
    assert.equal(rebuilt.monthId, month);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Clear Stored Months deletes every stored month', async function () {
    await api.storedMonths.flush();
    assert.ok((await ours()).length > 0);
    const removed = await vscode.commands.executeCommand<number>('voiceSms.clearStoredMonths');
    assert.ok(removed >= finished.length, `removed ${removed}`);
    assert.deepEqual(await api.storedMonths.files(), []);
  });

  it("sign-out deletes the profile's stored months; so does removing the profile", async function () {
    api.storedMonths.dropMonthCache();
    await openTrend();
    await api.storedMonths.flush();
    assert.equal((await ours()).length, finished.length);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await answering(SIGN_OUT, () => vscode.commands.executeCommand('voiceSms.signOut', { name: PROFILE, removeProfile: false }));
    assert.deepEqual(await ours(), [], 'sign-out leaves no stored month of the profile');

    // Signed in again, the trend stores its months anew; removing the profile deletes them.
    await api.storeCredentials(PROFILE, profile!.sim.credentials);
    await waitFor('signed in again', () => api.session.current().profile === PROFILE && api.session.current().signedIn);
    api.storedMonths.dropMonthCache();
    await openTrend();
    await api.storedMonths.flush();
    assert.equal((await ours()).length, finished.length);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await answering(SIGN_OUT_AND_REMOVE, () => vscode.commands.executeCommand('voiceSms.signOut', { name: PROFILE, removeProfile: true }));
    assert.deepEqual(await ours(), [], 'profile removal leaves no stored month of the profile');
  });
});
