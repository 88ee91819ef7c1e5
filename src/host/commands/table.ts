// Every command of product.md, once: id → spec (commands/runCommand.ts). The mapped type makes each CommandId
// have exactly one entry, so the ids activation registers (shell/commandStubs.ts) and the table cannot disagree.
// This file and the command files live in the lazily loaded dist/features.js.
import * as vscode from 'vscode';
import { COMMANDS, type CommandId } from '../../shared/ids.js';
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

export const COMMAND_TABLE: { readonly [Id in CommandId]: HostCommand } = {
  [COMMANDS.signIn]: signIn.command,
  [COMMANDS.signOut]: signOut.command,
  [COMMANDS.switchProfile]: switchProfile.command,
  [COMMANDS.addVoiceInstance]: addVoiceInstance.command,
  [COMMANDS.removeVoiceInstance]: removeVoiceInstance.command,
  [COMMANDS.openMonthView]: openMonthView.command,
  [COMMANDS.openTrend]: openTrend.command,
  [COMMANDS.openAccountOverview]: openAccountOverview.command,
  [COMMANDS.showDayActivities]: showDayActivities.command,
  [COMMANDS.exportMonth]: exportMonth.command,
  [COMMANDS.sendSms]: sendSms.command,
  [COMMANDS.refresh]: refresh.command,
  [COMMANDS.refreshBalance]: refreshBalance.command,
  [COMMANDS.copyAsCurl]: copyAsCurl.command,
  [COMMANDS.copyAsCode]: copyAsCode.command,
  [COMMANDS.showRawAnswer]: showRawAnswer.command,
  [COMMANDS.startDemo]: startDemo.command,
  [COMMANDS.stopDemo]: stopDemo.command,
  [COMMANDS.showLog]: showLog.command,
  [COMMANDS.checkConnection]: checkConnection.command,
  [COMMANDS.copyId]: copyId.command,
  [COMMANDS.resendSms]: smsHistory.resendSms,
  [COMMANDS.copySmsMessageId]: smsHistory.copySmsMessageId,
  [COMMANDS.clearSmsHistory]: smsHistory.clearSmsHistory,
  [COMMANDS.clearStoredMonths]: clearStoredMonths.command,
  [COMMANDS.setUpMcpServer]: setUpMcpServer.command,
  [COMMANDS.startWatching]: startWatching.command,
  [COMMANDS.stopWatching]: stopWatching.command,
};

/** The ids that have an entry (test/integration/commandTable.test.ts checks package.json against them). */
export function commandTableIds(): string[] {
  return Object.keys(COMMAND_TABLE);
}

/** Runs command `id` with the first argument the editor passed, failures shown through showError. */
export function runTableCommand(ctx: vscode.ExtensionContext, services: HostServices, id: CommandId, raw: unknown): Promise<unknown> {
  return runCommand(COMMAND_TABLE[id], services, ctx, raw, {
    show: (title, e) => void showError(services.log, title, e),
    isCancellation,
  });
}
