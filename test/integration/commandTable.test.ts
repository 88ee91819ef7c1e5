// The command table and its wrapper in the real editor: every command the manifest contributes (and every
// id of shared/ids.ts) has an entry in dist/features.js's table, and a command whose run() fails is shown
// once through the wrapper (one "<title> failed" line in the log, which showError writes beside the
// notification) while executeCommand resolves undefined; a program's bad argument is refused clearly.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from './waitFor.js';
import { COMMANDS } from '../../src/shared/ids.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';
import { EXTENSION_ID } from './contract.js';
import { channelText } from './logFile.js';

function count(text: string, needle: string): number {
  return text.split('\n').filter((l) => l.includes(needle)).length;
}

describe('command table and wrapper', function () {
  this.timeout(30_000);
  let ext: vscode.Extension<unknown>;
  let api: VoiceSmsTestApi;

  before(async () => {
    const found = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(found, `${EXTENSION_ID} is not loaded`);
    ext = found;
    api = (await ext.activate()) as VoiceSmsTestApi;
  });

  it('has one entry for every contributed command and every id of shared/ids.ts', () => {
    // The same module the command stubs load (Node's require cache): the shipped table, not a copy.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const features = require(path.join(ext.extensionPath, 'dist', 'features.js')) as { commandTableIds(): string[] };
    const table = new Set(features.commandTableIds());
    const contributed = (ext.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands.map(
      (c) => c.command,
    );
    assert.ok(contributed.length > 0);
    for (const id of [...contributed, ...Object.values(COMMANDS)]) assert.ok(table.has(id), `no table entry for ${id}`);
    assert.equal(table.size, contributed.length);
  });

  it('shows a failure once and resolves undefined (copyId with an id that cannot be one)', async () => {
    const before = count(await channelText(api), 'Copy ID failed');
    assert.equal(await vscode.commands.executeCommand('voiceSms.copyId', { instanceId: 'VI/1' }), undefined);
    let after = before;
    const deadline = Date.now() + 10_000;
    while (after === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      after = count(await channelText(api), 'Copy ID failed');
    }
    // A barrier, not a pause: a line logged after the command returned has reached the file, and a second report
    // of the same failure would have been written before it.
    const barrier = `command table barrier ${Date.now()}`;
    api.log.info(barrier);
    await waitFor('the barrier line in the log', async () => (await channelText(api)).includes(barrier));
    after = count(await channelText(api), 'Copy ID failed');
    assert.equal(after - before, 1, 'the failure was not reported exactly once');
  });

  it("throws a program's bad argument back with a message naming the field (exportMonth)", async () => {
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('voiceSms.exportMonth', { format: 'xml', target: 'clipboard' })),
      (e: unknown) => e instanceof Error && /format/.test(e.message) && /csv/.test(e.message),
    );
  });
});
