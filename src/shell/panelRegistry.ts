// Opens, reuses, restores (after a window reload) and tracks the panels of every kind (src/panels/index.ts), and
// routes each panel's messages to its vscode-free controller. What differs between kinds (view type,
// title, state check, controller, reuse) is in their registrations; this file treats them all alike.
// Commands call `open(kind, state)`, which returns the panel's title (test/integration/contract.ts).
import * as vscode from 'vscode';
import { loadFeatures } from './featuresLoader.js';
import { KIND_NAMES, KINDS, type PanelControllers, type PanelKindName, type PanelKindOf, type PanelStates } from '../panels/kinds.js';
import type { KindParts, PanelEnv, PanelKind, PanelRegistryOptions } from '../panels/kind.js';
import type { PanelLookup, PanelService } from '../host/webviews/panelService.js';

/** Every panel's webview options: scripts on, no file of the extension readable. */
function webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    enableFindWidget: true,
    // The page's scripts and stylesheet are inside it (pageAssets.ts): it reads no file of the extension.
    localResourceRoots: [],
  };
}

interface Open<K extends PanelKindName> {
  panel: vscode.WebviewPanel;
  controller: PanelControllers[K];
  /** The latest load started by the host (open, or a command navigating the panel). */
  loading: Promise<void>;
}

type OpenPanels = { [K in PanelKindName]: Map<string, Open<K>> };

export class PanelRegistry implements PanelService, vscode.Disposable {
  private readonly tracked = Object.fromEntries(KIND_NAMES.map((kind) => [kind, new Map()])) as OpenPanels;
  private readonly registrations: vscode.Disposable[] = [];
  /** Handed to the kinds' controller factories: a month view opens a day, a trend opens a month. */
  private readonly env: PanelEnv;

  constructor(private readonly o: PanelRegistryOptions) {
    this.env = {
      ...o,
      open: (kind, state, column) => this.open(this.nameOf(kind), state as never, column),
      exportOverview: (...args) => loadFeatures().exportOverview(...args),
    };
  }

  /** Opens a panel showing `state`, or goes to the open one of the same key; returns its title. */
  open<K extends PanelKindName>(kind: K, state: PanelStates[K], column: vscode.ViewColumn = vscode.ViewColumn.Active): string {
    const descriptor = KINDS[kind] as PanelKindOf<K>;
    const open = this.tracked[kind].get(descriptor.key(state));
    if (open && (descriptor.canReuse?.(open.controller, state) ?? true)) {
      open.panel.reveal(column);
      const loading = descriptor.onReveal?.(open.controller, state);
      if (loading) open.loading = loading;
      return open.panel.title;
    }
    open?.panel.dispose();
    const panel = vscode.window.createWebviewPanel(descriptor.viewType, descriptor.title(state), column, webviewOptions());
    void this.adopt(kind, panel, state);
    return panel.title;
  }

  /**
   * Returns `question` (a quick pick or input box being shown) after starting to load what opening a `kind` panel
   * takes: the features bundle and the page's scripts and stylesheet, both kept for the window. The 20–40 ms of
   * loading then pass while the user answers, and open() only creates and fills the panel. `alsoStart`: the
   * caller's own head start, begun at the same moment (the month view fetches the month its pick offers first).
   */
  whileAsking<T>(kind: PanelKindName, question: Promise<T>, alsoStart?: () => void): Promise<T> {
    const load = (): void => {
      alsoStart?.();
      try {
        loadFeatures().preparePanelPage(kind, this.o.extensionUri);
      } catch {
        // open() loads the same things again and reports what fails there.
      }
    };
    // The extension host sends its messages to the editor on a timer set by the first one of a turn. Two timer
    // turns from now come after that send, so the question is on screen before the loading starts.
    setTimeout(() => setTimeout(load, 0), 0);
    return question;
  }

  /** The controller of the open panel of `kind` with `key` (a month view's key is its instance id). */
  controller<K extends PanelKindName>(kind: K, key: string): PanelControllers[K] | undefined {
    return this.tracked[kind].get(key)?.controller;
  }

  /** Call once from activate(): restores panels that were open when the window reloaded. */
  registerSerializers(): vscode.Disposable {
    const d = vscode.Disposable.from(...KIND_NAMES.map((kind) => this.registerSerializer(kind)));
    this.registrations.push(d);
    return d;
  }

  /** How many panels this window tracks now (all kinds); the panel soak test checks it returns to zero. */
  get openCount(): number {
    return KIND_NAMES.reduce((n, kind) => n + this.tracked[kind].size, 0);
  }

  /** The open panel titled `title`, if any (newest match when two share a title). */
  find(title: string): PanelLookup | undefined {
    for (const kind of KIND_NAMES) {
      for (const open of this.tracked[kind].values()) {
        if (open.panel.title === title) {
          return {
            viewType: KINDS[kind].viewType,
            panel: open.panel,
            loading: open.loading,
            shown: () => open.controller.gate.current(),
            posted: () => open.controller.gate.posted(),
            post: (m) => open.controller.handle(m),
          };
        }
      }
    }
    return undefined;
  }

  dispose(): void {
    for (const kind of KIND_NAMES) {
      for (const { panel } of [...this.tracked[kind].values()]) panel.dispose();
    }
    for (const d of this.registrations.splice(0)) d.dispose();
  }

  /** A kind's name from its registration (a kind opens another by its registration, src/panels/kind.ts PanelEnv). */
  private nameOf<P extends KindParts>(kind: PanelKind<P>): PanelKindName {
    // Every registration is in the list: a kind's registration.ts is what src/panels/index.ts exports.
    return KIND_NAMES.find((k) => (KINDS[k] as unknown) === kind)!;
  }

  private registerSerializer<K extends PanelKindName>(kind: K): vscode.Disposable {
    return vscode.window.registerWebviewPanelSerializer(KINDS[kind].viewType, {
      deserializeWebviewPanel: (panel, raw: unknown) => {
        // A revived panel comes with the options of its previous life; set ours again. (A new panel is created
        // with them; setting them again would be one more change for the window to apply while it builds the panel.)
        panel.webview.options = webviewOptions();
        const state = loadFeatures().panelParts(kind).parseState(raw) as PanelStates[K] | undefined;
        // Saved state that fails the check (the page writes it): close the panel rather than guess.
        if (state) return this.adopt(kind, panel, state);
        panel.dispose();
        return Promise.resolve();
      },
    });
  }

  /**
   * Wires a new or restored panel to its controller, starts loading (posting waits for `ready`) and renders the page;
   * resolves once the page is set.
   */
  private adopt<K extends PanelKindName>(kind: K, panel: vscode.WebviewPanel, state: PanelStates[K]): Promise<void> {
    const descriptor = KINDS[kind] as PanelKindOf<K>;
    const features = loadFeatures();
    // What the page carries is read now (usually kept since the question): a missing file fails the command here.
    features.preparePanelPage(kind, this.o.extensionUri);
    const controller = descriptor.createController(features.panelParts(kind), panel, state, this.env) as PanelControllers[K];
    panel.title = descriptor.title(state);
    const key = descriptor.key(state);
    const map: Map<string, Open<K>> = this.tracked[kind];
    map.get(key)?.panel.dispose();
    const open: Open<K> = { panel, controller, loading: Promise.resolve() };
    map.set(key, open);
    let disposed = false;
    const subs = [
      panel.webview.onDidReceiveMessage((m: unknown) => void controller.handle(m)),
      // Without retainContextWhenHidden the page is discarded when hidden; a new one will say `ready`.
      panel.onDidChangeViewState((e) => {
        if (!e.webviewPanel.visible) controller.webviewHidden();
      }),
    ];
    panel.onDidDispose(() => {
      disposed = true;
      controller.dispose();
      for (const s of subs) s.dispose();
      if (map.get(key)?.panel === panel) map.delete(key);
    });
    this.o.log?.debug(`webview ${kind} opened for ${key.replace('\n', ' ')}`);
    // Controllers report load failures in the panel and do not reject; this catch only guards against a bug.
    open.loading = controller.load().catch((e: unknown) => this.o.log?.warn(`webview ${kind}: load failed: ${String(e)}`));
    // A load with its data at hand (the month cache) settles within this turn, before the panel's creation leaves for
    // the editor: the page then carries what the host would post after `ready`, and paints without that round trip.
    // Any other load goes on while the page is set at the end of this turn, showing "Loading…" until its data is posted.
    return Promise.race([open.loading, new Promise<void>((resolve) => setImmediate(resolve))]).then(() => {
      try {
        if (!disposed) controller.gate.pageCarries(features.setPanelPage(panel, kind, this.o.extensionUri, controller.gate.current()));
      } catch (e) {
        this.o.log?.warn(`webview ${kind}: the page could not be set: ${String(e)}`);
      }
    });
  }
}
