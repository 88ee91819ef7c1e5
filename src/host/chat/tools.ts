// The chat tools: every spec of src/tools (tools/index.ts TOOL_SPECS) run through the chat door's context (chatContext.ts), so the
// active profile, the offline demo and proxies apply as everywhere else. This file only translates: the
// invocation messages, the input as the editor hands it over (tools/chatInput.ts: month and date ids in any
// accepted form, as the MCP door takes them), the result parts (with a chart where the editor takes images,
// chartPart.ts), and every failure thrown
// with one sentence (errorText.ts, results.ts) as the tool API documents; cancellation as
// CancellationError. The send tool keeps its two confirmations (sendTestSmsTool.ts). Loaded on first use
// by shell/chatTools.ts.
import * as vscode from 'vscode';
import { chatToolInput } from '../../tools/chatInput.js';
import { CHAT_DOOR, TOOL_SPECS } from '../../tools/index.js';
import type { ToolSpec } from '../../tools/spec.js';
import type { HostServices } from '../services.js';
import { chartPart } from './chartPart.js';
import { chatToolContext } from './chatContext.js';
import { guarded, textResult } from './results.js';
import { sendTestSmsTool } from './sendTestSmsTool.js';

/** Chat tool name → its implementation; the names are the specs' (package.json is written from them). */
export type ChatTools = Record<string, vscode.LanguageModelTool<Record<string, unknown>>>;

function readTool(services: HostServices, spec: ToolSpec): vscode.LanguageModelTool<Record<string, unknown>> {
  return {
    prepareInvocation: (options) => {
      const invocationMessage = spec.chat.invocation?.(options.input);
      return invocationMessage === undefined ? undefined : { invocationMessage };
    },
    invoke: (options, token) =>
      guarded(token, async (signal) => {
        const out = await spec.run(chatToolContext(services), chatToolInput(spec, options.input, CHAT_DOOR), signal);
        if (signal.aborted) throw new vscode.CancellationError();
        const result = textResult(out.text, JSON.stringify(out.data));
        const chart = chartPart(spec.key, out.data);
        if (chart) result.content.push(chart);
        return result;
      }),
  };
}

export function createChatTools(services: HostServices): ChatTools {
  return Object.fromEntries(
    TOOL_SPECS.map((spec) => [spec.chatName, spec.chat.sends ? sendTestSmsTool(services) : readTool(services, spec)]),
  );
}
