import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './contract.js';

describe('activation', () => {
  it('finds the extension by its id and activates it', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded in this host`);
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it('declares the identity contract.ts fixes', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    const pkg = ext.packageJSON as { displayName?: string; extensionKind?: string[]; main?: string };
    assert.equal(pkg.displayName, 'Voice & SMS Toolkit');
    assert.deepEqual(pkg.extensionKind, ['workspace']);
    assert.equal(pkg.main, './dist/extension.js');
  });
});
