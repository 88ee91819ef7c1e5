// The command table (src/host/commands/table.ts) and the panel kinds (src/panels/kinds.ts) in plain Node, for the
// manifest scripts (npm run commands:manifest, panels:manifest) and their drift tests. Their files import `vscode`,
// which only the editor provides; here it resolves to an empty object. That is enough because nothing they load
// touches vscode until a command runs or a panel opens; a module that did would fail to load, and this says so.
import { registerHooks } from 'node:module';
import type { CommandTable } from '../src/host/commands/table.js';
import type { KINDS as Kinds } from '../src/panels/kinds.js';

const STAND_IN = 'vscode-stand-in:vscode';
let hooked = false;

function loadWithoutEditor<T>(path: string, what: string): T {
  if (!hooked) {
    registerHooks({
      resolve: (specifier, context, next) => (specifier === 'vscode' ? { url: STAND_IN, shortCircuit: true } : next(specifier, context)),
      load: (url, context, next) =>
        url === STAND_IN ? { format: 'commonjs', source: 'module.exports = {};', shortCircuit: true } : next(url, context),
    });
    hooked = true;
  }
  try {
    // After the hook, so the files' `import * as vscode` finds the stand-in.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(path) as T;
  } catch (e) {
    throw new Error(
      `${what} does not load outside the editor: a module it imports uses vscode as it loads (keep vscode calls inside functions). ${String(e)}`,
      { cause: e },
    );
  }
}

export function loadCommandTable(): CommandTable {
  return loadWithoutEditor<{ COMMAND_TABLE: CommandTable }>('../src/host/commands/table.js', 'The command table').COMMAND_TABLE;
}

/** Every panel kind's registration, by name (src/panels/index.ts, the list). */
export function loadPanelKinds(): typeof Kinds {
  return loadWithoutEditor<{ KINDS: typeof Kinds }>('../src/panels/kinds.js', 'The panel kinds').KINDS;
}
