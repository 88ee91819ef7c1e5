// A tree that has nothing to show yet, so the view's welcome content (package.json `viewsWelcome`)
// is what the user sees. Each view's real provider replaces this one as its feature lands.
import * as vscode from 'vscode';

export class EmptyTreeProvider implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  refresh(): void {
    this.changed.fire();
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  getChildren(): vscode.TreeItem[] {
    return [];
  }

  dispose(): void {
    this.changed.dispose();
  }
}
