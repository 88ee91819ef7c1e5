// The extension's own log files ("Voice & SMS.log", one per extension host run) under an editor's logs directory.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

export function extensionLogs(logsDir: string): { file: string; text: string }[] {
  if (!existsSync(logsDir)) return [];
  return readdirSync(logsDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('Voice & SMS.log'))
    .map((file) => ({ file, text: readFileSync(path.join(logsDir, file), 'utf8') }));
}
