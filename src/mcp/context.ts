// What every tool needs: the client built from the environment (or the sentence saying why there is
// none) and whether sending was enabled on the command line.
import type { VoiceSmsClient } from '../core/index.js';
import type { McpSettings } from './config.js';
import type { SettingNames } from './settingNames.js';

export interface Connection {
  client: VoiceSmsClient;
  settings: McpSettings;
  /** Named in results and in the send confirmation. */
  profile: string;
  /** The base URL's host, shown with the profile. */
  host: string;
}

export interface ServerContext {
  connection: Connection | { problem: string };
  allowSend: boolean;
  /** How texts name a setting: its VOICESMS_* variable, or the bundle's field title. */
  names: SettingNames;
  /** Messages the user may be asked to confirm per rolling hour and profile (--max-sends-per-hour). */
  maxSendsPerHour: number;
  /** Where the count of the last hour is kept across restarts (sendLog.ts); absent: in this process only (--demo). */
  sendStateFolder?: string;
}
