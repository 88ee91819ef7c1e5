// Activation's part of keeping the MCP server copy current: after an extension update, the copy agents run (made
// by Set Up MCP Server) is refreshed a little later, by code in dist/features.js (refreshCopy.ts).
import type * as vscode from 'vscode';
import { loadFeatures } from './featuresLoader.js';
import type { HostLog } from '../host/platform/log.js';
import { MCP_COPY_STATE } from '../host/mcp/copyState.js';

/** After an update, the MCP server copy agents run (made by Set Up MCP Server) follows, a little after activation. */
export function refreshMcpCopyAfterUpdate(ctx: vscode.ExtensionContext, log: HostLog): void {
  const copied = ctx.globalState.get<string>(MCP_COPY_STATE);
  if (copied === undefined || copied === (ctx.extension.packageJSON as { version?: string }).version) return;
  const timer = setTimeout(() => void loadFeatures().refreshMcpServerCopy(ctx, log), 3000);
  ctx.subscriptions.push({ dispose: () => clearTimeout(timer) });
}
