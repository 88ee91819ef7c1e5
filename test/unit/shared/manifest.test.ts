// package.json against src/shared/ids.ts and the host's defaults: a renamed id, a missing title,
// a setting whose default drifted from the code or a welcome button to nowhere fails here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import UPNG from 'upng-js';
import { DEFAULT_SETTINGS, NUMBER_BOUNDS } from '../../../src/host/profile/settings.js';
import {
  COMMAND_CATEGORY,
  COMMANDS,
  CONTEXT_KEYS,
  fullSettingKey,
  RESTRICTED_SETTINGS,
  SETTINGS,
  TREE_ITEM_KINDS,
  VIEW_CONTAINER_ID,
  VIEWS,
} from '../../../src/shared/ids.js';
import { loadPanelKinds } from '../../../scripts/loadWithoutEditor.js';

const root = join(__dirname, '..', '..', '..');
const rawPkg = readFileSync(join(root, 'package.json'), 'utf8');
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

interface Command {
  command: string;
  title: string;
  category?: string;
  icon?: string;
}
interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}
interface Setting {
  type: string;
  default: unknown;
  scope?: string;
  description?: string;
  markdownDescription?: string;
  minimum?: number;
  maximum?: number;
  enum?: string[];
}
interface Manifest {
  main: string;
  icon: string;
  categories: string[];
  capabilities?: {
    untrustedWorkspaces?: { supported: boolean | 'limited'; description?: string; restrictedConfigurations?: string[] };
    virtualWorkspaces?: boolean | { supported: boolean | 'limited'; description?: string };
  };
  activationEvents: string[];
  contributes: {
    viewsContainers: { activitybar: { id: string; title: string; icon: string }[] };
    views: Record<string, { id: string; name: string; icon?: string }[]>;
    languageModelTools?: { name: string }[];
    viewsWelcome: { view: string; contents: string; when?: string }[];
    commands: Command[];
    menus: Record<string, MenuItem[]>;
    configuration: SettingsGroup[] | SettingsGroup;
  };
}
/** One titled group of the Settings editor; `order` places the group, and each setting within it. */
interface SettingsGroup {
  title: string;
  order?: number;
  properties: Record<string, Setting & { order?: number }>;
}

/** The manifest as the editor shows it: every `%key%` replaced from package.nls.json. */
function resolve(value: unknown): unknown {
  if (typeof value === 'string') {
    const m = /^%(.+)%$/.exec(value);
    if (!m?.[1]) return value;
    const text = nls[m[1]];
    assert.ok(text !== undefined, `package.nls.json lacks ${m[1]}`);
    return text;
  }
  if (Array.isArray(value)) return value.map(resolve);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  return value;
}
const pkg = resolve(JSON.parse(rawPkg)) as Manifest;
const c = pkg.contributes;
/** The contributed commands (the command table's, test/unit/host/commands/manifest.test.ts keeps them equal). */
const commandIds = new Set<string>(c.commands.map((x) => x.command));

/** `voiceSms.*` names a when clause may use: context keys, view ids, tree item kinds. */
const knownWhenNames = new Set<string>([...Object.values(CONTEXT_KEYS), ...Object.values(VIEWS), ...Object.values(TREE_ITEM_KINDS)]);
/** The editor's side of src, the code that may call the editor API: the shell and the feature rooms of src/host. */
const EDITOR_SIDE = ['shell', 'host'];

/** Every .ts file of the editor's side, as its path under src/. */
function editorSideSources(): string[] {
  return EDITOR_SIDE.flatMap((dir) =>
    readdirSync(join(root, 'src', dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(dir, f)),
  );
}

/** Context keys (`….set(CONTEXT_KEYS.x, …)`) and `contextValue`s that the editor's side assigns, read from its source. */
function whatTheHostSets(): { keys: Set<string>; items: Set<string> } {
  const keys = new Set<string>();
  const items = new Set<string>();
  const kinds = TREE_ITEM_KINDS as Record<string, string>;
  const ctx = CONTEXT_KEYS as Record<string, string>;
  for (const file of editorSideSources()) {
    const src = readFileSync(join(root, 'src', file), 'utf8');
    for (const m of src.matchAll(/\.set\(CONTEXT_KEYS\.(\w+)/g)) {
      const key = m[1] ? ctx[m[1]] : undefined;
      if (key) keys.add(key);
    }
    for (const line of src.split('\n').filter((l) => /\.contextValue\s*=/.test(l))) {
      for (const m of line.matchAll(/TREE_ITEM_KINDS\.(\w+)(?:\}([.\w]+)`)?/g)) {
        const base = m[1] ? kinds[m[1]] : undefined;
        if (base) items.add(base + (m[2] ?? ''));
      }
    }
  }
  return { keys, items };
}

function unknownWhenNames(when: string | undefined): string[] {
  return [...(when ?? '').matchAll(/voiceSms\.[A-Za-z]+/g)].map((m) => m[0]).filter((n) => !knownWhenNames.has(n));
}

void describe('manifest: localisation', () => {
  void it('resolves every %key% and leaves no unused key in package.nls.json', () => {
    const used = new Set([...rawPkg.matchAll(/"%([^"%]+)%"/g)].map((m) => m[1]));
    assert.deepEqual(
      Object.keys(nls).filter((k) => !used.has(k)),
      [],
    );
  });
});

void describe('manifest: commands', () => {
  void it('contributes every shipped command id of ids.ts, each command with a title and the category', () => {
    for (const id of Object.values(COMMANDS)) assert.ok(commandIds.has(id), `${id} is not contributed`);
    for (const x of c.commands) {
      assert.equal(x.category, COMMAND_CATEGORY, x.command);
      assert.ok(x.title.length > 2, x.command);
    }
  });

  void it('gives every command used in a view title bar navigation slot an icon', () => {
    for (const item of c.menus['view/title'] ?? []) {
      if (!item.group?.startsWith('navigation')) continue;
      assert.match(c.commands.find((x) => x.command === item.command)?.icon ?? '', /^\$\([a-z-]+\)$/, item.command);
    }
  });

  void it('puts refresh and add on the instances view and refresh balance on the account view', () => {
    const titleBar = c.menus['view/title'] ?? [];
    const on = (view: string, command: string): boolean =>
      titleBar.some((m) => m.command === command && (m.when ?? '').includes(`view == ${view}`) && m.group?.startsWith('navigation'));
    assert.ok(on(VIEWS.instances, COMMANDS.refresh));
    assert.ok(on(VIEWS.instances, COMMANDS.addVoiceInstance));
    assert.ok(on(VIEWS.account, COMMANDS.refreshBalance));
  });

  void it('menus only name known commands and known context keys', () => {
    for (const [menu, items] of Object.entries(c.menus)) {
      for (const item of items) {
        assert.ok(commandIds.has(item.command), `${menu}: ${item.command}`);
        assert.deepEqual(unknownWhenNames(item.when), [], `${menu}: ${item.command} when ${item.when ?? ''}`);
      }
    }
  });

  void it('keeps the commands that prompt for their input visible in the palette, signed-in ones once signed in', () => {
    const hidden = new Map((c.menus.commandPalette ?? []).map((m) => [m.command, m.when]));
    for (const id of [COMMANDS.signIn, COMMANDS.showLog, COMMANDS.switchProfile]) {
      assert.ok(!hidden.has(id), `${id} is hidden from the palette (when ${hidden.get(id) ?? ''})`);
    }
    const needSignIn = [
      COMMANDS.addVoiceInstance,
      COMMANDS.openMonthView,
      COMMANDS.openTrend,
      COMMANDS.showDayActivities,
      COMMANDS.exportMonth,
      COMMANDS.sendSms,
      COMMANDS.refresh,
      COMMANDS.refreshBalance,
      COMMANDS.checkConnection,
      COMMANDS.setUpMcpServer,
    ];
    for (const id of needSignIn) assert.equal(hidden.get(id), CONTEXT_KEYS.signedIn, id);
    assert.equal(hidden.get(COMMANDS.startDemo), `!${CONTEXT_KEYS.demoActive}`);
  });

  void it('gives every menu entry a slot of its own (two commands in one slot are drawn in an order nobody chose)', () => {
    for (const [menu, entries] of Object.entries(c.menus)) {
      const seen = new Map<string, string>();
      for (const m of entries as Array<{ command: string; when?: string; group?: string }>) {
        if (!m.group) continue;
        const slot = `${m.when ?? ''} | ${m.group}`;
        const other = seen.get(slot);
        assert.ok(
          other === undefined || other === m.command,
          `${menu}: ${m.command} and ${other ?? ''} share ${m.group} (when ${m.when ?? ''})`,
        );
        seen.set(slot, m.command);
      }
    }
  });

  void it('matches every when clause against context keys and tree item kinds the host really sets', () => {
    const { keys, items } = whatTheHostSets();
    const clauses = [
      ...Object.values(c.menus)
        .flat()
        .map((m) => m.when),
      ...c.viewsWelcome.map((w) => w.when),
    ].filter((w): w is string => !!w);
    assert.ok(items.size >= 5 && keys.size >= 4, `scan found ${[...keys, ...items].join(', ')}`);
    for (const when of clauses) {
      for (const term of when.split(/&&|\|\|/).map((t) => t.trim().replace(/^!/, ''))) {
        const eq = /^viewItem == (\S+)$/.exec(term);
        const re = /^viewItem =~ \/(.+)\/$/.exec(term);
        if (eq?.[1]) assert.ok(items.has(eq[1]), `${when}: no tree item is ${eq[1]}`);
        else if (re?.[1]) {
          const rx = new RegExp(re[1]);
          assert.ok(
            [...items].some((v) => rx.test(v)),
            `${when}: no tree item matches ${re[1]}`,
          );
        } else if (/^voiceSms\.\w+$/.test(term)) assert.ok(keys.has(term), `${when}: the host never sets ${term}`);
      }
    }
  });
});

void describe('manifest: views and welcome content', () => {
  void it('declares the activity-bar container with its monochrome icon and the three views', () => {
    const container = c.viewsContainers.activitybar.find((x) => x.id === VIEW_CONTAINER_ID);
    assert.ok(container);
    assert.equal(container.title, 'Voice & SMS');
    const svg = readFileSync(join(root, container.icon), 'utf8');
    assert.match(svg, /currentColor/);
    assert.doesNotMatch(svg, /#[0-9a-f]{3,6}\b/i, 'a fixed colour would not follow the theme');
    assert.deepEqual(
      (c.views[VIEW_CONTAINER_ID] ?? []).map((v) => [v.id, v.name]),
      [
        [VIEWS.instances, 'Voice Instances'],
        [VIEWS.account, 'Account'],
        [VIEWS.smsHistory, 'Sent SMS'],
      ],
    );
  });

  void it('gives every view its own monochrome file icon (shown when a view is moved out of the container)', () => {
    const views = Object.values(c.views).flat();
    assert.equal(views.length, 3);
    const icons = new Set<string>();
    for (const v of views) {
      assert.ok(v.icon && /^media\/.+\.svg$/.test(v.icon), `${v.id} has no icon file in media/ (codicons are not allowed for views)`);
      const svg = readFileSync(join(root, v.icon), 'utf8');
      assert.match(svg, /^<svg [^>]*viewBox="0 0 24 24"/, v.icon);
      assert.match(svg, /currentColor/, v.icon);
      assert.doesNotMatch(svg, /#[0-9a-f]{3,6}\b/i, `${v.icon}: a fixed colour would not follow the theme`);
      icons.add(v.icon);
    }
    assert.equal(icons.size, views.length, 'each view has an icon of its own');
  });

  void it('offers Sign In and the offline demo when signed out, Add Voice Instance and Send Test SMS when empty', () => {
    const welcome = (view: string, when: string): string => c.viewsWelcome.find((w) => w.view === view && w.when === when)?.contents ?? '';
    const signedOut = welcome(VIEWS.instances, `!${CONTEXT_KEYS.signedIn}`);
    assert.match(signedOut, /\[Sign In\]\(command:voiceSms\.signIn\)/);
    assert.match(signedOut, /\[Try the offline demo\]\(command:voiceSms\.startDemo\)/);
    assert.match(
      welcome(VIEWS.instances, `${CONTEXT_KEYS.signedIn} && !${CONTEXT_KEYS.hasInstances}`),
      /\[Add Voice Instance\]\(command:voiceSms\.addVoiceInstance\)/,
    );
    assert.match(
      welcome(VIEWS.smsHistory, `${CONTEXT_KEYS.signedIn} && !${CONTEXT_KEYS.hasHistory}`),
      /\[Send Test SMS\]\(command:voiceSms\.sendSms\)/,
    );
  });

  void it('links welcome buttons only to registered commands, in known views, with known keys', () => {
    for (const w of c.viewsWelcome) {
      assert.ok((Object.values(VIEWS) as string[]).includes(w.view), w.view);
      for (const m of w.contents.matchAll(/\(command:([\w.]+)\)/g)) assert.ok(commandIds.has(m[1] ?? ''), m[1]);
      assert.deepEqual(unknownWhenNames(w.when), []);
    }
  });
});

void describe('manifest: settings', () => {
  const groups = [c.configuration].flat();
  const props = Object.assign({}, ...groups.map((g) => g.properties)) as Record<string, Setting>;

  void it('puts every setting in a titled group, in the order the Settings editor shows', () => {
    assert.ok(Array.isArray(c.configuration) && groups.length > 1, 'contributes.configuration is a list of groups');
    const titles = groups.map((g) => g.title);
    assert.equal(new Set(titles).size, titles.length, 'group titles differ');
    assert.deepEqual(
      groups.map((g) => g.order),
      groups.map((_, i) => i + 1),
      'each group has its place',
    );
    const seen: string[] = [];
    for (const g of groups) {
      assert.ok(g.title.length > 3 && !g.title.startsWith('%'), `a group without a title: ${Object.keys(g.properties).join(', ')}`);
      const entries = Object.entries(g.properties);
      assert.ok(entries.length > 0, g.title);
      assert.deepEqual(
        entries.map(([key, p]) => [key, p.order]),
        entries.map(([key], i) => [key, i + 1]),
        `${g.title}: every setting has an order, in the group's listed order`,
      );
      seen.push(...entries.map(([key]) => key));
    }
    assert.equal(new Set(seen).size, seen.length, 'a setting in two groups');
  });

  void it('contributes every setting of ids.ts, with a description, and no other', () => {
    assert.deepEqual(Object.keys(props).sort(), Object.values(SETTINGS).map(fullSettingKey).sort());
    for (const [key, p] of Object.entries(props)) assert.ok((p.description ?? p.markdownDescription ?? '').length > 10, key);
  });

  void it('declares the same defaults and bounds the code falls back to', () => {
    for (const [field, key] of Object.entries(SETTINGS) as [keyof typeof SETTINGS, string][]) {
      assert.deepEqual(props[fullSettingKey(SETTINGS[field])]?.default, DEFAULT_SETTINGS[field], key);
    }
    for (const [field, bounds] of Object.entries(NUMBER_BOUNDS) as [
      keyof typeof NUMBER_BOUNDS,
      (typeof NUMBER_BOUNDS)[keyof typeof NUMBER_BOUNDS],
    ][]) {
      const p = props[fullSettingKey(SETTINGS[field])];
      assert.equal(p?.minimum, bounds.min, field);
      assert.equal(p?.maximum, bounds.max === Number.MAX_SAFE_INTEGER ? undefined : bounds.max, field);
      assert.equal(p?.type, bounds.integer ? 'integer' : 'number', field);
    }
    assert.deepEqual(props[fullSettingKey(SETTINGS.authForm)]?.enum, ['seed', 'signed', 'basic']);
    assert.deepEqual(props[fullSettingKey(SETTINGS.authSignature)]?.enum, ['hmac-sha256', 'empty']);
  });

  void it('lets no workspace turn off the send confirmation or redirect credentials', () => {
    assert.equal(props[fullSettingKey(SETTINGS.smsConfirmBeforeSend)]?.scope, 'application');
    // A workspace able to set these could point the stored credentials at another server (or, with its
    // own CA file, make a look-alike server trusted).
    for (const key of [
      SETTINGS.profiles,
      SETTINGS.activeProfile,
      SETTINGS.authScheme,
      SETTINGS.authForm,
      SETTINGS.authSignature,
      SETTINGS.tlsCaFile,
    ]) {
      assert.ok(['machine', 'application'].includes(props[fullSettingKey(key)]?.scope ?? 'window'), key);
    }
    assert.equal(props[fullSettingKey(SETTINGS.workspaceInstances)]?.scope, 'resource');
  });

  void it('lets no workspace change how a destination is read or how long an SMS may be', () => {
    // A workspace setting the region would turn the same digits into a number in another country.
    for (const key of [SETTINGS.smsDefaultRegion, SETTINGS.smsMaxSegments]) {
      assert.equal(props[fullSettingKey(key)]?.scope, 'application', key);
    }
  });

  void it('works in Restricted Mode, ignoring the folder settings the host ignores until trusted', () => {
    const untrusted = pkg.capabilities?.untrustedWorkspaces;
    assert.equal(untrusted?.supported, 'limited');
    assert.ok(untrusted?.description);
    assert.deepEqual(untrusted?.restrictedConfigurations, RESTRICTED_SETTINGS.map(fullSettingKey));
    // Every folder-settable setting that decides requests or SMS cost is among them.
    for (const key of RESTRICTED_SETTINGS) assert.ok(['window', 'resource'].includes(props[fullSettingKey(key)]?.scope ?? 'window'), key);
  });
});

void describe('manifest: entry point and activation', () => {
  void it('starts from the bundle and restores every webview panel type', () => {
    assert.equal(pkg.main, './dist/extension.js');
    for (const { viewType } of Object.values(loadPanelKinds()))
      assert.ok(pkg.activationEvents.includes(`onWebviewPanel:${viewType}`), viewType);
  });

  void it('ships a 256x256 PNG extension icon with transparent corners, rendered from assets/icon.svg', () => {
    const png = readFileSync(join(root, pkg.icon));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.equal(png.readUInt32BE(16), 256);
    assert.equal(png.readUInt32BE(20), 256);
    const image = UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength));
    const rgba = new Uint8Array(UPNG.toRGBA8(image)[0]!);
    const alpha = (x: number, y: number): number => rgba[(y * 256 + x) * 4 + 3]!;
    assert.equal(alpha(0, 0), 0, 'rounded corner is transparent');
    assert.equal(alpha(255, 255), 0, 'rounded corner is transparent');
    assert.equal(alpha(128, 128), 255, 'the tile is opaque');
    assert.ok(png.length < 16 * 1024, `icon is ${png.length} bytes: the VSIX has a size budget (npm run icon quantises it)`);
    assert.match(readFileSync(join(root, 'assets', 'icon.svg'), 'utf8'), /width="256" height="256"/);
  });
});

/** VS Code's allowed `categories` (the list in its extension validation, Code 1.139): others are dropped with a warning. */
const ALLOWED_CATEGORIES = new Set([
  'AI',
  'Azure',
  'Chat',
  'Data Science',
  'Debuggers',
  'Extension Packs',
  'Education',
  'Formatters',
  'Keymaps',
  'Language Packs',
  'Linters',
  'Machine Learning',
  'Notebooks',
  'Programming Languages',
  'SCM Providers',
  'Snippets',
  'Testing',
  'Themes',
  'Visualization',
  'Other',
]);

void describe('manifest: what it is and where it runs', () => {
  void it('says what it is: Visualization (month view, trend) and AI and Chat (language-model tools), all allowed values', () => {
    for (const cat of pkg.categories) assert.ok(ALLOWED_CATEGORIES.has(cat), `${cat} is not a category VS Code knows`);
    assert.deepEqual(pkg.categories, ['Visualization', 'AI', 'Chat']);
    assert.ok((c.languageModelTools ?? []).length > 0, 'AI/Chat: the extension contributes language-model tools');
  });

  void it('declares limited virtual-workspace support, because it reads no workspace files but exports only to local files', () => {
    const vw = pkg.capabilities?.virtualWorkspaces;
    assert.ok(vw && typeof vw === 'object' && vw.supported === 'limited', 'virtualWorkspaces is declared as limited');
    assert.match(vw.description ?? '', /Export Month/);
    // The reason holds: nothing in the host finds or watches workspace files; the one write is the export, and the
    // one read is a list of ids the user picked (Import from File…, or an absolute path given to the command).
    const uses: string[] = [];
    for (const file of editorSideSources()) {
      const src = readFileSync(join(root, 'src', file), 'utf8');
      for (const m of src.matchAll(/workspace\.(fs\.\w+|findFiles|createFileSystemWatcher)/g)) uses.push(`${file}: ${m[1]}`);
    }
    assert.deepEqual(uses, [
      join('host', 'commands', 'addVoiceInstance.ts') + ': fs.stat',
      join('host', 'commands', 'addVoiceInstance.ts') + ': fs.readFile',
      join('host', 'commands', 'exportMonth.ts') + ': fs.writeFile',
      join('host', 'webviews', 'overview', 'exportOverview.ts') + ': fs.writeFile',
    ]);
  });
});

/** Hosts reserved for examples and placeholders (RFC 2606, RFC 6761): never the project's address. */
const RESERVED_HOST = /(?:^|\.)(?:example|invalid|test|localhost|example\.(?:com|net|org))$/i;

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

void describe('manifest: the marketplace page', () => {
  const market = JSON.parse(rawPkg) as {
    preview?: boolean;
    keywords?: string[];
    galleryBanner?: { color?: string; theme?: string };
    repository?: unknown;
    homepage?: unknown;
    bugs?: unknown;
  };

  void it('is flagged Preview, as the README says it is in early development', () => {
    assert.equal(market.preview, true);
  });

  void it("has at most 5 keywords (the manifest reference's limit; the marketplace refuses more than 10 tags), none twice", () => {
    const keywords = market.keywords ?? [];
    assert.ok(keywords.length > 0 && keywords.length <= 5, `${keywords.length} keywords`);
    assert.equal(new Set(keywords.map((k) => k.toLowerCase())).size, keywords.length);
    for (const k of ['sms', 'voice', 'mcp']) assert.ok(keywords.includes(k), k);
  });

  void it("has a gallery banner whose theme's text is readable on its colour", () => {
    const { color, theme } = market.galleryBanner ?? {};
    assert.match(color ?? '', /^#[0-9a-f]{6}$/i);
    assert.ok(theme === 'dark' || theme === 'light', `theme ${theme}`);
    // A dark theme writes white text on the banner, a light one black text: at least 4.5:1 (WCAG AA).
    const l = luminance(color!);
    const contrast = theme === 'dark' ? 1.05 / (l + 0.05) : (l + 0.05) / 0.05;
    assert.ok(contrast >= 4.5, `${theme} text on ${color}: ${contrast.toFixed(2)}:1`);
  });

  void it('names no placeholder address: a repository, homepage or bugs link only to a real https address', () => {
    const hosts = [...rawPkg.matchAll(/https?:\/\/([A-Za-z0-9.-]+)/g)].map((m) => m[1]!);
    assert.deepEqual(
      hosts.filter((h) => RESERVED_HOST.test(h)),
      [],
      'vsce turns a placeholder into dead links on the marketplace page: leave out what has no real address',
    );
    const url = (v: unknown): unknown => (v && typeof v === 'object' ? (v as { url?: unknown }).url : v);
    for (const [field, value] of Object.entries({ repository: market.repository, homepage: market.homepage, bugs: market.bugs })) {
      if (value !== undefined) assert.match(String(url(value)), /^(?:git\+)?https:\/\//, field);
    }
  });
});

void describe('manifest: walkthrough', () => {
  interface Step {
    id: string;
    title: string;
    description: string;
    media: { markdown?: string };
    completionEvents?: string[];
  }
  const walkthroughs = (c as unknown as { walkthroughs?: { id: string; title: string; steps: Step[] }[] }).walkthroughs ?? [];

  void it('walks through connect (or demo) -> add instance -> open month -> send test SMS -> ask an AI', () => {
    assert.equal(walkthroughs.length, 1);
    const steps = walkthroughs[0]?.steps ?? [];
    assert.deepEqual(
      steps.map((s) => s.id),
      ['connect', 'instance', 'month', 'sms', 'ai'],
    );
    const links = steps.map((s) => [...s.description.matchAll(/\(command:([\w.]+)\)/g)].map((m) => m[1]));
    assert.deepEqual(links, [
      [COMMANDS.signIn, COMMANDS.startDemo],
      [COMMANDS.addVoiceInstance],
      [COMMANDS.openMonthView],
      [COMMANDS.sendSms],
      [COMMANDS.setUpMcpServer],
    ]);
  });

  void it('ships the media of each step and completes on known context keys and commands', () => {
    for (const s of walkthroughs[0]?.steps ?? []) {
      assert.ok(s.media.markdown && readFileSync(join(root, s.media.markdown), 'utf8').length > 0, s.id);
      for (const e of s.completionEvents ?? []) {
        const [kind, name] = e.split(':');
        if (kind === 'onContext') assert.deepEqual(unknownWhenNames(name), [], e);
        else assert.ok(kind === 'onCommand' && commandIds.has(name ?? ''), e);
      }
    }
  });
});
