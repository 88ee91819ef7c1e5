// The Voice Instances tree inside a real extension host, against the simulator started in this process:
// add an instance, read the tree through the provider, month descriptions equal the simulator's totals,
// past months come from the cache, refresh reloads the current month, export writes the right CSV, and
// remove takes the instance out again.
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_INSTANCES, monthViewData, type Simulator } from '../../src/simulator/index.js';
import { answering, SAVE } from './modals.js';
import { waitFor } from './waitFor.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';

const PROFILE = 'Instances integration';
const INSTANCE = DEMO_INSTANCES[1] ?? 'VI-DEMO-02';
const MONTHS = 4;

function utcMonthId(d: Date): string {
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

function previousMonth(monthId: string, back: number): string {
  const index = Number(monthId.slice(0, 4)) * 12 + Number(monthId.slice(4, 6)) - 1 - back;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
}

/** What the simulator says the month's totals are (non-future days). */
function expected(instanceId: string, monthId: string): { legs: number; minutes: number; days: ReturnType<typeof monthViewData> } {
  const data = monthViewData(instanceId, monthId, Date.now());
  const counted = data.days.filter((d) => d.dateId <= data.currentDateID);
  return { legs: counted.reduce((s, d) => s + d.call_legs, 0), minutes: counted.reduce((s, d) => s + d.duration_min, 0), days: data };
}

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

describe('instances tree: add, months, cache, refresh, export, remove', function () {
  let api: VoiceSmsTestApi;
  let sim: Simulator;
  let profile: SimulatorProfile | undefined;
  let dir: string;
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const callsRequests = () => sim.requests.filter((r) => r.path.includes(`/vvoice/${INSTANCE}/calls/`)).map((r) => r.path.slice(-6));

  function instanceNode(): unknown {
    return api.instancesTree.getChildren().find((n) => label(api.instancesTree.getTreeItem(n)) === INSTANCE);
  }

  async function monthItems(): Promise<vscode.TreeItem[]> {
    const node = instanceNode();
    assert.ok(node, `${INSTANCE} is not in the tree`);
    const months = api.instancesTree.getChildren(node);
    await api.instancesTree.settled(INSTANCE);
    return months.map((m) => api.instancesTree.getTreeItem(m));
  }

  before(async function () {
    // This suite's subject is the in-memory month cache (what a new secret or Refresh drops and asks again); finished
    // months kept on disk would answer its past months instead. The store has its own suite (storedMonths.test.ts).
    profile = await useStoredProfile(PROFILE, { settings: { monthsInTree: MONTHS, storeFinishedMonths: false } });
    ({ api, sim } = profile);
    dir = await mkdtemp(path.join(tmpdir(), 'vstk-instances-'));
    await vscode.commands.executeCommand('voiceSms.refresh');
  });

  after(async function () {
    await profile?.remove();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('addVoiceInstance { instanceId } saves it to the active profile and shows it in the tree', async function () {
    assert.equal(await vscode.commands.executeCommand('voiceSms.addVoiceInstance', { instanceId: ` ${INSTANCE} ` }), INSTANCE);
    const saved = config().inspect<{ name: string; voiceInstances: string[] }[]>('profiles')?.globalValue;
    assert.deepEqual(saved?.find((p) => p.name === PROFILE)?.voiceInstances, [INSTANCE]);
    await waitFor('the instance row', instanceNode);
    const item = api.instancesTree.getTreeItem(instanceNode());
    assert.equal(item.contextValue, 'voiceSms.instance');
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
  });

  it('lists the last monthsInTree months newest first, each described with the simulator totals', async function () {
    sim.requests.length = 0;
    const items = await monthItems();
    const current = utcMonthId(new Date());
    const months = Array.from({ length: MONTHS }, (_, i) => previousMonth(current, i));
    assert.equal(items.length, MONTHS);
    items.forEach((item, i) => {
      const monthId = months[i]!;
      const want = expected(INSTANCE, monthId);
      assert.equal(item.contextValue, 'voiceSms.month', `${monthId}: ${String(item.description)}`);
      const description = String(item.description).replace(/[,.\u202f\u00a0]/g, '');
      assert.ok(
        description.startsWith(`${want.legs} legs · ${want.minutes} min`),
        `${monthId}: "${String(item.description)}" vs ${want.legs}/${want.minutes}`,
      );
      assert.equal(item.command?.command, 'voiceSms.openMonthView');
      assert.deepEqual(item.command?.arguments, [{ instanceId: INSTANCE, monthId }]);
    });
    assert.equal(callsRequests().length, MONTHS, 'one request per month');
  });

  it('serves past months from the cache; refresh reloads only the current month', async function () {
    sim.requests.length = 0;
    await monthItems();
    assert.deepEqual(callsRequests(), [], 'expanding again asks the service nothing');

    await vscode.commands.executeCommand('voiceSms.refresh');
    await monthItems();
    assert.deepEqual(callsRequests(), [utcMonthId(new Date())]);
  });

  it('shows a failing month as an error row whose click retries', async function () {
    const current = utcMonthId(new Date());
    sim.addFault({ kind: 'status', status: 404, match: { operation: 'calls', id: INSTANCE }, times: 1 });
    try {
      await vscode.commands.executeCommand('voiceSms.refresh', { instanceId: INSTANCE });
      const [first] = await monthItems();
      assert.equal(first?.contextValue, 'voiceSms.error');
      assert.match(String(first?.description), /404|not found/i);
      assert.equal(first?.command?.command, 'voiceSms.refresh');
      await vscode.commands.executeCommand(first.command.command, ...(first.command.arguments ?? []));
      const [retried] = await monthItems();
      assert.equal(retried?.contextValue, 'voiceSms.month');
      assert.deepEqual(retried?.command?.arguments, [{ instanceId: INSTANCE, monthId: current }]);
    } finally {
      sim.clearFaults();
    }
  });

  it('an instance whose every month fails the same way shows one error row, whose click retries them all', async function () {
    sim.addFault({ kind: 'status', status: 404, match: { operation: 'calls', id: INSTANCE } });
    try {
      // A new secret drops the cache, so the past months are asked again too (and fail).
      await api.storeCredentials(PROFILE, { ...sim.credentials });
      const item = await waitFor('a single error row for the instance', () => {
        const node = instanceNode();
        const children = node ? api.instancesTree.getChildren(node) : [];
        return children.length === 1 ? api.instancesTree.getTreeItem(children[0]) : undefined;
      });
      assert.equal(item.contextValue, 'voiceSms.error');
      assert.match(String(item.description), /404|not found/i);
      assert.equal(item.command?.command, 'voiceSms.refresh');
      assert.deepEqual(item.command?.arguments, [{ instanceId: INSTANCE }]);

      sim.clearFaults();
      await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
      const again = await monthItems();
      assert.equal(again.length, MONTHS);
      assert.ok(
        again.every((m) => m.contextValue === 'voiceSms.month'),
        again.map((m) => String(m.description)).join(' | '),
      );
    } finally {
      sim.clearFaults();
    }
  });

  it('exportMonth writes a CSV with a header, one row per day and a totals row', async function () {
    const monthId = previousMonth(utcMonthId(new Date()), 1);
    const target = path.join(dir, 'export.csv');
    sim.requests.length = 0;
    const written = await answering(SAVE, () =>
      vscode.commands.executeCommand('voiceSms.exportMonth', { instanceId: INSTANCE, monthId, format: 'csv', target }),
    );
    assert.equal(written, target);
    assert.deepEqual(callsRequests(), [], 'the cached month is exported without a request');
    const lines = (await readFile(target, 'utf8')).split('\r\n').filter((l) => l !== '');
    const want = expected(INSTANCE, monthId);
    assert.equal(lines[0], 'instance,date,call_legs,call_legs_in,call_legs_out,calls_unique,duration_min,future');
    assert.equal(lines.length, want.days.days.length + 2);
    const ascending = [...want.days.days].reverse();
    ascending.forEach((d, i) => {
      assert.equal(
        lines[i + 1],
        `${INSTANCE},${d.dateId},${d.call_legs},${d.call_legs_in},${d.call_legs_out},${d.calls_unique},${d.duration_min},false`,
      );
    });
    assert.match(lines.at(-1) ?? '', new RegExp(`^${INSTANCE},total,${want.legs},\\d+,\\d+,\\d+,${want.minutes},$`));
  });

  it('exportMonth accepts the month view\'s { operation: "calls" } shape plus a format, and masks ids on request', async function () {
    const monthId = previousMonth(utcMonthId(new Date()), 2);
    const target = path.join(dir, 'export.json');
    const written = await answering(SAVE, () =>
      vscode.commands.executeCommand('voiceSms.exportMonth', {
        instanceId: INSTANCE,
        monthId,
        operation: 'calls',
        format: 'json',
        target,
        maskIds: true,
      }),
    );
    assert.equal(written, target);
    const doc = JSON.parse(await readFile(target, 'utf8')) as { instanceId: string; monthId: string; days: unknown[] };
    assert.equal(doc.instanceId, `${INSTANCE.slice(0, 3)}***`);
    assert.equal(doc.monthId, monthId);
  });

  it('exportMonth refuses a relative target with a validation error', async function () {
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('voiceSms.exportMonth', {
          instanceId: INSTANCE,
          monthId: utcMonthId(new Date()),
          format: 'csv',
          target: 'relative.csv',
        }),
      ),
      /absolute/,
    );
  });

  it('a new secret for the profile drops the cache, so every month loads again', async function () {
    await api.storeCredentials(PROFILE, { ...sim.credentials });
    sim.requests.length = 0;
    await waitFor('the cache to drop', () => {
      const node = instanceNode();
      if (!node) return undefined;
      const [first] = api.instancesTree.getChildren(node).map((m) => api.instancesTree.getTreeItem(m));
      return first?.contextValue === 'voiceSms.month' && /loading/.test(String(first.description)) ? true : undefined;
    });
    await monthItems();
    assert.equal(callsRequests().length, MONTHS);
  });

  it('a trend of months the tree does not list redraws no row of it, though they go into its cache', async function () {
    const redrawn: unknown[] = [];
    const sub = api.instancesTree.onDidChange((element) => redrawn.push(element));
    try {
      // Twelve months ending just before the tree's oldest one.
      const last = previousMonth(utcMonthId(new Date()), MONTHS);
      const title = await vscode.commands.executeCommand<string | undefined>('voiceSms.openTrend', { instanceId: INSTANCE, monthId: last });
      assert.ok(title, 'the trend did not open');
      assert.equal(redrawn.filter((e) => e === undefined).length, 0, 'whole-tree redraws');
      assert.equal(redrawn.length, 0, 'rows redrawn');
      const asked = sim.requestCount;
      const month = await vscode.commands.executeCommand<string | undefined>('voiceSms.openMonthView', {
        instanceId: INSTANCE,
        monthId: last,
      });
      assert.ok(month, 'the month view did not open');
      const shown = (await api.panelContent(month))?.shown ?? [];
      assert.ok(
        shown.some((m) => (m as { type?: string }).type === 'monthData'),
        JSON.stringify(shown).slice(0, 300),
      );
      assert.equal(sim.requestCount, asked, 'the month view asked again for months the trend had loaded');
    } finally {
      sub.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('removeVoiceInstance { instanceId } takes it out of the profile and the tree', async function () {
    assert.equal(await vscode.commands.executeCommand('voiceSms.removeVoiceInstance', { instanceId: INSTANCE }), INSTANCE);
    const saved = config().inspect<{ name: string; voiceInstances: string[] }[]>('profiles')?.globalValue;
    assert.deepEqual(saved?.find((p) => p.name === PROFILE)?.voiceInstances, []);
    await waitFor('the row to go', () => (instanceNode() === undefined ? true : undefined));
  });
});
