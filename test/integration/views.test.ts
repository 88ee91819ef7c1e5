import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, VIEW_CONTAINER_ID, VIEW_IDS } from './contract.js';

describe('views', () => {
  before(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
  });

  it(`contributes the activity-bar container "${VIEW_CONTAINER_ID}" with the three views`, () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
      contributes?: { viewsContainers?: { activitybar?: { id: string }[] }; views?: Record<string, { id: string }[]> };
    };
    const containers = pkg.contributes?.viewsContainers?.activitybar?.map((c) => c.id) ?? [];
    assert.ok(containers.includes(VIEW_CONTAINER_ID), `activitybar containers: ${containers.join(', ')}`);
    const views = (pkg.contributes?.views?.[VIEW_CONTAINER_ID] ?? []).map((v) => v.id);
    assert.deepEqual([...views].sort(), [...VIEW_IDS].sort());
  });

  it('opens the container from its workbench command', async () => {
    // The workbench registers this command only for a container it knows; unknown ids reject.
    await vscode.commands.executeCommand(`workbench.view.extension.${VIEW_CONTAINER_ID}`);
  });

  for (const id of VIEW_IDS) {
    it(`focuses the view ${id}`, async () => {
      await vscode.commands.executeCommand(`${id}.focus`);
    });
  }
});
