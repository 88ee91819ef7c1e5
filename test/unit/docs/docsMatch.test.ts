// README.md, CHANGELOG.md and docs/*.md against what the product is: command titles as the palette shows them (category +
// package.nls.json title), the commands the palette hides, setting names with their defaults and scopes, view
// names, the walkthrough's steps, the tools (src/tools specs), the demo's instances (src/simulator/defaults.ts),
// the files Set Up MCP Server copies (dist/ built and followed as the copy follows it) and the constants a copied
// program declares (the writers run on a described request). Every expectation is read from the product, never
// from a hand list; each detector is also shown the sentences that once drifted, and must flag them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createClient } from '../../../src/core/index.js';
import { mcpServerFiles } from '../../../src/shared/mcpServerFiles.js';
import { MCP_CLIENTS } from '../../../src/shared/mcpSetup.js';
import { CODE_LANGUAGES } from '../../../src/shared/requestCode/languages.js';
import { DEMO_INSTANCES } from '../../../src/simulator/defaults.js';
import { TOOL_SPECS } from '../../../src/tools/index.js';
import { buildServer } from '../mcp/harness.js';

const root = path.join(__dirname, '..', '..', '..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
const PAGES = ['README.md', 'CHANGELOG.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const docs = new Map(PAGES.map((p) => [p, read(p)]));
const page = (p: string): string => docs.get(p) ?? assert.fail(`${p} is missing`);

// ---- what the product says, read from its own files ----------------------------------------------------------

const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
const shown = (v: string): string => v.replace(/^%(.+)%$/, (_, k: string) => nls[k] ?? assert.fail(`package.nls.json lacks ${k}`));
interface SettingEntry {
  default?: unknown;
  scope?: string;
}
interface Manifest {
  contributes: {
    viewsWelcome: { contents: string }[];
    commands: { command: string; title: string; category?: string }[];
    menus: { commandPalette?: { command: string; when?: string }[] };
    views: Record<string, { id: string; name: string }[]>;
    walkthroughs: { title: string; steps: { description: string; media: { markdown?: string } }[] }[];
    configuration: { properties: Record<string, SettingEntry> } | { properties: Record<string, SettingEntry> }[];
    languageModelTools: { name: string; toolReferenceName?: string }[];
  };
  activationEvents: string[];
}
const manifest = JSON.parse(read('package.json')) as Manifest;
const c = manifest.contributes;

/** "Voice & SMS: Send Test SMS…" for every command, as the palette lists it. */
const paletteTitles = new Set(c.commands.map((x) => `${x.category ? `${shown(x.category)}: ` : ''}${shown(x.title)}`));
/** Each command's title without its category ("Send Test SMS…"), by command id. */
const commandTitles = new Map(c.commands.map((x) => [x.command, shown(x.title)]));
/** The welcome views' buttons: `[label](command:id)` in their contents. */
const welcomeButtons = c.viewsWelcome.flatMap((w) => commandLinks(shown(w.contents)));
const hiddenTitles = (c.menus.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => shown(c.commands.find((x) => x.command === m.command)!.title));
const settings = Object.assign({}, ...[c.configuration].flat().map((g) => g.properties)) as Record<string, SettingEntry>;
const viewNames = Object.values(c.views)
  .flat()
  .map((v) => shown(v.name));
const walkthrough = { title: shown(c.walkthroughs[0]!.title), steps: c.walkthroughs[0]!.steps.length };
/** Every `voiceSms.*` name the manifest defines or reads. */
const manifestNames = new Set<string>([
  ...c.commands.map((x) => x.command),
  ...Object.keys(settings),
  ...Object.values(c.views)
    .flat()
    .map((v) => v.id),
  ...Object.keys(c.views),
  ...manifest.activationEvents.map((e) => e.replace(/^onWebviewPanel:/, '')),
  ...[...read('package.json').matchAll(/\bvoiceSms\.[A-Za-z]+\b/g)].map((m) => m[0]),
]);
/** String literals of src/, for names that are not the manifest's (performance marks, state keys). */
const sourceLiterals = ((): string => {
  const dir = path.join(root, 'src');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
})();

// ---- detectors: each returns what a page says wrongly ---------------------------------------------------------

/** `[label](command:id)` links of a manifest text (welcome views, walkthrough steps). */
function commandLinks(text: string): { label: string; command: string }[] {
  return [...text.matchAll(/\[([^\]]+)\]\(command:([\w.]+)\)/g)].map((m) => ({ label: m[1]!, command: m[2]! }));
}

const bare = (title: string): string => title.replace(/…$/, '').trim().toLowerCase();
/** `name` is `title` or its first words ("Start Watching" of "Start Watching Voice Instances…"), case aside. */
const namesTitle = (name: string, title: string): boolean => {
  const n = bare(name);
  const t = bare(title);
  return n === t || t.startsWith(`${n} `);
};

/**
 * Command names a page quotes (bold, or backticks) that no command has: a phrase opening with a command's verb
 * ("Copy", "Open", …) must be a command's title, its first words, or a welcome view's button; a command link's label
 * must name the command it runs (its title, first words, or its welcome button).
 */
export function wrongCommandNames(
  text: string,
  titles: ReadonlyMap<string, string>,
  buttons: readonly { label: string; command: string }[],
): string[] {
  const verbs = new Set([...titles.values()].map((t) => t.split(' ')[0]!));
  const known = [...titles.values(), ...buttons.map((b) => b.label)];
  const out: string[] = [];
  for (const m of flat(text).matchAll(/(`|\*\*)([A-Z][^`*]*?)(\.?)\1/g)) {
    const phrase = m[2]!.replace(/^Voice & SMS: /, '');
    // A bold lead-in that ends its own sentence ("**Watch and alerts.** …") names a feature, not a command.
    if (m[1] === '**' && m[3] === '.') continue;
    if (!verbs.has(phrase.split(' ')[0]!) || /[:(]$|[a-z]\.$/.test(phrase)) continue;
    if (!known.some((t) => namesTitle(phrase, t))) out.push(phrase);
  }
  for (const link of commandLinks(text)) {
    const own = [titles.get(link.command) ?? '', ...buttons.filter((b) => b.command === link.command).map((b) => b.label)];
    if (!own.some((t) => t && namesTitle(link.label, t))) out.push(`[${link.label}](command:${link.command})`);
  }
  return out;
}

/** A `{ client: "a" | "b" }` argument list that is not the code's list of agents. */
export function agentListDrift(text: string, clients: readonly string[]): string[] {
  const m = /\{ client: ((?:"\w+"(?: \\?\| )?)+)/.exec(text);
  if (!m) return ['no `{ client: … }` argument'];
  const listed = [...m[1]!.matchAll(/"(\w+)"/g)].map((x) => x[1]!);
  return [...clients.filter((x) => !listed.includes(x)).map((x) => `not listed: ${x}`), ...listed.filter((x) => !clients.includes(x)).map((x) => `not an agent: ${x}`)];
}

/** Folders of src/ and src/host/ that the drawing under `## Layout` does not name (`src/core/`, `watch/`). */
export function layoutDrift(text: string, srcDirs: readonly string[], hostDirs: readonly string[]): string[] {
  const block = /^## Layout\n+```\n([\s\S]*?)```/m.exec(text)?.[1];
  if (!block) return ['no drawing under ## Layout'];
  const tokens = new Set(block.split(/\s+/));
  return [...srcDirs.filter((d) => !tokens.has(`src/${d}/`)).map((d) => `src/${d}/`), ...hostDirs.filter((d) => !tokens.has(`${d}/`)).map((d) => `src/host/${d}/`)];
}

/** What README.md's outline lacks: the title, a sentence and a picture first, then the sections in their order, ≤ 200 lines. */
export function readmeOrder(text: string, title: string): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  if (lines.length > 200) out.push(`${lines.length} lines, more than 200`);
  if (lines[0] !== `# ${title}`) out.push('the title first');
  const first = lines.slice(0, 8).join('\n');
  if (!/^!\[[^\]]+\]\(docs\/screenshots\/[\w-]+\.png\)$/m.test(first)) out.push('a picture in the first 8 lines');
  const sections = lines.filter((l) => l.startsWith('## ')).map((l) => l.slice(3));
  const want = [/^Install$/, /^Quick start$/, /^Features$/, /MCP/, /^Settings$/];
  let at = -1;
  for (const re of want) {
    const i = sections.findIndex((s, j) => j > at && re.test(s));
    if (i < 0) out.push(`no section ${String(re)} after ${sections[at] ?? 'the title'}`);
    else at = i;
  }
  if (sections.at(-1) !== 'Contributing') out.push(`last section: ${sections.at(-1)}, not Contributing`);
  const contributing = text.slice(text.lastIndexOf('\n## '));
  for (const command of ['npm ci && npm start', 'npm test']) if (!contributing.includes(command)) out.push(`${command} not under Contributing`);
  return out;
}

/** Every Node `engines` range of the locked packages npm ci installs everywhere (platform-only ones left out). */
function lockEngines(): string[] {
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { optional?: boolean; engines?: { node?: string } }> };
  return [...new Set(Object.values(lock.packages).flatMap((p) => (p.optional || !p.engines?.node ? [] : [p.engines.node])))];
}
/** The version of the `node` dev dependency the scripts run, as installed. */
function devNode(): string {
  return (JSON.parse(read('node_modules/node/package.json')) as { version: string }).version;
}
// semver has no types of its own and @types/semver is not installed, so it is required (knip.json lists it, unseen).
const semver = createRequire(__filename)('semver') as { satisfies(version: string, range: string): boolean };

/**
 * README's "Node 24.15" (or "Node ≥ 20"): each version it names for npm ci must satisfy every engine range, and the
 * version of the project's own Node must be named, major.minor.
 */
export function nodeClaims(text: string, engines: readonly string[], scriptsNode: string): string[] {
  const out: string[] = [];
  const claims = [...flat(text).matchAll(/\bNode (?:≥ ?)?(\d+(?:\.\d+){0,2})\b/g)].map((m) => m[1]!);
  if (claims.length === 0) out.push('no Node version named');
  for (const v of new Set(claims)) {
    const full = [...v.split('.'), '0', '0'].slice(0, 3).join('.');
    const refused = engines.filter((r) => !semver.satisfies(full, r));
    if (refused.length > 0) out.push(`Node ${v}: npm ci warns (${refused.slice(0, 3).join('; ')}${refused.length > 3 ? '; …' : ''})`);
  }
  const own = scriptsNode.split('.').slice(0, 2).join('.');
  if (!claims.includes(own) && !claims.includes(scriptsNode)) out.push(`the scripts' Node ${own} is not named`);
  return out;
}

/** `#references` the text does not name. */
export function missingReferences(text: string, refs: ReadonlySet<string>): string[] {
  return [...refs].filter((r) => !new RegExp(`#${r}\\b`).test(text)).map((r) => `#${r}`);
}

const flat = (text: string): string => text.replace(/\s+/g, ' ');
const NUMBERS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, 'two dozen': 24,
};
const NUMBER = String.raw`(\d+|two dozen|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const numberOf = (word: string): number => NUMBERS[word.toLowerCase()] ?? Number(word);

/** `Voice & SMS: X` in backticks, quotes or bold that the palette does not show as such. */
export function wrongPaletteTitles(text: string, titles: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of flat(text).matchAll(/(`|"|\*\*)(Voice & SMS: [^`"*]+?)\1/g)) if (!titles.has(m[2]!)) out.push(m[2]!);
  return out;
}

/** A page claiming every command is in the palette, or a commands page not naming the ones it hides. */
export function paletteClaims(text: string, hidden: readonly string[], isCommandsPage: boolean): string[] {
  const t = flat(text);
  const out = [...t.matchAll(/\b(?:all|every command)\b[^.|]{0,40}\bin the palette\b/gi)].map((m) => `claims: ${m[0]}`);
  if (isCommandsPage) {
    const intro = t.slice(0, t.indexOf('|'));
    for (const title of hidden) if (!intro.includes(title)) out.push(`does not say the palette hides "${title}"`);
  }
  return out;
}

/** "N steps" near the walkthrough, and the walkthrough's title as Help → Welcome shows it. */
export function walkthroughDrift(text: string, w: { title: string; steps: number }): string[] {
  const t = flat(text);
  const out: string[] = [];
  for (const m of t.matchAll(new RegExp(String.raw`(?:walk[^.]{0,60}?|Get started[^.]{0,60}?)\b${NUMBER} steps\b`, 'gi'))) {
    if (numberOf(m[1]!) !== w.steps) out.push(m[0]);
  }
  for (const m of t.matchAll(/Help → Welcome → ([^*]+?)\*\*/g)) if (m[1] !== w.title) out.push(`walkthrough "${m[1]}"`);
  return out;
}

/** Tool names that are not the specs', and tool counts that are not theirs. */
export function toolDrift(
  text: string,
  specs: readonly { chatName: string; mcpName: string; annotations: { readOnlyHint?: boolean } }[],
  references: ReadonlySet<string>,
): string[] {
  const t = flat(text);
  const chat = new Set(specs.map((s) => s.chatName));
  const mcp = new Set(specs.map((s) => s.mcpName));
  const out: string[] = [];
  for (const m of t.matchAll(/\bvoiceSms_[A-Za-z]+\b/g)) if (!chat.has(m[0])) out.push(m[0]);
  for (const m of t.matchAll(/#(voiceSms[A-Z]\w*)/g)) if (!references.has(m[1]!)) out.push(`#${m[1]}`);
  for (const m of t.matchAll(/`((?:get|list|send)_[a-z_]+)`/g)) if (!mcp.has(m[1]!)) out.push(m[1]!);
  for (const m of t.matchAll(new RegExp(String.raw`\b${NUMBER} (?:language-model |chat |MCP )?tools\b`, 'gi'))) {
    if (numberOf(m[1]!) !== specs.length) out.push(m[0]);
  }
  const readOnly = specs.filter((x) => x.annotations.readOnlyHint === true).length;
  for (const m of t.matchAll(new RegExp(String.raw`\b${NUMBER} read(?:-only)? tools\b`, 'gi'))) if (numberOf(m[1]!) !== readOnly) out.push(m[0]);
  return out;
}

/** A page's tools table (first column) against the specs' names for that door. */
export function toolTable(text: string, names: readonly string[]): string[] {
  const listed = [...text.matchAll(/^\| `(\w+)`(?: \([^)]*\))? \|/gm)].map((m) => m[1]!).filter((n) => /^(voiceSms_|get_|list_|send_)/.test(n));
  const missing = names.filter((n) => !listed.includes(n)).map((n) => `not listed: ${n}`);
  return [...missing, ...listed.filter((n) => !names.includes(n)).map((n) => `not a tool: ${n}`)];
}

/** `voiceSms.*` names that neither the manifest nor the source defines (`prefix.*` must prefix one). */
export function unknownNames(text: string, known: ReadonlySet<string>, literals: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bvoiceSms\.[A-Za-z][\w.]*[A-Za-z](\.\*)?/g)) {
    const name = m[0];
    if (m[1]) {
      const prefix = name.slice(0, -1);
      if (![...known].some((k) => k.startsWith(prefix)) && !literals.includes(`'${prefix}`) && !literals.includes(`\`${prefix}`)) out.push(name);
    } else if (!known.has(name) && !literals.includes(`'${name}'`)) out.push(name);
  }
  return out;
}

/** The README's settings table: one row per setting, its default and scope as package.json declares. */
export function settingsTable(text: string, all: Readonly<Record<string, SettingEntry>>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(/^\| (`[\w.]+`(?: \/ `[\w.]+`)*) \| ([^|]+) \| (\w+) \|/gm)) {
    const names = [...m[1]!.matchAll(/`([\w.]+)`/g)].map((n) => `voiceSms.${n[1]}`);
    const defaults = m[2]!.split(' / ').map((d) => d.trim().replace(/^`|`$/g, ''));
    names.forEach((name, i) => {
      seen.add(name);
      const s = all[name];
      if (!s) return void out.push(`not a setting: ${name}`);
      const d = s.default;
      const ok = typeof d === 'string' ? defaults[i] === d || defaults[i] === JSON.stringify(d) : defaults[i] === JSON.stringify(d);
      if (!ok) out.push(`${name}: default ${defaults[i]} (package.json ${JSON.stringify(d)})`);
      if ((s.scope ?? 'window') !== m[3]) out.push(`${name}: scope ${m[3]} (package.json ${s.scope ?? 'window'})`);
    });
  }
  for (const name of Object.keys(all)) if (!seen.has(name)) out.push(`no row: ${name}`);
  return out;
}

/** View names: each of ours appears, and "the X view" names one of ours or one of the editor's own. */
export function viewDrift(text: string, ours: readonly string[]): string[] {
  const t = flat(text);
  const editorOwn = new Set(['Extensions', 'Welcome', 'Month']);
  const out = ours.filter((v) => !t.includes(v)).map((v) => `view not named: ${v}`);
  for (const m of t.matchAll(/\b(?:the|in) \*{0,2}([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*)\*{0,2} view\b/g)) {
    if (!ours.includes(m[1]!) && !editorOwn.has(m[1]!)) out.push(`not a view: ${m[1]}`);
  }
  return out;
}

/** The demo's instances: a range ends at the last, a list after "instances" is all of them, a count is theirs. */
export function demoDrift(text: string, instances: readonly string[]): string[] {
  const t = flat(text);
  const last = Number(/(\d+)$/.exec(instances.at(-1)!)![1]);
  const out: string[] = [];
  for (const m of t.matchAll(/VI-DEMO-\d+`? ?(?:…|\.\.\.|to|–) ?`?VI-DEMO-(\d+)/g)) if (Number(m[1]) !== last) out.push(m[0]);
  for (const m of t.matchAll(/instances:? `?VI-DEMO-\d+`?(?:(?:,| and| or|, and) `?VI-DEMO-\d+`?)*(?!\d|`? ?(?:…|\.\.\.|to|–))/g)) {
    const ids = new Set([...m[0].matchAll(/VI-DEMO-\d+/g)].map((x) => x[0]));
    if (ids.size !== instances.length) out.push(m[0]);
  }
  for (const m of t.matchAll(new RegExp(String.raw`\bdemo(?:'s|\b)[^.]{0,80}?\b${NUMBER} (?:voice )?instances\b`, 'gi'))) {
    if (numberOf(m[1]!) !== instances.length) out.push(m[0]);
  }
  return out;
}

/** The folder drawing of the stable server copy names every file the copy holds, and no other bundle. */
export function copiedFilesDrift(text: string, files: readonly string[]): string[] {
  const block = [...text.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => /mcp-server\/\s*\n/.test(b));
  if (!block) return ['no drawing of the mcp-server/ folder'];
  // A file name, with webview/ for the panel files the Apps page inlines (copied under that folder).
  const named = new Set([...block.matchAll(/\b((?:webview\/)?[\w-]+\.(?:js|css))\b/g)].map((m) => m[1]!));
  return [...files.filter((f) => !named.has(f)).map((f) => `not named: ${f}`), ...[...named].filter((f) => !files.includes(f)).map((f) => `not copied: ${f}`)];
}

/** "named constants at the top (`A`, `B`, …)": each named is declared by a program, and each language's are named. */
export function constantsDrift(text: string, declared: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const m = /named constants[^(]*\(([^)]*)\)/.exec(flat(text));
  if (!m) return ['no sentence naming the constants'];
  const named = [...m[1]!.matchAll(/`(\w+)`/g)].map((x) => x[1]!);
  const all = new Set([...declared.values()].flatMap((s) => [...s]));
  const out = named.filter((n) => !all.has(n)).map((n) => `no program declares ${n}`);
  for (const [language, names] of declared) if (!named.some((n) => names.has(n))) out.push(`none of ${language}'s constants named`);
  return out;
}

/** Every duration written in `text` ("about 3 ms", "2.6–3.2 ms", "1.3 s"), as `low–high unit` or `value unit`. */
export function durations(text: string): string[] {
  const figure = /(\d[\d,]*(?:\.\d+)?)(?:\s?(?:–|-|to)\s?(\d[\d,]*(?:\.\d+)?))?\s?(ms|milliseconds?|s|seconds?)\b/g;
  return [...flat(text).matchAll(figure)].map((m) => {
    const unit = m[3]!.startsWith('m') ? 'ms' : 's';
    const value = (n: string): string => n.replace(/,/g, '');
    return m[2] ? `${value(m[1]!)}–${value(m[2])} ${unit}` : `${value(m[1]!)} ${unit}`;
  });
}

/**
 * What the bench states an answer under the caps costs today: the figures of the first `answer blocks` row of
 * `summary` (docs/performance.md's table of today's ranges, first on the page) and of docs/performance.md's newest account of those rows (the last
 * paragraph before its History that names the `answer blocks: target vs …` rows; the stored-month rows are other
 * answers), without the figures it gives as what was before ("(was 22 ms)").
 */
export function statedBoundaryCosts(summary: string, performance: string): Set<string> {
  const row = summary.split('\n').find((l) => l.startsWith('| answer blocks'));
  const current = performance.split(/^## History$/m)[0]!;
  const newest = current
    .split(/\n\s*\n/)
    .filter((p) => p.includes('`answer blocks: target vs'))
    .at(-1);
  return new Set([row ?? '', newest ?? ''].flatMap((t) => durations(t.replace(/\(was [^)]*\)/g, ''))));
}

/**
 * What an answer under the caps costs is measured by the bench's `answer blocks …` rows (bench/boundaryCost.ts): a
 * user page that gives a time for it names those rows in the same sentence and gives a figure they state (`stated`:
 * statedBoundaryCosts), and one that speaks of it points there.
 */
export function boundaryCostDrift(text: string, stated: ReadonlySet<string>): string[] {
  const sentences = flat(text)
    .split(/(?<=\.)\s(?=[A-Z])/)
    .filter((x) => /under the caps/i.test(x));
  const out = sentences
    .filter((x) => durations(x).length > 0 && !x.includes('answer blocks'))
    .map((x) => `a figure without its bench row: ${x}`);
  for (const x of sentences) {
    for (const figure of durations(x)) if (!stated.has(figure)) out.push(`a figure the bench rows do not state (${figure}): ${x}`);
  }
  if (sentences.length > 0 && !flat(text).includes('answer blocks')) out.push('does not point at the answer blocks rows');
  return out;
}

// ---- the pages against the product ---------------------------------------------------------------------------

/** Every page's findings, each prefixed with its page: one assertion shows all of them. */
const acrossPages = (find: (text: string, page: string) => string[]): string[] => [...docs].flatMap(([p, text]) => find(text, p).map((x) => `${p}: ${x}`));
/** docs/development.md's "Adding a panel kind" walks through a made-up kind: its names are examples. */
const withoutExamples = (text: string, p: string): string => (p === 'docs/development.md' ? text.replace(/^## Adding a panel kind\n[\s\S]*?(?=^## )/m, '') : text);

const references = new Set(c.languageModelTools.map((t) => t.toolReferenceName).filter((x): x is string => !!x));

void describe('README and docs match the product', () => {
  void it('README from first screen to last: what it is with a picture, Install, Quick start, Features, the AI doors, settings, Contributing last', () => {
    assert.deepEqual(readmeOrder(page('README.md'), (JSON.parse(read('package.json')) as { displayName: string }).displayName), []);
  });

  void it('README names a Node on which npm ci warns of no engine, and the Node the scripts bring', () => {
    assert.deepEqual(nodeClaims(page('README.md'), lockEngines(), devNode()), []);
  });

  void it('names commands as the palette shows them, and says which the palette hides', () => {
    assert.ok(hiddenTitles.length > 0, 'the manifest hides some commands from the palette');
    assert.deepEqual(acrossPages((text, p) => [...wrongPaletteTitles(text, paletteTitles), ...paletteClaims(text, hiddenTitles, p === 'docs/commands.md')]), []);
  });

  void it('README and the walkthrough name commands by their titles', () => {
    const walkthroughTexts = [
      ...c.walkthroughs[0]!.steps.map((st) => shown(st.description)),
      ...c.walkthroughs[0]!.steps.flatMap((st) => (st.media.markdown ? [read(st.media.markdown)] : [])),
    ];
    assert.ok(walkthroughTexts.length > c.walkthroughs[0]!.steps.length, 'the steps have their pages');
    const found = [page('README.md'), ...walkthroughTexts].flatMap((t, i) => wrongCommandNames(t, commandTitles, welcomeButtons).map((x) => `${i === 0 ? 'README.md' : 'walkthrough'}: ${x}`));
    assert.deepEqual(found, []);
  });

  void it('docs/commands.md lists every agent Set Up MCP Server knows', () => {
    assert.deepEqual(agentListDrift(page('docs/commands.md'), MCP_CLIENTS), []);
  });

  void it("docs/development.md's layout names every folder of src/ and src/host/", () => {
    const dirs = (d: string): string[] => readdirSync(path.join(root, d), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    assert.ok(dirs('src/host').length > 10);
    assert.deepEqual(layoutDrift(page('docs/development.md'), dirs('src'), dirs('src/host')), []);
  });

  void it("the walkthrough's AI step names every # reference", () => {
    const ai = c.walkthroughs[0]!.steps.at(-1)!;
    assert.ok(references.size >= 7, [...references].join(', '));
    assert.deepEqual(missingReferences(read(ai.media.markdown!), references), []);
  });

  void it("counts the walkthrough's steps and names it as the editor does", () => {
    assert.deepEqual(acrossPages((text) => walkthroughDrift(text, walkthrough)), []);
  });

  void it('names the tools of the specs, counts them, and lists every one in both doors', () => {
    assert.deepEqual(acrossPages((text) => toolDrift(text, TOOL_SPECS, references)), []);
    assert.deepEqual(toolTable(page('docs/mcp.md'), TOOL_SPECS.map((s) => s.mcpName)), []);
    assert.deepEqual(toolTable(page('docs/chat-tools.md'), TOOL_SPECS.map((s) => s.chatName)), []);
  });

  void it('names only settings, commands and views that exist; the settings table is the manifest', () => {
    assert.deepEqual(acrossPages((text, p) => unknownNames(withoutExamples(text, p), manifestNames, sourceLiterals)), []);
    assert.deepEqual(settingsTable(page('README.md'), settings), []);
    assert.deepEqual(viewDrift(page('README.md'), viewNames), []);
    // Other pages need not name every view, but a view they name is one.
    assert.deepEqual(acrossPages((text) => viewDrift(text, viewNames).filter((x) => x.startsWith('not a view'))), []);
  });

  void it('gives what an answer under the caps costs only with the bench rows that measure it, and their figures', () => {
    const userPages = ['docs/service.md', 'docs/security.md', 'docs/usage.md', 'docs/mcp.md'];
    const stated = statedBoundaryCosts(page('docs/performance.md'), page('docs/performance.md'));
    assert.ok(stated.size >= 3, `the bench's figures for the rows: ${[...stated].join(', ')}`);
    assert.deepEqual(acrossPages((text, p) => (userPages.includes(p) ? boundaryCostDrift(text, stated) : [])), []);
  });

  void it("counts the demo's instances as the simulator serves them", () => {
    assert.deepEqual(acrossPages((text) => demoDrift(text, DEMO_INSTANCES)), []);
  });

  void it("names the constants Copy Request as Code's programs declare", () => {
    assert.deepEqual(constantsDrift(page('docs/usage.md'), declaredConstants()), []);
  });

  void describe('the files Set Up MCP Server copies', () => {
    let files: string[] = [];
    let dispose = (): void => undefined;
    before(async () => {
      const built = await buildServer();
      dispose = () => built.dispose();
      const dir = path.dirname(built.mcpJs);
      files = mcpServerFiles((n) => readFileSync(path.join(dir, n), 'utf8'));
    });
    after(() => dispose());

    void it('are all drawn in docs/mcp.md', () => {
      assert.ok(files.length > 2, `the build's server requires ${files.join(', ')}`);
      assert.deepEqual(copiedFilesDrift(page('docs/mcp.md'), files), []);
    });
  });
});

/** The constants each program language declares, from the writers run on a described month request. */
function declaredConstants(): Map<string, Set<string>> {
  const client = createClient({ baseUrl: 'https://api.example.com', credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
  const out = new Map<string, Set<string>>();
  try {
    for (const call of [
      { operation: 'calls', instanceId: 'VI-1', monthId: '202611' },
      { operation: 'activities', instanceId: 'VI-1', dateId: '20261101' },
    ] as const) {
      const described = client.describeRequest(call);
      for (const language of CODE_LANGUAGES.filter((l) => l.id !== 'sh')) {
        const names = out.get(language.name) ?? new Set<string>();
        for (const m of language.write(described).matchAll(/^(?:const )?([A-Za-z_]\w*) = /gm)) names.add(m[1]!);
        out.set(language.name, names);
      }
    }
  } finally {
    void client.close();
  }
  return out;
}

// ---- the detectors flag the sentences that drifted before -----------------------------------------------------

void describe('docs detectors flag what once drifted', () => {
  void it('a palette title that is not one', () => {
    assert.deepEqual(wrongPaletteTitles('3. **Send Test SMS** (or `Voice & SMS: Send SMS`) sends', paletteTitles), ['Voice & SMS: Send SMS']);
    assert.deepEqual(wrongPaletteTitles('or `Voice & SMS: Send Test SMS…`', paletteTitles), []);
  });

  void it('a command named otherwise than its title, in bold, backticks or a command link', () => {
    assert.deepEqual(wrongCommandNames('- **Copy as cURL** repeats a request in a shell', commandTitles, welcomeButtons), ['Copy as cURL']);
    assert.deepEqual(wrongCommandNames('Click a day to see its activities; **Open Trend** shows twelve months', commandTitles, welcomeButtons), ['Open Trend']);
    assert.deepEqual(wrongCommandNames('[Open Trend](command:voiceSms.openTrend)', commandTitles, welcomeButtons), ['[Open Trend](command:voiceSms.openTrend)']);
    assert.deepEqual(
      wrongCommandNames('**Copy Request as cURL**, **Start Watching**, `Voice & SMS: Stop Offline Demo`, **Try the offline demo**, [Try the Offline Demo](command:voiceSms.startDemo), **Open Month View**. **Offline demo.**', commandTitles, welcomeButtons),
      [],
    );
  });

  void it('a README with Contributing before Quick start, over 200 lines, and no picture', () => {
    const old = ['# T', '', 'Status: early.', '', '## Install', '', '## Contributing', 'npm ci && npm start', 'npm test', '', '## Quick start', '', '## Features', '', '## MCP', '', '## Settings', '', '## License', ...Array<string>(190).fill('')].join('\n');
    assert.deepEqual(readmeOrder(old, 'T'), ['209 lines, more than 200', 'a picture in the first 8 lines', 'last section: License, not Contributing', 'npm ci && npm start not under Contributing', 'npm test not under Contributing']);
  });

  void it('README saying Node ≥ 20 for npm ci, and nothing of the Node the scripts run', () => {
    const old = 'build the VSIX from this repository (needs Node ≥ 20 and npm)';
    const found = nodeClaims(old, lockEngines(), devNode());
    assert.equal(found.length, 2, found.join('\n'));
    assert.match(found[0]!, /^Node 20: npm ci warns/);
    assert.match(found[1]!, /is not named/);
  });

  void it('a layout without a room', () => {
    const old = '## Layout\n\n```\nsrc/core/ the client\nsrc/host/ the host:\n  shell/ start-up\n  balance/ sms/ chat/ demo/ use cases\n```\n';
    assert.deepEqual(layoutDrift(old, ['core', 'host'], ['shell', 'balance', 'sms', 'chat', 'demo', 'watch', 'mcp']), ['src/host/watch/', 'src/host/mcp/']);
  });

  void it('an agent list of four', () => {
    const old = '| `voiceSms.setUpMcpServer` | `{ client: "vscode" \\| "cursor" \\| "claudeCode" \\| "claudeDesktop", show? }` |';
    assert.deepEqual(agentListDrift(old, MCP_CLIENTS), ['not listed: windsurf', 'not listed: codex', 'not listed: gemini']);
  });

  void it('an AI step naming five of the seven references', () => {
    const old = 'point the model at a tool with `#voiceSmsMonth`, `#voiceSmsTrend`, `#voiceSmsDay`, `#voiceSmsBalance` or `#voiceSmsInstances`';
    assert.deepEqual(missingReferences(old, references), ['#voiceSmsOverview', '#voiceSmsSendTestSms']);
  });

  void it('"all in the palette", and a commands page that does not say which are hidden', () => {
    const old = '# Commands\n\nAll in the palette under **Voice & SMS**. Every command that prompts\n\n| Command |';
    assert.equal(paletteClaims(old, hiddenTitles, true).length, 1 + hiddenTitles.length);
  });

  void it('a walkthrough of the wrong length', () => {
    assert.equal(walkthroughDrift('**Help → Welcome → Get started with Voice & SMS** walks through the same four steps.', walkthrough).length, walkthrough.steps === 4 ? 0 : 1);
    assert.equal(walkthroughDrift('walks through it in four steps: sign in', walkthrough).length, 1);
    assert.equal(walkthroughDrift('**Help → Welcome → Getting started** walks', walkthrough).length, 1);
  });

  void it('a tool count or name that is not the specs', () => {
    assert.deepEqual(toolDrift('The same six tools; `get_calls` and voiceSms_getCalls; the seven read tools', TOOL_SPECS, references), [
      'voiceSms_getCalls',
      'get_calls',
      'six tools',
      'seven read tools',
    ]);
  });

  void it('a setting or command that does not exist, and a settings table that is not the manifest', () => {
    assert.deepEqual(unknownNames('`voiceSms.sms.region` and `voiceSms.auth.*`, `voiceSms.nope.*`', manifestNames, sourceLiterals), ['voiceSms.sms.region', 'voiceSms.nope.*']);
    const table = '| `monthsInTree` | `6` | window | x |\n| `sms.defaultRegion` | `""` | window | x |';
    const found = settingsTable(table, settings);
    assert.ok(found.includes('voiceSms.monthsInTree: default 6 (package.json 12)'), found.join('\n'));
    assert.ok(found.includes('voiceSms.sms.defaultRegion: scope window (package.json application)'), found.join('\n'));
    assert.ok(found.includes('no row: voiceSms.profiles'));
  });

  void it('a view that is not one', () => {
    assert.deepEqual(viewDrift('the **Sent Messages** view', viewNames).slice(-1), ['not a view: Sent Messages']);
  });

  void it('a figure for what an answer under the caps costs, without its bench row', () => {
    const stated = new Set(['20–80 ms']);
    const bare = 'An answer under the caps is read, and reading it is not free: a plain 1 MB answer takes about 20–80 ms of CPU.';
    assert.equal(boundaryCostDrift(`${bare} See [Performance](performance.md) for the answer blocks rows.`, stated).length, 1);
    assert.deepEqual(boundaryCostDrift(bare.replace('CPU.', 'CPU (`npm run bench -- --only "answer blocks"`).'), stated), []);
    assert.deepEqual(boundaryCostDrift('An answer under the caps takes time. A crowded answer is refused in 20 ms.', stated), [
      'does not point at the answer blocks rows',
    ]);
  });

  void it('a figure for what an answer under the caps costs that the bench rows do not state', () => {
    // The bench's figures as README's row and performance.md's newest paragraph give them; an old one "(was …)" is not.
    const readme = '| answer blocks: the longest hold | 1.6–2.6 ms for 1 MB answers, 11–19 ms just under 128 KiB | target <= 50 ms |';
    const performance = 'Older.\n\nThe `answer blocks` rows: 1 MB answers 9 ms.\n\nThe `answer blocks` rows now: 1.6-2.6 ms (was 22 ms).\n\n## History\n\nThe `answer blocks` rows: 40 ms.';
    const stated = statedBoundaryCosts(readme, performance);
    assert.deepEqual([...stated].sort(), ['1.6–2.6 ms', '11–19 ms', '50 ms']);
    const right = 'The host is held 1.6–2.6 ms by an answer under the caps, and about 11–19 ms by one just under 128 KiB (`answer blocks`).';
    assert.deepEqual(boundaryCostDrift(right, stated), []);
    for (const wrong of ['about 20 ms', '11–29 ms', '22 ms', '9 ms', '40 ms'])
      assert.deepEqual(
        boundaryCostDrift(right.replace('about 11–19 ms', wrong), stated).map((x) => x.slice(0, x.indexOf(')') + 1)),
        [`a figure the bench rows do not state (${durations(wrong)[0]})`],
        wrong,
      );
  });

  void it("the demo's instances: two listed, a short range, a wrong count", () => {
    const old = "and points every tool at it: the demo's voice instances `VI-DEMO-01` and `VI-DEMO-02`, the account `ACC-DEMO`";
    assert.equal(demoDrift(old, DEMO_INSTANCES).length, 1);
    assert.equal(demoDrift('the demo instances (`VI-DEMO-01` … `VI-DEMO-12`)', DEMO_INSTANCES).length, 1);
    assert.equal(demoDrift('a "Demo (offline)" profile with two voice instances', DEMO_INSTANCES).length, 1);
    assert.deepEqual(demoDrift(`the demo's ${DEMO_INSTANCES.length} instances, \`VI-DEMO-01\` … \`${DEMO_INSTANCES.at(-1)}\``, DEMO_INSTANCES), []);
  });

  void it('a copied-files drawing with one bundle', () => {
    const old = '```\nmcp-server/\n  mcp.js   the launcher\n  0.1.0-<hash>/  dist/mcp.js and the bundles it requires (dist/core.js)\n```';
    assert.deepEqual(copiedFilesDrift(old, ['mcp.js', 'core.js', 'undici.js']), ['not named: undici.js']);
  });

  void it("constants named the way one language spells them", () => {
    const old = 'The ids are named constants at the top (`INSTANCE_ID`, `MONTH_ID`, …) that the program percent-encodes';
    assert.deepEqual(constantsDrift(old, declaredConstants()), ["none of Node.js's constants named"]);
  });
});
