// Every command, once: its key (its id is `voiceSms.<key>`, shared/ids.ts commandId) → its spec. The order is
// package.json's: npm run commands:manifest writes the commands' entries and titles from this table
// (commands/manifest.ts), and activation registers the ids package.json lists (shell/commandStubs.ts), so a new
// command is its spec file and one line here. The type requires a line for every id of shared/ids.ts COMMANDS.
// This file and the command files live in the lazily loaded dist/features.js.
import * as vscode from 'vscode';
import { commandId, type COMMANDS } from '../../shared/ids.js';
import { isCancellation, showError } from '../platform/errors.js';
import type { HostServices } from '../services.js';
import * as addVoiceInstance from './addVoiceInstance.js';
import * as checkConnection from './checkConnection.js';
import * as clearStoredMonths from './clearStoredMonths.js';
import * as copyAsCode from './copyAsCode.js';
import * as copyAsCurl from './copyAsCurl.js';
import * as copyId from './copyId.js';
import * as exportMonth from './exportMonth.js';
import * as openMonthView from './openMonthView.js';
import * as openTrend from './openTrend.js';
import * as openWatchedInstance from './openWatchedInstance.js';
import * as openAccountOverview from './openAccountOverview.js';
import * as refresh from './refresh.js';
import * as refreshBalance from './refreshBalance.js';
import * as removeVoiceInstance from './removeVoiceInstance.js';
import type { HostCommand } from './hostCommand.js';
import { runCommand } from './runCommand.js';
import * as sendSms from './sendSms.js';
import * as setUpMcpServer from './setUpMcpServer.js';
import * as showDayActivities from './showDayActivities.js';
import * as showLog from './showLog.js';
import * as signIn from './signIn.js';
import * as showRawAnswer from './showRawAnswer.js';
import * as signOut from './signOut.js';
import * as smsHistory from './smsHistoryCommands.js';
import * as startDemo from './startDemo.js';
import * as startWatching from './startWatching.js';
import * as stopDemo from './stopDemo.js';
import * as stopWatching from './stopWatching.js';
import * as switchProfile from './switchProfile.js';
import * as watchInstance from './watchInstance.js';

/** Every shipped id has its line; more may follow. */
export type CommandTable = { readonly [Key in keyof typeof COMMANDS]: HostCommand } & { readonly [key: string]: HostCommand };

/** @public scripts/loadWithoutEditor.ts reads it by name (npm run commands:manifest and its drift test). */
export const COMMAND_TABLE = {
  signIn: signIn.command,
  signOut: signOut.command,
  switchProfile: switchProfile.command,
  addVoiceInstance: addVoiceInstance.command,
  removeVoiceInstance: removeVoiceInstance.command,
  openMonthView: openMonthView.command,
  openTrend: openTrend.command,
  openAccountOverview: openAccountOverview.command,
  showDayActivities: showDayActivities.command,
  exportMonth: exportMonth.command,
  sendSms: sendSms.command,
  refresh: refresh.command,
  checkConnection: checkConnection.command,
  refreshBalance: refreshBalance.command,
  copyAsCurl: copyAsCurl.command,
  copyAsCode: copyAsCode.command,
  showRawAnswer: showRawAnswer.command,
  startDemo: startDemo.command,
  stopDemo: stopDemo.command,
  showLog: showLog.command,
  copyId: copyId.command,
  resendSms: smsHistory.resendSms,
  copySmsMessageId: smsHistory.copySmsMessageId,
  clearSmsHistory: smsHistory.clearSmsHistory,
  clearStoredMonths: clearStoredMonths.command,
  setUpMcpServer: setUpMcpServer.command,
  startWatching: startWatching.command,
  stopWatching: stopWatching.command,
  watchInstance: watchInstance.watchInstance,
  unwatchInstance: watchInstance.unwatchInstance,
  openWatchedInstance: openWatchedInstance.command,
} satisfies CommandTable;

const byId = new Map<string, HostCommand>(Object.entries(COMMAND_TABLE).map(([key, spec]) => [commandId(key), spec]));

/** The ids that have an entry (test/integration/commandTable.test.ts checks package.json against them). */
export function commandTableIds(): string[] {
  return [...byId.keys()];
}

/** Runs command `id` with the first argument the editor passed, failures shown through showError. */
export function runTableCommand(ctx: vscode.ExtensionContext, services: HostServices, id: string, raw: unknown): Promise<unknown> {
  const spec = byId.get(id);
  // Only a package.json out of step with the table gets here (its drift test fails first).
  if (!spec) return Promise.reject(new Error(`${id} has no entry in the command table.`));
  return runCommand(spec, services, ctx, raw, {
    show: (title, e) => void showError(services.log, title, e),
    isCancellation,
  });
}
