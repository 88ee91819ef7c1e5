// `npm run tools:manifest`: writes each chat tool's name, modelDescription, inputSchema and `when` in
// package.json's languageModelTools from its spec (src/tools/specs). test/unit/tools/manifest.test.ts
// fails when the two differ, so run this after changing a spec. Titles and user descriptions stay in
// package.nls.json (translated); what the model reads is the spec's literal English.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOL_SPECS } from '../src/tools/index.js';
import { chatManifestEntry } from '../src/tools/manifest.js';

const file = join(__dirname, '..', 'package.json');
const pkg = JSON.parse(readFileSync(file, 'utf8')) as { contributes: { languageModelTools: Array<Record<string, unknown>> } };
for (const spec of TOOL_SPECS) {
  const entry = pkg.contributes.languageModelTools.find((t) => t['name'] === spec.chatName);
  if (!entry) throw new Error(`package.json has no languageModelTools entry ${spec.chatName}: add it (displayName, icon, tags…) first`);
  const want = chatManifestEntry(spec);
  entry['modelDescription'] = want.modelDescription;
  entry['inputSchema'] = want.inputSchema;
  entry['when'] = want.when;
}
writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`package.json: ${TOOL_SPECS.length} languageModelTools entries written from src/tools/specs.`);
