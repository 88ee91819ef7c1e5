// The names the product ships and never changes. Tests check the shipped extension against this list, so losing or
// renaming a command or view fails the suite.
export const EXTENSION_ID = 'vstk.voice-sms-toolkit';
export const COMMAND_CATEGORY = 'Voice & SMS';
export const VIEW_CONTAINER_ID = 'voiceSms';
export const VIEW_CONTAINER_TITLE = 'Voice & SMS';
/** The LogOutputChannel's name (also the Output view's picker entry). */
export const LOG_CHANNEL_NAME = 'Voice & SMS';

export const COMMAND_IDS = [
  'voiceSms.signIn',
  'voiceSms.signOut',
  'voiceSms.switchProfile',
  'voiceSms.addVoiceInstance',
  'voiceSms.removeVoiceInstance',
  'voiceSms.openMonthView',
  'voiceSms.openTrend',
  'voiceSms.showDayActivities',
  'voiceSms.exportMonth',
  'voiceSms.sendSms',
  'voiceSms.refresh',
  'voiceSms.refreshBalance',
  'voiceSms.copyAsCurl',
  'voiceSms.copyAsCode',
  'voiceSms.startDemo',
  'voiceSms.stopDemo',
  'voiceSms.showLog',
  'voiceSms.checkConnection',
  'voiceSms.setUpMcpServer',
] as const;

export const VIEW_IDS = ['voiceSms.instances', 'voiceSms.account', 'voiceSms.smsHistory'] as const;
