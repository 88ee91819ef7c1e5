// Every name the manifest (package.json) and the code share, spelled once. test/integration/contract.ts holds the shipped ones as the tests' contract;
// test/unit/shared/manifest.test.ts checks package.json against this file.

export const EXTENSION_ID = 'vstk.voice-sms-toolkit';
export const COMMAND_CATEGORY = 'Voice & SMS';
export const LOG_CHANNEL_NAME = 'Voice & SMS';

/**
 * The shipped command ids: never renamed (keybindings, links, other extensions and tests call them), and the
 * names the rest of the code calls commands by. Each is `voiceSms.<key>` with `<key>` its entry in the command
 * table (host/commands/table.ts), which must hold every one of them and may hold more: a new command is its spec
 * file and a table line, and needs a line here only once other code calls it.
 */
export const COMMANDS = {
  signIn: 'voiceSms.signIn',
  signOut: 'voiceSms.signOut',
  switchProfile: 'voiceSms.switchProfile',
  addVoiceInstance: 'voiceSms.addVoiceInstance',
  removeVoiceInstance: 'voiceSms.removeVoiceInstance',
  openMonthView: 'voiceSms.openMonthView',
  openTrend: 'voiceSms.openTrend',
  /** Every voice instance of the active profile for one month (args optional: { monthId }). */
  openAccountOverview: 'voiceSms.openAccountOverview',
  showDayActivities: 'voiceSms.showDayActivities',
  exportMonth: 'voiceSms.exportMonth',
  sendSms: 'voiceSms.sendSms',
  refresh: 'voiceSms.refresh',
  refreshBalance: 'voiceSms.refreshBalance',
  copyAsCurl: 'voiceSms.copyAsCurl',
  /** The same request as Copy as cURL, written in a language picked from shared/requestCode/languages.ts. */
  copyAsCode: 'voiceSms.copyAsCode',
  /** The exact XML of a month view or the balance, in a read-only XML editor. */
  showRawAnswer: 'voiceSms.showRawAnswer',
  startDemo: 'voiceSms.startDemo',
  stopDemo: 'voiceSms.stopDemo',
  showLog: 'voiceSms.showLog',
  /** One report of proxy, TLS trust, auth, clock skew, round trip and service for the active profile. */
  checkConnection: 'voiceSms.checkConnection',
  /** Context menus of tree rows: copies the row's instance or month id (hidden from the palette). */
  copyId: 'voiceSms.copyId',
  /** Sent SMS view: send an entry's message again (after confirmation); hidden from the palette. */
  resendSms: 'voiceSms.resendSms',
  /** Sent SMS view: copy an entry's message id; hidden from the palette. */
  copySmsMessageId: 'voiceSms.copySmsMessageId',
  /** Sent SMS view title: forget the active profile's history. */
  clearSmsHistory: 'voiceSms.clearSmsHistory',
  /** Deletes every finished month kept on disk (all profiles). */
  clearStoredMonths: 'voiceSms.clearStoredMonths',
  /** Shows and copies the configuration another agent needs to run dist/mcp.js (the MCP server). */
  setUpMcpServer: 'voiceSms.setUpMcpServer',
  /** Reads today's figures of up to 10 instances again on an interval while the window is focused (args optional: { instanceIds }). */
  startWatching: 'voiceSms.startWatching',
  stopWatching: 'voiceSms.stopWatching',
  /** Stops watching one instance ({ instanceId }); the watch ends with its last. The status bar's tooltip links it. */
  unwatchInstance: 'voiceSms.unwatchInstance',
  /** The watch's status-bar item: today's month view of a watched instance, picked when several are watched. */
  openWatchedInstance: 'voiceSms.openWatchedInstance',
} as const;

/** A command's id from its key in the command table: `voiceSms.<key>`, as every id of COMMANDS. */
export function commandId(key: string): string {
  return `voiceSms.${key}`;
}

export const VIEW_CONTAINER_ID = 'voiceSms';
export const VIEWS = {
  instances: 'voiceSms.instances',
  account: 'voiceSms.account',
  smsHistory: 'voiceSms.smsHistory',
} as const;
export type ViewId = (typeof VIEWS)[keyof typeof VIEWS];

/** Keys the host sets with `setContext`; `when` clauses in package.json read them. */
export const CONTEXT_KEYS = {
  signedIn: 'voiceSms.signedIn',
  hasInstances: 'voiceSms.hasInstances',
  hasHistory: 'voiceSms.hasHistory',
  demoActive: 'voiceSms.demoActive',
  /** A watch runs in this window (voiceSms.startWatching). */
  watching: 'voiceSms.watching',
} as const;
export type ContextKey = (typeof CONTEXT_KEYS)[keyof typeof CONTEXT_KEYS];

/** `TreeItem.contextValue`s that `view/item/context` menus match on. */
export const TREE_ITEM_KINDS = {
  instance: 'voiceSms.instance',
  month: 'voiceSms.month',
  sentSms: 'voiceSms.sentSms',
  /** The Account view's balance row once an answer arrived (Show Raw Answer). */
  balance: 'voiceSms.balance',
  /** A row that failed to load; its click and inline action retry. */
  error: 'voiceSms.error',
} as const;

/** The configuration section; setting keys below are relative to it. */
/** The profile the offline demo adds (and removes again); also written by `npm start`. */
export const DEMO_PROFILE_NAME = 'Demo (offline)';
/** Development only: a fixed loopback port for the demo's simulator (`npm start` sets it). */
export const DEMO_PORT_ENV = 'VOICESMS_DEMO_PORT';
/**
 * Development only: the token the demo simulator's /__sim control endpoints require (`npm start` and the e2e
 * runner set it). Without it the demo uses a random token nobody knows: the endpoints are effectively off.
 */
export const DEMO_CONTROL_TOKEN_ENV = 'VOICESMS_DEMO_CONTROL_TOKEN';
/**
 * End-to-end tests only: seconds within which a watch last alive counts as left by a window reload (the e2e runner
 * sets 0, so its second window asks Resume / Not now as a folder reopened days later does). Can only shorten it.
 */
export const WATCH_RELOAD_GRACE_ENV = 'VOICESMS_WATCH_RELOAD_GRACE_SECONDS';

export const SETTINGS_SECTION = 'voiceSms';
export const SETTINGS = {
  profiles: 'profiles',
  activeProfile: 'activeProfile',
  workspaceInstances: 'workspaceInstances',
  requestTimeoutSeconds: 'requestTimeoutSeconds',
  maxConcurrentRequests: 'maxConcurrentRequests',
  monthsInTree: 'monthsInTree',
  lowBalanceThreshold: 'lowBalanceThreshold',
  statusBarShowBalance: 'statusBar.showBalance',
  smsDefaultRegion: 'sms.defaultRegion',
  smsMaxSegments: 'sms.maxSegments',
  smsConfirmBeforeSend: 'sms.confirmBeforeSend',
  authScheme: 'auth.scheme',
  authForm: 'auth.form',
  authSignature: 'auth.signature',
  /** A PEM file of extra trusted CA certificates (a company's TLS-inspecting proxy); machine-scoped. */
  tlsCaFile: 'tls.caFile',
  storeFinishedMonths: 'storeFinishedMonths',
  storedMonthsLimit: 'storedMonthsLimit',
  /** Show month-end projections everywhere (on by default). */
  forecastShow: 'forecast.show',
  /** How often a watch reads today's figures (seconds, at least 10); application-scoped. */
  watchIntervalSeconds: 'watch.intervalSeconds',
  /** How often a running watch reads the balance (minutes); application-scoped. */
  watchBalanceMinutes: 'watch.balanceMinutes',
  /** Alert when a watched instance's call legs today pass this (0 = off). */
  alertsCallLegsAbove: 'alerts.callLegsAbove',
  /** Alert when today is unusually high or low for the hour against the same weekday (off by default). */
  alertsUnusualDay: 'alerts.unusualDay',
  /** Alert when the balance falls to or below lowBalanceThreshold (on by default; its notification turns it off). */
  alertsLowBalance: 'alerts.lowBalance',
} as const;
export type SettingKey = (typeof SETTINGS)[keyof typeof SETTINGS];

export function fullSettingKey(key: SettingKey): string {
  return `${SETTINGS_SECTION}.${key}`;
}

/**
 * Window/resource settings a folder could use to change which instances are queried, how many
 * requests a refresh makes or what an SMS costs: their workspace values count only once the folder
 * is trusted (package.json `capabilities.untrustedWorkspaces.restrictedConfigurations`).
 */
// sms.defaultRegion and sms.maxSegments are application-scoped, so no folder can set them at all.
export const RESTRICTED_SETTINGS = [SETTINGS.workspaceInstances, SETTINGS.monthsInTree] as const;

/** SecretStorage key of one profile's credentials (JSON `{ accessKeyId, secretAccessKey }`). */
const SECRET_PREFIX = 'voiceSms.profile.';
export function profileSecretKey(profileName: string): string {
  return SECRET_PREFIX + profileName;
}
/** The profile a SecretStorage key belongs to, or undefined for keys that are not ours. */
export function profileFromSecretKey(key: string): string | undefined {
  return key.startsWith(SECRET_PREFIX) ? key.slice(SECRET_PREFIX.length) : undefined;
}
