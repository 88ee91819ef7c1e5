// Every command of product.md, registered at activation. One entry per command: a file exporting
// `register`, or `pending(id)` until its feature exists.
import * as vscode from 'vscode';
import { COMMANDS, type CommandId } from '../../shared/ids.js';
import type { HostServices } from '../services.js';
import { pending } from './pending.js';
import * as refresh from './refresh.js';
import type { RegisterCommand } from './register.js';
import * as showLog from './showLog.js';

const REGISTRARS: Record<CommandId, RegisterCommand> = {
  [COMMANDS.signIn]: pending(COMMANDS.signIn),
  [COMMANDS.signOut]: pending(COMMANDS.signOut),
  [COMMANDS.switchProfile]: pending(COMMANDS.switchProfile),
  [COMMANDS.addVoiceInstance]: pending(COMMANDS.addVoiceInstance),
  [COMMANDS.removeVoiceInstance]: pending(COMMANDS.removeVoiceInstance),
  [COMMANDS.openMonthView]: pending(COMMANDS.openMonthView),
  [COMMANDS.openTrend]: pending(COMMANDS.openTrend),
  [COMMANDS.showDayActivities]: pending(COMMANDS.showDayActivities),
  [COMMANDS.exportMonth]: pending(COMMANDS.exportMonth),
  [COMMANDS.sendSms]: pending(COMMANDS.sendSms),
  [COMMANDS.refresh]: refresh.register,
  [COMMANDS.refreshBalance]: pending(COMMANDS.refreshBalance),
  [COMMANDS.copyAsCurl]: pending(COMMANDS.copyAsCurl),
  [COMMANDS.startDemo]: pending(COMMANDS.startDemo),
  [COMMANDS.stopDemo]: pending(COMMANDS.stopDemo),
  [COMMANDS.showLog]: showLog.register,
};

export function registerCommands(ctx: vscode.ExtensionContext, services: HostServices): void {
  for (const register of Object.values(REGISTRARS)) register(ctx, services);
}
