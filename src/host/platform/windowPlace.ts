// Where this window's extension host runs: vscode.env.remoteName (undefined in a local window; 'ssh-remote', 'wsl',
// 'dev-container', 'codespaces', … otherwise) and that machine's platform. Set Up MCP Server reads them to offer each
// agent what works from here. Tests give a remote name (and a platform) through the test seam, since the integration
// host is local and Linux.
import * as vscode from 'vscode';

export class WindowPlace {
  private pretended: { name: string | undefined; platform: NodeJS.Platform | undefined } | undefined;

  get remoteName(): string | undefined {
    return this.pretended ? this.pretended.name : vscode.env.remoteName;
  }

  /**
   * The platform a terminal of this window runs on. The extension runs where the workspace is (extensionKind
   * "workspace"), so its own process.platform is the remote machine's in a remote window (Linux under WSL).
   */
  get platform(): NodeJS.Platform {
    return this.pretended?.platform ?? process.platform;
  }

  /** Test API only: answer `name` (undefined: a local window) and `platform` (undefined: this one) until `reset()`. */
  pretend(name: string | undefined, platform?: NodeJS.Platform): void {
    this.pretended = { name, platform };
  }

  reset(): void {
    this.pretended = undefined;
  }
}
