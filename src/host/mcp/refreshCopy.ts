// After an extension update, activation (extension.ts) has the MCP server copy refreshed in the background, when
// Set Up MCP Server made one: agents' configurations keep the same launcher path and get the new server.
import * as vscode from 'vscode';
import type { HostLog } from '../platform/log.js';
import { MCP_COPY_STATE } from './copyState.js';
import { installStableServer } from './stableServer.js';

function extensionVersion(ctx: vscode.ExtensionContext): string {
  const v = (ctx.extension.packageJSON as { version?: unknown }).version;
  return typeof v === 'string' ? v : '0.0.0';
}

/** Copies this version's server under the launcher agents run and remembers the version. */
export async function copyMcpServer(ctx: vscode.ExtensionContext): Promise<string> {
  const version = extensionVersion(ctx);
  const stable = await installStableServer(vscode.Uri.joinPath(ctx.extensionUri, 'dist').fsPath, ctx.globalStorageUri.fsPath, version);
  await ctx.globalState.update(MCP_COPY_STATE, version);
  return stable.launcher;
}

export async function refreshMcpServerCopy(ctx: vscode.ExtensionContext, log: HostLog): Promise<void> {
  try {
    await copyMcpServer(ctx);
    log.info(`MCP server copy updated to ${extensionVersion(ctx)} (the path agents run is unchanged).`);
  } catch (e) {
    log.warn(`Could not update the MCP server copy: ${e instanceof Error ? e.message : String(e)}`);
  }
}
