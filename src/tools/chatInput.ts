// The chat door's input for a spec's run(), without vscode (src/host/chat/tools.ts hands it what the editor gave):
// the editor does not parse the input with the spec's zod schema (zod stays out of the features bundle), so the
// defaults are filled in here, the text inputs read as strings, and the month and date ids normalised as the MCP
// door normalises them (args.ts toolArgs).
import { toolArgs } from './args.js';
import type { Door, ToolSpec } from './spec.js';

/** The input for run() as the spec's chat face says to read it; throws a ToolRefusal for a wrong month or date id. */
export function chatToolInput(spec: ToolSpec, raw: Readonly<Record<string, unknown>>, door: Door): Record<string, unknown> {
  const input: Record<string, unknown> = { ...(spec.chat.defaults?.(door) ?? {}), ...raw };
  const str = (k: string): string => (typeof raw[k] === 'string' ? raw[k] : '');
  for (const k of spec.chat.textInput?.required ?? []) input[k] = str(k);
  for (const k of spec.chat.textInput?.optional ?? []) if (raw[k] !== undefined) input[k] = str(k);
  return toolArgs(spec, input);
}
