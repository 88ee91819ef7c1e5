// The `when`-clause keys of package.json (welcome content, menus). Remembers what it last set so
// repeated refreshes do not flood the editor with identical setContext calls.
import * as vscode from 'vscode';
import type { ContextKey } from '../../shared/ids.js';

export class ContextKeys {
  private readonly values = new Map<ContextKey, boolean>();

  get(key: ContextKey): boolean {
    return this.values.get(key) ?? false;
  }

  async set(key: ContextKey, value: boolean): Promise<void> {
    if (this.values.get(key) === value) return;
    this.values.set(key, value);
    await vscode.commands.executeCommand('setContext', key, value);
  }
}
