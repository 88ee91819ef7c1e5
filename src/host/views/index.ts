// The views of the "Voice & SMS" container (VIEWS in shared/ids.ts). Created with createTreeView (not
// registerTreeDataProvider) so features can later set a badge, a message or reveal an item.
import * as vscode from 'vscode';
import { VIEWS, type ViewId } from '../../shared/ids.js';
import { Disposable } from '../platform/lifecycle.js';
import { EmptyTreeProvider } from './emptyTree.js';

/** Element types differ per view (the instances tree uses plain data nodes), hence `unknown`. */
export interface RefreshableTree extends vscode.TreeDataProvider<unknown> {
  refresh(): void;
}

interface RegisteredView {
  view: vscode.TreeView<unknown>;
  provider: RefreshableTree;
}

export class Views extends Disposable {
  private readonly registered: ReadonlyMap<ViewId, RegisteredView>;

  /** Views without a provider in `providers` get an empty tree, which shows their welcome content. */
  constructor(providers: Partial<Record<ViewId, RefreshableTree>> = {}) {
    super();
    const entries = Object.values(VIEWS).map((id): [ViewId, RegisteredView] => {
      const provider = providers[id] ?? this._register(new EmptyTreeProvider());
      const view = this._register(vscode.window.createTreeView(id, { treeDataProvider: provider }));
      return [id, { view, provider }];
    });
    this.registered = new Map(entries);
  }

  /** The tree view behind `id` (badge, message, reveal). */
  view(id: ViewId): vscode.TreeView<unknown> | undefined {
    return this.registered.get(id)?.view;
  }

  refresh(id: ViewId): void {
    this.registered.get(id)?.provider.refresh();
  }

  refreshAll(): void {
    for (const { provider } of this.registered.values()) provider.refresh();
  }
}
