// Awake at start-up: a new window of a signed-in user shows the balance in the status bar and sets the context the
// chat tools' `when` needs, before anything is opened or run in it; a window of a signed-out user activates too and
// asks the service nothing. What activated is read from outside: the "Activated in" lines of the extension's log
// files, the status bar, the simulator's request log, and the palette listing the startup probe's command
// (test/e2e/fixtures/startupProbe), whose `when` is the chat tools' own.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { DEMO_ACCOUNT, DEMO_INSTANCES } from '../../src/simulator/index.js';
import { VIEW_CONTAINER_TITLE } from '../integration/contract.js';
import { extensionLogs } from './support/extensionLog.js';
import { session, type SimulatorInfo } from './support/session.js';
import { simulatorSuite } from './support/signedInSuite.js';
import { requestsServed } from './support/simulatorControl.js';
import { until } from './support/wait.js';
import { Workbench } from './support/workbench.js';

const root = path.join(__dirname, '..', '..');
/** The balance as the status bar shows it: "123.45 EUR" (the amount drops as other files send SMS). */
const BALANCE = /\d{1,3}(,\d{3})*\.\d{2} EUR/;
const PROBE = 'Startup Probe: Listed While Signed In';

/** How many activations the extension has logged in this editor, every window's log file together. */
function activationsLogged(): number {
  return extensionLogs(path.join(session().userDataDir, 'logs')).reduce((n, l) => n + [...l.text.matchAll(/Activated in \d/g)].length, 0);
}

/** How many windows have logged that they started signed out. */
function startupsSignedOut(): number {
  return extensionLogs(path.join(session().userDataDir, 'logs')).reduce(
    (n, l) => n + [...l.text.matchAll(/Start-up: signed out, nothing to read/g)].length,
    0,
  );
}

/** The simulator's requests after the newest of `before` (its log keeps the latest 500, so a count could stall). */
async function servedSince(sim: SimulatorInfo, before: { time: number }[]): Promise<{ method: string; path: string }[]> {
  const last = before.at(-1)?.time ?? -Infinity;
  return (await requestsServed(sim)).filter((r) => r.time > last);
}

describe('awake at start-up: a new window of a signed-in user', function () {
  this.timeout(180_000);
  const suite = simulatorSuite('E2E start-up');

  it("the probe's palette entry waits for the chat tools' own when clause", function () {
    const ours = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      contributes: { languageModelTools: { name: string; when?: string }[] };
    };
    const probe = JSON.parse(readFileSync(path.join(root, 'test/e2e/fixtures/startupProbe/package.json'), 'utf8')) as {
      contributes: { menus: { commandPalette: { when: string }[] } };
    };
    const when = probe.contributes.menus.commandPalette[0]?.when;
    assert.equal(when, 'voiceSms.signedIn');
    for (const tool of ours.contributes.languageModelTools) assert.equal(tool.when, when, tool.name);
  });

  it('shows the balance, is active and sets voiceSms.signedIn in a new window before any command', async function () {
    const first = suite.wb;
    // The first window read the balance when it signed in: the reading every window shares.
    const shown = ((await first.statusBarItem(BALANCE).first().textContent({ timeout: 30_000 })) ?? '').trim();
    assert.match(shown, BALANCE);
    const activations = activationsLogged();
    const before = await requestsServed(suite.sim);

    const second = await first.newWindow();
    try {
      // Nothing in this window opened our views (their container would activate us by itself).
      assert.equal(await second.sideBarTitle().filter({ hasText: VIEW_CONTAINER_TITLE }).count(), 0, 'our view container is open');
      const item = second.statusBarItem(BALANCE).first();
      await item.waitFor({ state: 'visible', timeout: 60_000 });
      assert.equal(((await item.textContent()) ?? '').trim(), shown, "the first window's reading");
      await until('a second activation logged', () => Promise.resolve(activationsLogged() > activations), 30_000);
      await second.screenshot('startup-01-new-window-balance');

      // The context key: the palette lists the probe only while voiceSms.signedIn holds (opening it runs nothing).
      const qi = await second.palette(PROBE);
      await qi.rows.filter({ hasText: PROBE }).first().waitFor({ state: 'visible', timeout: 10_000 });
      await second.page.keyboard.press('Escape');

      // A recent reading is shown as it is: the new window asked nothing for it.
      const balanceRequests = (await servedSince(suite.sim, before)).filter((r) => r.path.includes('/balance'));
      assert.deepEqual(balanceRequests, [], 'the new window read the balance again');
    } finally {
      await second.close();
    }
  });
});

describe('awake at start-up: a window of a signed-out user asks the service nothing', function () {
  this.timeout(120_000);
  const settingsFile = (): string => path.join(session().userDataDir, 'User', 'settings.json');
  let original: string | undefined;
  let sim: SimulatorInfo;
  let wb: Workbench | undefined;

  before(async function () {
    sim = await session().simulator();
    // A profile whose settings point at the simulator, with no credentials stored: signed out, as after Sign Out.
    original = readFileSync(settingsFile(), 'utf8');
    const settings = JSON.parse(original) as Record<string, unknown>;
    const profiles = Array.isArray(settings['voiceSms.profiles']) ? (settings['voiceSms.profiles'] as unknown[]) : [];
    const profile = {
      name: 'E2E signed out',
      baseUrl: sim.baseUrl,
      accountId: DEMO_ACCOUNT,
      voiceInstances: [...DEMO_INSTANCES],
      senderIds: [],
    };
    writeFileSync(
      settingsFile(),
      `${JSON.stringify({ ...settings, 'voiceSms.profiles': [...profiles, profile], 'voiceSms.activeProfile': profile.name }, null, 2)}\n`,
    );
  });
  after(async function () {
    await wb?.close();
    if (original !== undefined) writeFileSync(settingsFile(), original);
  });

  it('activates in a new window and makes no request', async function () {
    const activations = activationsLogged();
    const signedOutBefore = startupsSignedOut();
    const before = await requestsServed(sim);
    wb = await Workbench.open();
    await until('the extension activated in the new window', () => Promise.resolve(activationsLogged() > activations), 60_000);
    // The window has read the settings and the secret store and knows it is signed out: whatever it would ask at
    // start-up it has asked by now (the balance is read on that same change).
    await until('the new window to know it is signed out', () => Promise.resolve(startupsSignedOut() > signedOutBefore), 60_000);
    assert.deepEqual(await servedSince(sim, before), [], 'requests at start-up while signed out');
    assert.equal(await wb.statusBarItem(BALANCE).count(), 0, 'a balance in the status bar while signed out');
  });
});
