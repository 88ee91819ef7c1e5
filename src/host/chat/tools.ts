// The seven chat tools: the specs of src/tools run through the chat door's context (chatContext.ts), so the
// active profile, the offline demo and proxies apply as everywhere else. This file only translates: the
// invocation messages, the input as the editor hands it over, the result parts, and every failure thrown
// with one sentence (errorText.ts, results.ts) as the tool API documents; cancellation as
// CancellationError. The send tool keeps its two confirmations (sendTestSmsTool.ts). Loaded on first use
// by register.ts.
import * as vscode from 'vscode';
import { CHAT_TOOLS } from '../../shared/ids.js';
import { CHAT_DOOR, specOf } from '../../tools/index.js';
import type { ToolKey } from '../../tools/spec.js';
import { inert } from '../../tools/text/dataText.js';
import type { HostServices } from '../services.js';
import { chatToolContext } from './chatContext.js';
import { guarded, textResult } from './results.js';
import { sendTestSmsTool } from './sendTestSmsTool.js';

export type ChatToolName = (typeof CHAT_TOOLS)[keyof typeof CHAT_TOOLS];
export type ChatTools = Record<ChatToolName, vscode.LanguageModelTool<Record<string, unknown>>>;

function str(input: Record<string, unknown>, key: string): string {
  const v = input[key];
  return typeof v === 'string' ? v : '';
}

/**
 * The input for run(), as the old chat tools read it: string fields as given ('' for anything else), so
 * the tool's checks refuse a bad value with the core's sentences, as the palette's commands would; the
 * trend's count defaults as its schema says. (No schema parse here: zod stays out of dist/features.js.)
 */
/** The string fields each read tool needs; anything else given for them reads as '' (refused by the checks). */
const STRINGS: Partial<Record<ToolKey, readonly string[]>> = {
  getMonthView: ['instanceId', 'monthId'],
  getTrend: ['instanceId'],
  getDayActivities: ['instanceId', 'dateId'],
};

function inputFor(key: ToolKey, raw: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = { ...raw };
  for (const k of STRINGS[key] ?? []) input[k] = str(raw, k);
  if (key === 'getTrend') {
    if (raw['months'] === undefined) input['months'] = specOf(key).limits(CHAT_DOOR)['defaultMonths'];
    if (raw['endMonthId'] !== undefined) input['endMonthId'] = str(raw, 'endMonthId');
  }
  if (key === 'getAccountOverview' && raw['monthId'] !== undefined) input['monthId'] = str(raw, 'monthId');
  return input;
}

function readTool(
  services: HostServices,
  key: ToolKey,
  message: (input: Record<string, unknown>) => string | undefined,
): vscode.LanguageModelTool<Record<string, unknown>> {
  const spec = specOf(key);
  return {
    prepareInvocation: (options) => {
      const invocationMessage = message(options.input);
      return invocationMessage === undefined ? undefined : { invocationMessage };
    },
    invoke: (options, token) =>
      guarded(token, async (signal) => {
        const out = await spec.run(chatToolContext(services), inputFor(key, options.input), signal);
        if (signal.aborted) throw new vscode.CancellationError();
        return textResult(out.text, JSON.stringify(out.data));
      }),
  };
}

export function createChatTools(services: HostServices): ChatTools {
  return {
    [CHAT_TOOLS.getMonthView]: readTool(services, 'getMonthView', (input) =>
      vscode.l10n.t('Reading the calls of {0} for {1}', inert(str(input, 'instanceId'), 60), inert(str(input, 'monthId'), 10)),
    ),
    [CHAT_TOOLS.getTrend]: readTool(services, 'getTrend', (input) =>
      vscode.l10n.t('Reading the monthly totals of {0}', inert(str(input, 'instanceId'), 60)),
    ),
    [CHAT_TOOLS.getDayActivities]: readTool(services, 'getDayActivities', (input) =>
      vscode.l10n.t('Reading the activities of {0} on {1}', inert(str(input, 'instanceId'), 60), inert(str(input, 'dateId'), 10)),
    ),
    [CHAT_TOOLS.getBalance]: readTool(services, 'getBalance', () => vscode.l10n.t('Reading the account balance')),
    [CHAT_TOOLS.listInstances]: readTool(services, 'listInstances', () => undefined),
    [CHAT_TOOLS.getAccountOverview]: readTool(services, 'getAccountOverview', (input) =>
      input['monthId'] === undefined
        ? vscode.l10n.t('Reading the account overview')
        : vscode.l10n.t('Reading the account overview for {0}', inert(str(input, 'monthId'), 10)),
    ),
    [CHAT_TOOLS.sendTestSms]: sendTestSmsTool(services),
  };
}
