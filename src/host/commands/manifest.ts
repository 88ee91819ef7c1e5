// A command's entries in package.json (commands, menus, the palette's when, keybindings) and its title in
// package.nls.json, from the `manifest` of its spec and its key in the command table (commands/table.ts).
// Used by scripts/commandManifest.ts to write both files and by test/unit/host/commands/manifest.test.ts to
// name any drift. vscode-free (VSCODE_FREE_HOST): both run in plain Node.
import { COMMAND_CATEGORY, commandId } from '../../shared/ids.js';

/** The menus a command can be placed in besides the palette (VS Code's contributes.menus ids), in the file's order. */
const MENU_IDS = [
  'view/title',
  'view/item/context',
  'editor/title',
  'editor/title/context',
  'editor/context',
  'explorer/context',
  'webview/context',
] as const;
type MenuId = (typeof MENU_IDS)[number];

/** One place in a menu (commands/menuWhen.ts spells the views and tree rows for `when`). */
interface MenuPlace {
  menu: MenuId;
  when: string;
  /** `<group>@<order>`: VS Code sorts a menu by group ('navigation' first, the rest by name), then by order, then by title. */
  group: string;
}

interface KeyBinding {
  key: string;
  mac?: string;
  when?: string;
}

/** What package.json declares about a command: everything but its id, which its key in the table gives. */
export interface CommandManifest {
  /** The English title, written once: package.nls.json holds it under `command.<key>.title`, where translations find it. */
  title: string;
  /** The palette's prefix; COMMAND_CATEGORY when omitted. */
  category?: string;
  /** A codicon name ('refresh' → `$(refresh)`): a menu's inline slot or title bar draws the command as this icon. */
  icon?: string;
  /** When the palette lists it: a when clause, or false for never (tree rows, links, programs); always when omitted. */
  palette?: string | false;
  /** When it can run at all: the editor greys it out in menus and refuses it from the palette and keys. */
  enablement?: string;
  menus?: readonly MenuPlace[];
  keybindings?: readonly KeyBinding[];
}

interface CommandEntry {
  command: string;
  title: string;
  category: string;
  icon?: string;
  enablement?: string;
}
export interface MenuEntry {
  command: string;
  when: string;
  group?: string;
}
interface KeybindingEntry {
  command: string;
  key: string;
  mac?: string;
  when?: string;
}

/** The commands' share of package.json and package.nls.json. */
interface CommandsManifest {
  commands: CommandEntry[];
  /** Each menu in MENU_IDS order, then commandPalette; a menu no command uses is left out. */
  menus: Partial<Record<MenuId | 'commandPalette', MenuEntry[]>>;
  keybindings: KeybindingEntry[];
  nls: Record<string, string>;
}

/** The package.nls.json key of a command's title. */
export function commandNlsKey(key: string): string {
  return `command.${key}.title`;
}

/** Whether a package.nls.json key is a command's title (stale ones are dropped when the manifest is written). */
export function isCommandNlsKey(key: string): boolean {
  return /^command\.\w+\.title$/.test(key);
}

/** The command's entry of contributes.commands; undefined fields are left out, as JSON would. */
export function commandEntry(key: string, m: CommandManifest): CommandEntry {
  return withoutUndefined({
    command: commandId(key),
    title: `%${commandNlsKey(key)}%`,
    category: m.category ?? COMMAND_CATEGORY,
    icon: m.icon === undefined ? undefined : `$(${m.icon})`,
    enablement: m.enablement,
  });
}

/** The command's entries of contributes.menus, each with its menu (commandPalette for `palette`). */
export function menuEntries(key: string, m: CommandManifest): Array<[MenuId | 'commandPalette', MenuEntry]> {
  const command = commandId(key);
  const placed = (m.menus ?? []).map(({ menu, when, group }): [MenuId, MenuEntry] => [menu, { command, when, group }]);
  if (m.palette === undefined) return placed;
  return [...placed, ['commandPalette', { command, when: m.palette === false ? 'false' : m.palette }]];
}

export function keybindingEntries(key: string, m: CommandManifest): KeybindingEntry[] {
  return (m.keybindings ?? []).map((k) => withoutUndefined({ command: commandId(key), key: k.key, mac: k.mac, when: k.when }));
}

/** The whole table's share, in the table's order (array order in menus is not what the editor shows: see MenuPlace). */
export function commandsManifest(table: Readonly<Record<string, { manifest: CommandManifest }>>): CommandsManifest {
  const specs = Object.entries(table);
  const menus: CommandsManifest['menus'] = {};
  for (const menu of [...MENU_IDS, 'commandPalette'] as const) {
    const entries = specs.flatMap(([key, s]) =>
      menuEntries(key, s.manifest)
        .filter(([m]) => m === menu)
        .map(([, e]) => e),
    );
    if (entries.length > 0) menus[menu] = entries;
  }
  return {
    commands: specs.map(([key, s]) => commandEntry(key, s.manifest)),
    menus,
    keybindings: specs.flatMap(([key, s]) => keybindingEntries(key, s.manifest)),
    nls: Object.fromEntries(specs.map(([key, s]) => [commandNlsKey(key), s.manifest.title])),
  };
}

function withoutUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
