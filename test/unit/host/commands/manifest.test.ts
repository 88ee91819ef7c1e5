// package.json's commands, menus and keybindings and the commands' titles in package.nls.json are the command
// table's manifests (src/host/commands/table.ts): a drift in an id, a title, an icon, a palette clause, a menu
// entry or a key between them fails here, naming the command and the field. `npm run commands:manifest` rewrites
// both files from the table.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadCommandTable } from '../../../../scripts/loadWithoutEditor.js';
import {
  commandEntry,
  commandNlsKey,
  commandsManifest,
  isCommandNlsKey,
  keybindingEntries,
  menuEntries,
  type MenuEntry,
} from '../../../../src/host/commands/manifest.js';
import { commandId, COMMANDS } from '../../../../src/shared/ids.js';

const root = join(__dirname, '..', '..', '..', '..');
const FIX = '(npm run commands:manifest)';

interface Contributes {
  commands: Array<Record<string, unknown> & { command: string }>;
  menus: Record<string, MenuEntry[]>;
  keybindings?: Array<Record<string, unknown> & { command: string }>;
}

function contributes(): Contributes {
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: Contributes }).contributes;
}
function nls(): Record<string, string> {
  return JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
}

/** Each field of `want` and `actual` (either side's), compared one by one so the message names it. */
function sameFields(actual: object | undefined, want: object, where: string): void {
  assert.ok(actual, `${where} is missing ${FIX}`);
  const a = actual as Record<string, unknown>;
  const w = want as Record<string, unknown>;
  for (const field of new Set([...Object.keys(w), ...Object.keys(a)]))
    assert.deepEqual(a[field], w[field], `${where}: ${field} differs from its spec ${FIX}`);
}

/** A list of entries compared entry by entry, then field by field. */
function sameEntries(actual: object[], want: object[], list: string, id: string): void {
  assert.equal(actual.length, want.length, `${list} has ${actual.length} entries of ${id}, its spec ${want.length} ${FIX}`);
  want.forEach((w, i) => sameFields(actual[i], w, `${list} entry ${i + 1} of ${id}`));
}

const table = loadCommandTable();

void describe('command table and package.json / package.nls.json', () => {
  void it('contributes exactly the table, in its order, with every shipped id of shared/ids.ts under its key', () => {
    assert.deepEqual(
      contributes().commands.map((c) => c.command),
      Object.keys(table).map(commandId),
      `package.json commands differ from src/host/commands/table.ts ${FIX}`,
    );
    for (const [key, id] of Object.entries(COMMANDS)) assert.equal(id, commandId(key), `COMMANDS.${key}`);
  });

  for (const [key, spec] of Object.entries(table)) {
    const id = commandId(key);
    void it(`${id}: its entry, title, palette clause, menu entries and keys equal its spec, field by field`, () => {
      const c = contributes();
      sameFields(
        c.commands.find((x) => x.command === id),
        commandEntry(key, spec.manifest),
        `package.json commands entry of ${id}`,
      );
      assert.equal(nls()[commandNlsKey(key)], spec.manifest.title, `package.nls.json ${commandNlsKey(key)} differs from its spec ${FIX}`);
      const menus = menuEntries(key, spec.manifest);
      for (const menu of new Set([...Object.keys(c.menus), ...menus.map(([m]) => m)]))
        sameEntries(
          (c.menus[menu] ?? []).filter((e) => e.command === id),
          menus.filter(([m]) => m === menu).map(([, e]) => e),
          `package.json menus["${menu}"]`,
          id,
        );
      sameEntries(
        (c.keybindings ?? []).filter((k) => k.command === id),
        keybindingEntries(key, spec.manifest),
        'package.json keybindings',
        id,
      );
    });
  }

  void it('holds nothing else: no entry of another command, no stale title, the order the script writes', () => {
    const c = contributes();
    const want = commandsManifest(table);
    assert.deepEqual(c.menus, want.menus, `package.json menus differ from the table's ${FIX}`);
    assert.deepEqual(c.keybindings ?? [], want.keybindings, `package.json keybindings differ from the table's ${FIX}`);
    assert.deepEqual(
      Object.keys(nls()).filter(isCommandNlsKey),
      Object.keys(want.nls),
      `package.nls.json command titles differ from the table's ${FIX}`,
    );
  });
});

void describe('title-bar buttons follow the palette', () => {
  void it('a command the palette lists only while signed in shows in no view title bar while signed out', () => {
    const signedIn = 'voiceSms.signedIn';
    const loose = Object.entries(table).flatMap(([key, spec]) => {
      const palette = spec.manifest.palette;
      if (typeof palette !== 'string' || !palette.includes(signedIn)) return [];
      return (spec.manifest.menus ?? [])
        .filter((m) => m.menu === 'view/title' && !(m.when ?? '').includes(signedIn))
        .map((m) => `${commandId(key)}: ${m.when ?? '(always)'}`);
    });
    assert.deepEqual(loose, []);
  });
});
