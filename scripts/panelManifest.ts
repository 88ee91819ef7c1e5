// `npm run panels:manifest`: writes package.json's `onWebviewPanel:` activation events from the view types
// of the panel kinds (their registrations, listed in src/panels/index.ts). VS Code reads them statically to
// restore a kind's panels after a reload, so they cannot be derived at run time;
// test/unit/panels/kinds.test.ts fails when they differ. Other activation events
// (onStartupFinished: the extension starts with every window) are kept, ahead of the panels'.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPanelKinds } from './loadWithoutEditor.js';

const PREFIX = 'onWebviewPanel:';
const file = join(__dirname, '..', 'package.json');
const pkg = JSON.parse(readFileSync(file, 'utf8')) as { activationEvents?: string[] };
const others = (pkg.activationEvents ?? []).filter((e) => !e.startsWith(PREFIX));
const panels = Object.values(loadPanelKinds()).map((k) => `${PREFIX}${k.viewType}`);
pkg.activationEvents = [...others, ...panels];
writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`package.json: ${panels.length} onWebviewPanel activation events written from the panel kinds.`);
