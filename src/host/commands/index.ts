// Every command of product.md, registered at activation. One entry per command: a file exporting
// `register`.
import * as vscode from 'vscode';
import { COMMANDS, type CommandId } from '../../shared/ids.js';
import type { HostServices } from '../services.js';
import * as addVoiceInstance from './addVoiceInstance.js';
import * as copyAsCurl from './copyAsCurl.js';
import * as copyId from './copyId.js';
import * as exportMonth from './exportMonth.js';
import * as openMonthView from './openMonthView.js';
import * as openTrend from './openTrend.js';
import * as refresh from './refresh.js';
import * as refreshBalance from './refreshBalance.js';
import * as removeVoiceInstance from './removeVoiceInstance.js';
import type { RegisterCommand } from './register.js';
import * as sendSms from './sendSms.js';
import * as showDayActivities from './showDayActivities.js';
import * as showLog from './showLog.js';
import * as signIn from './signIn.js';
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
  [COMMANDS.startDemo]: startDemo.register,
  [COMMANDS.stopDemo]: stopDemo.register,
  [COMMANDS.showLog]: showLog.register,
  [COMMANDS.copyId]: copyId.register,
  [COMMANDS.resendSms]: smsHistory.registerResend,
  [COMMANDS.copySmsMessageId]: smsHistory.registerCopyMessageId,
  [COMMANDS.clearSmsHistory]: smsHistory.registerClear,
};

export function registerCommands(ctx: vscode.ExtensionContext, services: HostServices): void {
  for (const register of Object.values(REGISTRARS)) register(ctx, services);
}
