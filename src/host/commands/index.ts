// Every command of product.md: one entry per command, a file exporting `register`. This table lives
// in dist/features.js; activation registers each id with a stub that loads it (commands/lazy.ts).
import type * as vscode from 'vscode';
import { COMMANDS, type CommandId } from '../../shared/ids.js';
import type { HostServices } from '../services.js';
import * as addVoiceInstance from './addVoiceInstance.js';
import * as checkConnection from './checkConnection.js';
import * as copyAsCurl from './copyAsCurl.js';
import * as copyId from './copyId.js';
import * as exportMonth from './exportMonth.js';
import * as openMonthView from './openMonthView.js';
import * as openTrend from './openTrend.js';
import * as refresh from './refresh.js';
import * as refreshBalance from './refreshBalance.js';
import * as removeVoiceInstance from './removeVoiceInstance.js';
import { registeredHandler, type CommandHandler, type RegisterCommand } from './register.js';
import * as sendSms from '../sms/sendSms.js';
import * as setUpMcpServer from './setUpMcpServer.js';
import * as showDayActivities from './showDayActivities.js';
import * as showLog from './showLog.js';
import * as signIn from './signIn.js';
import * as showRawAnswer from './showRawAnswer.js';
import * as signOut from './signOut.js';
import * as smsHistory from './smsHistoryCommands.js';
import * as startDemo from './startDemo.js';
import * as stopDemo from './stopDemo.js';
import * as switchProfile from './switchProfile.js';

const REGISTRARS: Record<CommandId, RegisterCommand> = {
  [COMMANDS.signIn]: signIn.register,
  [COMMANDS.signOut]: signOut.register,
  [COMMANDS.switchProfile]: switchProfile.register,
  [COMMANDS.addVoiceInstance]: addVoiceInstance.register,
  [COMMANDS.removeVoiceInstance]: removeVoiceInstance.register,
  [COMMANDS.openMonthView]: openMonthView.register,
  [COMMANDS.openTrend]: openTrend.register,
  [COMMANDS.showDayActivities]: showDayActivities.register,
  [COMMANDS.exportMonth]: exportMonth.register,
  [COMMANDS.sendSms]: sendSms.register,
  [COMMANDS.refresh]: refresh.register,
  [COMMANDS.refreshBalance]: refreshBalance.register,
  [COMMANDS.copyAsCurl]: copyAsCurl.register,
  [COMMANDS.showRawAnswer]: showRawAnswer.register,
  [COMMANDS.startDemo]: startDemo.register,
  [COMMANDS.stopDemo]: stopDemo.register,
  [COMMANDS.showLog]: showLog.register,
  [COMMANDS.checkConnection]: checkConnection.register,
  [COMMANDS.copyId]: copyId.register,
  [COMMANDS.resendSms]: smsHistory.registerResend,
  [COMMANDS.copySmsMessageId]: smsHistory.registerCopyMessageId,
  [COMMANDS.clearSmsHistory]: smsHistory.registerClear,
  [COMMANDS.setUpMcpServer]: setUpMcpServer.register,
};

let registered = false;

/** The handler of `id`; the first call runs every registrar once. */
export function commandHandler(ctx: vscode.ExtensionContext, services: HostServices, id: CommandId): CommandHandler | undefined {
  if (!registered) {
    registered = true;
    for (const register of Object.values(REGISTRARS)) register(ctx, services);
  }
  return registeredHandler(id);
}
