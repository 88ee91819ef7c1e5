import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMAND_CATEGORY, COMMAND_IDS, EXTENSION_ID } from './contract.js';

interface ContributedCommand {
  command: string;
  title: string;
  category?: string;
}

function contributedCommands(): ContributedCommand[] {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  const pkg = ext.packageJSON as { contributes?: { commands?: ContributedCommand[] } };
  return pkg.contributes?.commands ?? [];
}

describe('commands', () => {
  let registered: Set<string>;

  before(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
    registered = new Set(await vscode.commands.getCommands(true));
  });

  it('registers every command id of the product contract', () => {
    const missing = COMMAND_IDS.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `not registered after activation: ${missing.join(', ')}`);
  });

  it('contributes every command of the product contract to package.json', () => {
    const contributed = new Set(contributedCommands().map((c) => c.command));
    const missing = COMMAND_IDS.filter((id) => !contributed.has(id));
    assert.deepEqual(missing, [], `not in contributes.commands: ${missing.join(', ')}`);
  });

  it('registers a handler for every contributed command (no dead palette entries)', () => {
    const dead = contributedCommands()
      .map((c) => c.command)
      .filter((id) => !registered.has(id));
    assert.deepEqual(dead, [], `contributed but never registered: ${dead.join(', ')}`);
  });

  it(`puts every contributed command in the "${COMMAND_CATEGORY}" category with a title`, () => {
    const wrong = contributedCommands().filter((c) => c.category !== COMMAND_CATEGORY || !c.title);
    assert.deepEqual(
      wrong.map((c) => c.command),
      [],
      `commands without the category or a title: ${wrong.map((c) => c.command).join(', ')}`,
    );
  });
});
