// Add Voice Instance with a list, through its argument object, in a real extension host: a mixed list adds
// nothing and returns the report; addValid adds the valid ids with one settings write; a CSV file's first
// column goes in with its heading row reported; 500 ids go in at once and the tree lists them without a request.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InstanceListReport } from '../../src/core/model/idList.js';
import { demoInstanceIds } from '../../src/simulator/index.js';
import { useStoredProfile, type SimulatorProfile } from './simulatorProfile.js';
import { waitFor } from './waitFor.js';

const PROFILE = 'Bulk instances integration';

/** What the command returns for a list (the core's report, typed from where it is built). */
type Report = InstanceListReport;

describe('addVoiceInstance with a list: report, addValid, file import, 500 ids', function () {
  let profile: SimulatorProfile | undefined;
  let dir: string;
  const config = () => vscode.workspace.getConfiguration('voiceSms');
  const saved = (): string[] =>
    config()
      .inspect<{ name: string; voiceInstances: string[] }[]>('profiles')
      ?.globalValue?.find((p) => p.name === PROFILE)?.voiceInstances ?? [];

  /**
   * Runs `run` and counts the writes of voiceSms.profiles it made. User settings are written one after another,
   * so once a marker write made after `run` has been announced, every write `run` made has been announced too
   * (a fixed sleep could stop counting early on a busy machine).
   */
  async function countingWrites<T>(run: () => Thenable<T>): Promise<{ value: T; writes: number }> {
    let writes = 0;
    let markerSeen = false;
    const sub = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('voiceSms.profiles')) writes++;
      if (e.affectsConfiguration('editor.tabSize')) markerSeen = true;
    });
    const editor = vscode.workspace.getConfiguration('editor');
    const tabSize = editor.inspect<number>('tabSize')?.globalValue;
    try {
      const value = await run();
      await editor.update('tabSize', tabSize === 7 ? 6 : 7, vscode.ConfigurationTarget.Global);
      await waitFor('the marker write announced', () => markerSeen);
      return { value, writes };
    } finally {
      sub.dispose();
      await editor.update('tabSize', tabSize, vscode.ConfigurationTarget.Global);
    }
  }

  before(async function () {
    profile = await useStoredProfile(PROFILE, {
      profile: { voiceInstances: ['VI-DEMO-01'] },
      simulator: { instanceCount: 600 },
      waitSignedIn: true,
    });
    dir = await mkdtemp(path.join(tmpdir(), 'vstk-bulk-'));
  });

  after(async function () {
    await profile?.remove();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a mixed list adds nothing and returns the report of every entry', async function () {
    const { value: report, writes } = await countingWrites(() =>
      vscode.commands.executeCommand<Report>('voiceSms.addVoiceInstance', {
        instanceIds: ['VI-DEMO-02', 'VI/03', 'VI-DEMO-01', 'VI-DEMO-02', ' VI-DEMO-04 '],
      }),
    );
    assert.equal(writes, 0, 'no settings write');
    assert.deepEqual(saved(), ['VI-DEMO-01']);
    assert.deepEqual(report.added, []);
    assert.deepEqual(report.notAdded, ['VI-DEMO-02', 'VI-DEMO-04']);
    assert.deepEqual(report.alreadyListed, ['VI-DEMO-01']);
    assert.deepEqual(report.repeated, ['VI-DEMO-02']);
    assert.deepEqual(report.invalid, [{ text: 'VI/03', line: 2, reason: 'Invalid instanceId: must not contain "/"' }]);
    assert.deepEqual(
      report.entries.map((e) => e.outcome),
      ['notAdded', 'invalid', 'alreadyListed', 'repeated', 'notAdded'],
    );
  });

  it('addValid adds the valid ids with one settings write', async function () {
    const { value: report, writes } = await countingWrites(() =>
      vscode.commands.executeCommand<Report>('voiceSms.addVoiceInstance', {
        instanceIds: ['VI-DEMO-02', 'VI/03', 'VI-DEMO-01', 'VI-DEMO-04'],
        addValid: true,
      }),
    );
    assert.equal(writes, 1);
    assert.deepEqual(report.added, ['VI-DEMO-02', 'VI-DEMO-04']);
    assert.deepEqual(saved(), ['VI-DEMO-01', 'VI-DEMO-02', 'VI-DEMO-04']);
  });

  it('imports a CSV file: first column, quotes, CRLF, a BOM, the heading row reported and not added', async function () {
    const file = path.join(dir, 'instances.csv');
    await writeFile(file, '\uFEFFInstance ID,Office\r\n"VI-DEMO-05","Berlin, DE"\r\nVI-DEMO-06,Paris\r\nVI-DEMO-02,x\r\n');
    const { value: report, writes } = await countingWrites(() =>
      vscode.commands.executeCommand<Report>('voiceSms.addVoiceInstance', { file }),
    );
    assert.equal(writes, 1);
    assert.deepEqual(report.header, { text: 'Instance ID', line: 1, reason: 'reads as a column heading' });
    assert.deepEqual(report.added, ['VI-DEMO-05', 'VI-DEMO-06']);
    assert.deepEqual(report.alreadyListed, ['VI-DEMO-02']);
    assert.deepEqual(saved(), ['VI-DEMO-01', 'VI-DEMO-02', 'VI-DEMO-04', 'VI-DEMO-05', 'VI-DEMO-06']);
  });

  it('refuses a relative file path and a non-list instanceIds', async function () {
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('voiceSms.addVoiceInstance', { file: 'ids.csv' })), /absolute/);
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('voiceSms.addVoiceInstance', { instanceIds: 'VI-1' })),
      /list of strings/,
    );
  });

  it('500 ids go in with one write, and the tree lists them without asking the service', async function () {
    const api = profile!.api;
    const ids = demoInstanceIds(500);
    profile!.sim.requests.length = 0;
    const asked = profile!.sim.requestCount;
    const t0 = performance.now();
    const { value: report, writes } = await countingWrites(() =>
      vscode.commands.executeCommand<Report>('voiceSms.addVoiceInstance', { instanceIds: ids }),
    );
    const addMs = performance.now() - t0;
    assert.equal(writes, 1);
    assert.equal(report.added.length + report.alreadyListed.length, 500);
    const t1 = performance.now();
    const rows = await waitFor('500 rows', () => {
      const r = api.instancesTree.getChildren();
      return r.length === 500 ? r : undefined;
    });
    rows.forEach((n) => api.instancesTree.getTreeItem(n));
    const renderMs = performance.now() - t1;
    console.log(`    [bulk] 500 ids: command ${addMs.toFixed(0)} ms, root rows and their items ${renderMs.toFixed(0)} ms`);
    assert.equal(profile!.sim.requestCount, asked, 'no request before an instance is expanded');
  });
});
