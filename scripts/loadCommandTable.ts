// The command table (src/host/commands/table.ts) in plain Node, for npm run commands:manifest and its drift test
// (test/unit/host/commands/manifest.test.ts). The command files import `vscode`, which only the editor provides;
// here it resolves to an empty object. That is enough because nothing the table loads touches vscode until a
// command runs (the specs' manifests are plain data); a module that did would fail to load, and this says so.
import { registerHooks } from 'node:module';
import type { CommandTable } from '../src/host/commands/table.js';

const STAND_IN = 'vscode-stand-in:vscode';
let hooked = false;

export function loadCommandTable(): CommandTable {
  if (!hooked) {
    registerHooks({
      resolve: (specifier, context, next) => (specifier === 'vscode' ? { url: STAND_IN, shortCircuit: true } : next(specifier, context)),
      load: (url, context, next) =>
        url === STAND_IN ? { format: 'commonjs', source: 'module.exports = {};', shortCircuit: true } : next(url, context),
    });
    hooked = true;
  }
  try {
    // After the hook, so the command files' `import * as vscode` finds the stand-in.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('../src/host/commands/table.js') as { COMMAND_TABLE: CommandTable }).COMMAND_TABLE;
  } catch (e) {
    throw new Error(
      `The command table does not load outside the editor: a module it imports uses vscode as it loads (keep vscode calls inside functions). ${String(e)}`,
      { cause: e },
    );
  }
}
