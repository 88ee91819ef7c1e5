// The extension's log channel as a file, for suites that check what reached it (log.test.ts, commandTable.test.ts).
import * as vscode from 'vscode';
import { EXTENSION_ID, LOG_CHANNEL_NAME } from './contract.js';
import type { VoiceSmsTestApi } from '../../src/shell/testApi.js';

export async function readIfExists(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** Log files of our channel: via the API's logUri, else under VSTK_LOGS_ROOT (set by the runners). */
export async function channelFiles(api: Partial<VoiceSmsTestApi>): Promise<vscode.Uri[]> {
  const file = `${LOG_CHANNEL_NAME}.log`;
  if (api.logUri) return [vscode.Uri.joinPath(api.logUri, file)];
  const root = process.env.VSTK_LOGS_ROOT;
  if (!root) return [];
  const found: vscode.Uri[] = [];
  const walk = async (dir: vscode.Uri, depth: number): Promise<void> => {
    if (depth > 4) return;
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(dir);
    } catch {
      return;
    }
    for (const [name, type] of entries) {
      const child = vscode.Uri.joinPath(dir, name);
      if (type === vscode.FileType.Directory) await walk(child, depth + 1);
      else if (name === file && dir.path.toLowerCase().endsWith(`/${EXTENSION_ID}`)) found.push(child);
    }
  };
  await walk(vscode.Uri.file(root), 0);
  return found;
}

/** Everything the channel's files hold now ('' before the first line is written). */
export async function channelText(api: Partial<VoiceSmsTestApi>): Promise<string> {
  const texts = await Promise.all((await channelFiles(api)).map((f) => readIfExists(f)));
  return texts.join('\n');
}
