// Where this window's extension host runs: vscode.env.remoteName (undefined in a local window; 'ssh-remote', 'wsl',
// 'dev-container', 'codespaces', … otherwise). Set Up MCP Server reads it to offer each agent what works from here.
// Tests give a remote name through the test seam, since the integration host is local.
import * as vscode from 'vscode';

export class WindowPlace {
  private pretended: { name: string | undefined } | undefined;

  get remoteName(): string | undefined {
    return this.pretended ? this.pretended.name : vscode.env.remoteName;
  }

  /** Test API only: answer `name` (undefined: a local window) until `reset()`. */
  pretend(name: string | undefined): void {
    this.pretended = { name };
  }

  reset(): void {
    this.pretended = undefined;
  }
}
