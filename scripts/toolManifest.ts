// `npm run tools:manifest`: writes package.json's languageModelTools (one entry per spec, in the specs' order;
// nothing else) and the tools' English titles in package.nls.json from the specs (src/tools/specs).
// test/unit/tools/manifest.test.ts fails when either differs, naming the field, so run this after adding or
// changing a spec. What the model reads is the spec's literal English; titles are translated from package.nls.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOL_SPECS } from '../src/tools/index.js';
import { chatManifestEntry, chatNlsEntries, isChatNlsKey } from '../src/tools/manifest.js';

const root = join(__dirname, '..');
const pkgFile = join(root, 'package.json');
const nlsFile = join(root, 'package.nls.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { contributes: { languageModelTools: unknown[] } };
pkg.contributes.languageModelTools = TOOL_SPECS.map(chatManifestEntry);
writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);

const nls = JSON.parse(readFileSync(nlsFile, 'utf8')) as Record<string, string>;
const kept = Object.entries(nls).filter(([k]) => !isChatNlsKey(k));
const tools = TOOL_SPECS.flatMap((s) => Object.entries(chatNlsEntries(s)));
writeFileSync(nlsFile, `${JSON.stringify(Object.fromEntries([...kept, ...tools]), null, 2)}\n`);
console.log(`package.json and package.nls.json: ${TOOL_SPECS.length} chat tools written from src/tools/specs.`);
