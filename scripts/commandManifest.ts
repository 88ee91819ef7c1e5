// `npm run commands:manifest`: writes package.json's contributes.commands, contributes.menus and
// contributes.keybindings (all of each: every entry is a command's) and the commands' English titles in
// package.nls.json from the command table (src/host/commands/table.ts: each spec's `manifest`, in the table's
// order). test/unit/host/commands/manifest.test.ts fails when either file differs, naming the command and the
// field, so run this after adding a command or changing its manifest.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandsManifest, isCommandNlsKey } from '../src/host/commands/manifest.js';
import { loadCommandTable } from './loadWithoutEditor.js';

const root = join(__dirname, '..');
const pkgFile = join(root, 'package.json');
const nlsFile = join(root, 'package.nls.json');
const written = commandsManifest(loadCommandTable());

const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { contributes: Record<string, unknown> };
pkg.contributes['commands'] = written.commands;
pkg.contributes['menus'] = written.menus;
if (written.keybindings.length > 0) pkg.contributes['keybindings'] = written.keybindings;
else delete pkg.contributes['keybindings'];
writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);

// The commands' titles first, where they have always been; the other keys keep their order.
const nls = JSON.parse(readFileSync(nlsFile, 'utf8')) as Record<string, string>;
const kept = Object.entries(nls).filter(([k]) => !isCommandNlsKey(k));
writeFileSync(nlsFile, `${JSON.stringify({ ...written.nls, ...Object.fromEntries(kept) }, null, 2)}\n`);
console.log(`package.json and package.nls.json: ${written.commands.length} commands written from src/host/commands/table.ts.`);
